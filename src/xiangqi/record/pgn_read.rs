//! Reading PGN text: a lexer that cuts movetext into tokens, and a
//! builder that plays them into a [`Record`], keeping variations on a
//! stack of saved lines.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{MoveTree, NodeId, ProblemKind, ReadError, Record};
use crate::xiangqi::Position;
use crate::Excerpt;

/// One piece of PGN text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    /// `[Name "value"]` at the start of a line: name and raw value.
    Tag(&'a str, &'a str),
    /// `{…}` or `; …` (the text inside, untrimmed).
    Comment(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `$n` or a glyph standing alone.
    Nag(u8),
    /// A result (its tag value).
    Result(&'static str),
    /// A move as written, move number taken off.
    Move(&'a str),
    /// Nothing to play: a move number standing alone, a stray `}`.
    Skip,
}

/// The numeric annotation glyph of `!`, `?` and their pairs.
fn glyph_nag(glyph: &str) -> Option<u8> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

pub(super) fn result_value(word: &str) -> Option<&'static str> {
    Some(match word {
        "1-0" | "红胜" | "紅勝" => "1-0",
        "0-1" | "黑胜" | "黑勝" => "0-1",
        "1/2-1/2" | "½-½" | "和棋" => "1/2-1/2",
        "*" => "*",
        _ => return None,
    })
}

/// Splits a word into its move and the glyph after it (`炮二平五!?`).
fn split_glyph(word: &str) -> (&str, Option<u8>) {
    let body = word.trim_end_matches(['!', '?']);
    let glyph = &word[body.len()..];
    (body, glyph_nag(glyph))
}

/// The ideographic space (U+3000) that Chinese texts put between moves.
const WIDE_SPACE: &[u8] = "\u{3000}".as_bytes();

/// Cuts PGN text into tokens.
struct Lexer<'a> {
    text: &'a str,
    at: usize,
    /// Whether only spaces stand between the last line break and `at`.
    line_start: bool,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            line_start: true,
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn rest_of_line(&mut self) -> &'a str {
        let start = self.at;
        let end = self.bytes()[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.text.len(), |n| start + n);
        self.at = end;
        &self.text[start..end]
    }

    /// Skips blanks; `true` if a tag line starts here.
    fn skip_space(&mut self) -> bool {
        let bytes = self.bytes();
        while let Some(&byte) = bytes.get(self.at) {
            match byte {
                b'\n' => {
                    self.line_start = true;
                    self.at += 1;
                }
                b' ' | b'\t' | b'\r' | 0x0c | 0x0b => self.at += 1,
                0xe3 if bytes[self.at..].starts_with(WIDE_SPACE) => self.at += WIDE_SPACE.len(),
                b'%' if self.line_start => {
                    // An escape line, for other programs.
                    self.rest_of_line();
                }
                _ => return self.line_start && byte == b'[',
            }
        }
        false
    }

    /// Whether the next token is a tag line (which starts a new game).
    fn at_tag_line(&mut self) -> bool {
        self.skip_space()
    }

    /// Skips to the next line that starts with a tag (after a result).
    fn skip_to_tags(&mut self) {
        loop {
            if self.skip_space() || self.at >= self.text.len() {
                return;
            }
            self.rest_of_line();
        }
    }

    fn tag(&mut self) -> Token<'a> {
        let line = self.rest_of_line();
        let inner = line.trim().trim_start_matches('[');
        let inner = inner.strip_suffix(']').unwrap_or(inner);
        let (name, value) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
        let value = value.trim();
        let value = value.strip_prefix('"').unwrap_or(value);
        let value = value.strip_suffix('"').unwrap_or(value);
        Token::Tag(name, value)
    }

    fn next(&mut self) -> Option<Token<'a>> {
        let tag_line = self.skip_space();
        let bytes = self.bytes();
        let &byte = bytes.get(self.at)?;
        if tag_line {
            return Some(self.tag());
        }
        self.line_start = false;
        let start = self.at;
        match byte {
            b'{' => {
                let end = bytes[start..]
                    .iter()
                    .position(|&b| b == b'}')
                    .map_or(self.text.len(), |n| start + n);
                self.at = (end + 1).min(self.text.len());
                return Some(Token::Comment(&self.text[start + 1..end]));
            }
            b';' => {
                self.at += 1;
                return Some(Token::Comment(self.rest_of_line()));
            }
            b'(' => {
                self.at += 1;
                return Some(Token::Open);
            }
            b')' => {
                self.at += 1;
                return Some(Token::Close);
            }
            b'}' => {
                // A brace closing no comment: nothing to read in it.
                self.at += 1;
                return Some(Token::Skip);
            }
            _ => {}
        }
        let length = bytes[start..]
            .iter()
            .enumerate()
            .position(|(i, &b)| {
                matches!(
                    b,
                    b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'}' | b'(' | b')' | b';'
                ) || (b == 0xe3 && bytes[start + i..].starts_with(WIDE_SPACE))
            })
            .unwrap_or(bytes.len() - start);
        self.at = start + length;
        let word = &self.text[start..start + length];
        Some(Self::classify(word))
    }

    fn classify(word: &'a str) -> Token<'a> {
        if let Some(nag) = word.strip_prefix('$') {
            return nag.parse().map_or(Token::Move(word), Token::Nag);
        }
        if let Some(value) = result_value(word) {
            return Token::Result(value);
        }
        if let Some(nag) = glyph_nag(word) {
            return Token::Nag(nag);
        }
        // A move number: digits and dots. What follows the dots is the move
        // unless it is a digit, as in the WXF move `77.6`.
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let after = word[digits..].trim_start_matches(['.', '．']);
            if after.len() < word.len() - digits
                && !after.as_bytes().first().is_some_and(u8::is_ascii_digit)
            {
                return if after.is_empty() {
                    Token::Skip
                } else {
                    Token::Move(after)
                };
            }
        }
        Token::Move(word)
    }
}

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
struct Saved {
    node: NodeId,
    position: Position,
    before: Option<Position>,
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
struct Builder {
    record: Record,
    node: NodeId,
    position: Position,
    /// The position before `node`'s move, for a variation that replaces it.
    before: Option<Position>,
    ply: u32,
    flow: Flow,
    saved: Vec<Saved>,
    /// A comment met before the first move of a variation.
    pending: Option<String>,
    /// Variations open beyond [`MAX_VARIATION_DEPTH`]: their tokens are
    /// passed over until they close.
    too_deep: usize,
}

impl Builder {
    fn new(record: Record) -> Builder {
        Builder {
            position: record.start.clone(),
            record,
            node: MoveTree::ROOT,
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
        match self.position.parse_any_notation(text) {
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
                self.node = self.record.tree.parent(self.node).unwrap_or(MoveTree::ROOT);
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
pub struct PgnGames<'a> {
    lexer: Lexer<'a>,
}

impl<'a> PgnGames<'a> {
    /// The games of `text`.
    pub fn new(text: &'a str) -> PgnGames<'a> {
        PgnGames {
            lexer: Lexer::new(text),
        }
    }
}

impl Iterator for PgnGames<'_> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Result<Record, ReadError>> {
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
            Some(fen) if !fen.trim().is_empty() => match Position::from_fen(fen) {
                Ok(position) => position,
                Err(error) => {
                    self.lexer.skip_to_tags();
                    return Some(Err(ReadError::BadStart {
                        fen: Excerpt::new(fen),
                        error,
                    }));
                }
            },
            _ => Position::start(),
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
                    if builder.flow == Flow::Playing && builder.node != MoveTree::ROOT {
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
pub fn read_pgn(text: &str) -> Result<Vec<Record>, ReadError> {
    PgnGames::new(text).collect()
}
