//! Reading PGN text: a builder that plays the lexer's tokens into a
//! [`Record`], keeping variations on a stack of saved lines, for either
//! game ([`RecordBoard`] reads each move word).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::lexer::{split_glyph, Lexer, Token};
use super::{NodeId, ProblemKind, ReadError, Record, RecordBoard};
use crate::Excerpt;

/// What happens to moves in the line being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// They are played.
    Playing,
    /// A move of this line failed (problem `index`); later ones are
    /// counted as dropped. `just_failed`: the failed move was the last
    /// move token, so a variation opened now is an alternative to it and
    /// can be played from here.
    Dropping { index: usize, just_failed: bool },
    /// Inside a variation that cannot be played at all; nothing counted.
    Skipping,
}

/// A line put aside while a variation is read.
struct Saved<B> {
    node: NodeId,
    position: B,
    before: Option<B>,
    ply: u32,
    flow: Flow,
}

/// How deep variations may nest before the deeper ones are left out
/// (with a [`ProblemKind::TooDeep`]): each open level keeps two positions
/// (about 570 bytes) while it is read, and real records nest a handful
/// deep, so this bounds what a hostile `((((…` takes (some 150 KB)
/// without touching any real file.
pub const MAX_VARIATION_DEPTH: usize = 256;

/// Plays tokens into a record.
struct Builder<B: RecordBoard> {
    record: Record<B>,
    node: NodeId,
    position: B,
    /// The position before `node`'s move, for a variation that replaces it.
    before: Option<B>,
    ply: u32,
    flow: Flow,
    saved: Vec<Saved<B>>,
    /// A comment met before the first move of a variation.
    pending: Option<String>,
    /// Variations open beyond [`MAX_VARIATION_DEPTH`]: their tokens are
    /// passed over until they close.
    too_deep: usize,
}

impl<B: RecordBoard> Builder<B> {
    fn new(record: Record<B>) -> Builder<B> {
        Builder {
            position: record.start.clone(),
            record,
            node: NodeId::ROOT,
            before: None,
            ply: 0,
            flow: Flow::Playing,
            saved: Vec::new(),
            pending: None,
            too_deep: 0,
        }
    }

    fn play(&mut self, word: &str) {
        let (text, nag) = split_glyph(word);
        match self.flow {
            Flow::Playing => {}
            Flow::Dropping { index, .. } => {
                if let Some(ProblemKind::BadMove { dropped, .. }) =
                    self.record.problems.get_mut(index).map(|p| &mut p.kind)
                {
                    *dropped += 1;
                }
                self.flow = Flow::Dropping {
                    index,
                    just_failed: false,
                };
                return;
            }
            Flow::Skipping => return,
        }
        match self.position.parse_movetext(text) {
            Ok(mv) => {
                let node = self.record.tree.push(self.node, mv);
                let after = self.position.play(mv);
                self.before = Some(core::mem::replace(&mut self.position, after));
                self.node = node;
                self.ply += 1;
                if let Some(comment) = self.pending.take() {
                    self.record.tree.append_comment(node, &comment);
                }
                if let Some(nag) = nag {
                    self.record.tree.add_nag(node, nag);
                }
            }
            Err(error) => {
                let kind = ProblemKind::BadMove { error, dropped: 0 };
                let problem = self
                    .record
                    .move_problem(self.ply + 1, self.saved.is_empty(), kind);
                self.record.problems.push(problem);
                self.pending = None;
                self.flow = Flow::Dropping {
                    index: self.record.problems.len() - 1,
                    just_failed: true,
                };
            }
        }
    }

    fn open(&mut self) {
        if self.too_deep > 0 || self.saved.len() >= MAX_VARIATION_DEPTH {
            if self.too_deep == 0 {
                let kind = ProblemKind::TooDeep {
                    limit: MAX_VARIATION_DEPTH,
                };
                let problem = self.record.move_problem(self.ply + 1, false, kind);
                self.record.problems.push(problem);
            }
            self.too_deep += 1;
            return;
        }
        self.saved.push(Saved {
            node: self.node,
            position: self.position.clone(),
            before: self.before.clone(),
            ply: self.ply,
            flow: self.flow,
        });
        match (self.flow, self.before.take()) {
            // An alternative to the last move: from the position before it.
            (Flow::Playing, Some(before)) => {
                self.node = self.record.tree.parent(self.node).unwrap_or(NodeId::ROOT);
                self.position = before;
                self.ply -= 1;
            }
            // An alternative to the move that just failed: from here.
            (
                Flow::Dropping {
                    just_failed: true, ..
                },
                _,
            ) => self.flow = Flow::Playing,
            // An alternative to a dropped move is dropped with it.
            (Flow::Dropping { index, .. }, _) => {
                self.flow = Flow::Dropping {
                    index,
                    just_failed: false,
                }
            }
            _ => self.flow = Flow::Skipping,
        }
        self.pending = None;
    }

    fn close(&mut self) {
        if self.too_deep > 0 {
            self.too_deep -= 1;
            return;
        }
        if let Some(saved) = self.saved.pop() {
            self.node = saved.node;
            self.position = saved.position;
            self.before = saved.before;
            self.ply = saved.ply;
            self.flow = saved.flow;
            if let Flow::Dropping { index, .. } = self.flow {
                self.flow = Flow::Dropping {
                    index,
                    just_failed: false,
                };
            }
        }
        self.pending = None;
    }

    fn comment(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() || self.flow != Flow::Playing {
            return;
        }
        let starts_variation = !self.saved.is_empty()
            && self
                .saved
                .last()
                .is_some_and(|saved| saved.ply == self.ply + 1)
            && self.before.is_none();
        if starts_variation {
            match &mut self.pending {
                Some(pending) => {
                    pending.push(' ');
                    pending.push_str(text);
                }
                None => self.pending = Some(text.to_string()),
            }
        } else {
            self.record.tree.append_comment(self.node, text);
        }
    }
}

/// The games of a PGN text, one at a time.
pub struct PgnGames<'a, B> {
    lexer: Lexer<'a>,
    game: core::marker::PhantomData<B>,
}

impl<'a, B> PgnGames<'a, B> {
    /// The games of `text`.
    pub fn new(text: &'a str) -> PgnGames<'a, B> {
        PgnGames {
            lexer: Lexer::new(text),
            game: core::marker::PhantomData,
        }
    }
}

impl<B: RecordBoard> Iterator for PgnGames<'_, B> {
    type Item = Result<Record<B>, ReadError<B::FenError>>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut tags = Vec::new();
        let first_of_movetext = loop {
            match self.lexer.next() {
                Some(Token::Tag(name, value)) => tags.push((name.to_string(), unescape(value))),
                None if tags.is_empty() => return None,
                other => break other,
            }
        };
        let fen = tags
            .iter()
            .find(|(name, _): &&(String, String)| name.eq_ignore_ascii_case("FEN"))
            .map(|(_, value)| value.as_str());
        let start = match fen {
            Some(fen) if !fen.trim().is_empty() => match B::from_fen(fen) {
                Ok(position) => position,
                Err(error) => {
                    self.lexer.skip_to_tags();
                    return Some(Err(ReadError::BadStart {
                        fen: Excerpt::new(fen),
                        error,
                    }));
                }
            },
            _ => B::start(),
        };
        let mut record = Record::new(start);
        record.tags = tags;
        let mut builder = Builder::new(record);
        let mut token = first_of_movetext;
        while let Some(current) = token {
            match current {
                Token::Tag(..) | Token::Skip => {}
                Token::Open => builder.open(),
                Token::Close => builder.close(),
                // Inside a variation too deep to keep, only its end counts.
                _ if builder.too_deep > 0 && !matches!(current, Token::Result(_)) => {}
                Token::Move(word) => builder.play(word),
                Token::Comment(text) => builder.comment(text),
                Token::Nag(nag) => {
                    if builder.flow == Flow::Playing && builder.node != NodeId::ROOT {
                        builder.record.tree.add_nag(builder.node, nag);
                    }
                }
                Token::Result(value) => {
                    if builder.record.tag("Result").is_none() {
                        builder.record.set_tag("Result", value);
                    }
                    self.lexer.skip_to_tags();
                    break;
                }
            }
            // A tag line after movetext starts the next game.
            if self.lexer.at_tag_line() {
                break;
            }
            token = self.lexer.next();
        }
        Some(Ok(builder.record))
    }
}

/// A tag value with PGN's `\"` and `\\` escapes undone.
fn unescape(value: &str) -> String {
    if !value.contains('\\') {
        return value.to_string();
    }
    let mut text = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => text.extend(chars.next()),
            other => text.push(other),
        }
    }
    text
}

/// Every game of a PGN text; the first game without a usable start is
/// the error (use [`PgnGames`] to read past it).
///
/// # Errors
///
/// The first game without a usable start (its [`ReadError`]).
pub fn read_pgn<B: RecordBoard>(text: &str) -> Result<Vec<Record<B>>, ReadError<B::FenError>> {
    PgnGames::new(text).collect()
}
