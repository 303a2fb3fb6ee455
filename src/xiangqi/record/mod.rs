//! Xiangqi game records (feature `record`): PGN read and written, XQF
//! read, both into a [`Record`] — tags, a start position and a
//! [`MoveTree`] of the main line and its variations with comments.
//!
//! ```
//! use qiboard::xiangqi::record::{self, Record};
//! use qiboard::xiangqi::Notation;
//!
//! let pgn = "[Game \"Chinese Chess\"]\n1. 炮二平五 {central cannon} 马８进７ (1... 炮８平５) 2. 马二进三 *";
//! let records = record::read(pgn.as_bytes())?;
//! let game: &Record = &records[0];
//! assert_eq!(game.to_ucci(), format!("{}\nh2e2 h9g7 h0g2\n", qiboard::xiangqi::Position::START_FEN));
//! assert_eq!(game.tree().line_count(), 2);
//! let again = record::read(game.to_pgn(Notation::Wxf).as_bytes())?;
//! assert_eq!(again[0].tree(), game.tree());
//! # Ok::<(), record::ReadError>(())
//! ```
//!
//! # Reading
//!
//! [`read`] takes a file's bytes and finds the format from them: XQF by
//! its `XQ` signature, anything else as PGN text in UTF-8, UTF-16 (with a
//! byte-order mark) or GB18030 (see [`text::decode`]). A PGN file may hold
//! many games.
//!
//! * **PGN**: tag pairs (`[Game "Chinese Chess"]`, `[Variant "xiangqi"]`,
//!   `[FEN "…"]` with two to six fields, any others kept as they are);
//!   moves in ICCS/UCCI, WXF or Chinese, mixed freely (each move's
//!   notation is recognised from its text, whatever `[Format]` says); move
//!   numbers (`1.`, `1...`, glued or not); comments `{…}` and `; …`;
//!   variations `( … )` nested to any depth; NAGs `$n` and glyphs `!` `?`
//!   `!!` `??` `!?` `?!`; results `1-0` `0-1` `1/2-1/2` `*` and 红胜 黑胜
//!   和棋. Text after a result up to the next tag line (XQ Wizard's
//!   footers) is skipped. A comment written before the first move of a
//!   variation is kept on that move; several comments in a row are joined
//!   with a space.
//! * **XQF** (XQStudio), every version in circulation: 1.0 (0x0A) as is,
//!   0x0B and later with their keys undone, 0x0C and later with the
//!   piece table unshuffled too. Header strings and comments are GB18030.
//!   The side to move is taken from the first move (many endgame files
//!   say Red in the header when Black moves first), from the header only
//!   when there is no move.
//!
//! A move that cannot be played — illegal, from an empty square, by the
//! side not to move, or text that names no single legal move — does not
//! stop the reading: it becomes a [`Problem`] with its ply and move
//! number, and what came before it, and every other line, are kept. What
//! follows it depends on the format:
//!
//! * in PGN, the moves after it in its line are left out (they were
//!   written for a position that never arose) and counted in the problem;
//! * in XQF, the records after it are read from the position before it,
//!   the way XQStudio and cchess read these files: stray records (a move
//!   recorded twice, from a square already left) then cost only
//!   themselves, and every record that is no legal move is named.
//!
//! Only a file with no usable start is a [`ReadError`].
//!
//! # Writing
//!
//! [`Record::to_pgn`] writes PGN in the notation asked for (`[Game
//! "Chinese Chess"]` first, `[FEN]` when the start is not the standard
//! one, `[Format]` naming the notation), with every comment, NAG and
//! variation; [`text::encode`] turns it into GB18030 bytes for programs
//! that want them. PGN has no escape inside comments, so a `}` in a
//! comment is written as the full-width `｝`. [`Record::to_ucci`] writes
//! the start FEN and the main line.

mod pgn_read;
mod pgn_write;
#[cfg(feature = "std")]
mod stream;
pub mod text;
mod tree;
mod xqf;

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

pub use pgn_read::{read_pgn, PgnGames, MAX_VARIATION_DEPTH};
#[cfg(feature = "std")]
pub use stream::{Records, MAX_RECORD_BYTES};
pub use text::TextEncoding;
pub use tree::{Children, MoveTree, NodeId};
pub use xqf::read_xqf;

use super::{Color, FenError, Game, GameError, Move, NotationError, Position, Reason};
use crate::Excerpt;

/// A game record: tag pairs, a start position and the tree of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    tags: Vec<(String, String)>,
    start: Position,
    tree: MoveTree,
    problems: Vec<Problem>,
}

/// Something in a file that could not be read as written. The record
/// holds everything else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The ply of the move concerned, 1 for the first move of the record;
    /// 0 when the problem is with the record as a whole.
    pub ply: u32,
    /// The move number of that ply, counted from the start position's.
    pub move_number: u32,
    /// Who was to make that move.
    pub side: Color,
    /// Whether the move was on the main line (which now ends before it).
    pub main_line: bool,
    /// What went wrong.
    pub kind: ProblemKind,
}

/// What went wrong while reading a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// A move that could not be played: it and the `dropped` moves after
    /// it in its line (variations of those included) were left out.
    BadMove {
        /// Why it could not be played; its `text` is the move as written
        /// (XQF moves in UCCI).
        error: NotationError,
        /// How many moves after it were left out.
        dropped: u32,
    },
    /// An XQF record that is no legal move (from an empty square, by the
    /// side not to move, illegal): it was skipped, and the records after
    /// it were read from the position before it.
    Skipped {
        /// The record, in UCCI, and why it is no move.
        error: NotationError,
    },
    /// An XQF header naming the other side to move than the first move's
    /// piece; the first move was believed.
    SideToMove {
        /// The side the header names.
        header: Color,
    },
    /// The data ends inside a move record or comment.
    Truncated,
    /// Some bytes of the text did not decode and became U+FFFD.
    Encoding,
    /// A variation nested deeper than `limit` levels: it and everything
    /// inside it were left out.
    TooDeep {
        /// The deepest nesting kept.
        limit: usize,
    },
}

impl ProblemKind {
    /// Whether the problem only says how something was read, with nothing
    /// of the record lost: a header naming the wrong side to move (the
    /// first move was believed), bytes that did not decode (text in
    /// comments or tags; a move they spoiled is a problem of its own).
    /// The command line reports these as warnings.
    pub const fn is_warning(&self) -> bool {
        matches!(self, ProblemKind::SideToMove { .. } | ProblemKind::Encoding)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ply > 0 {
            let line = if self.main_line {
                "main line"
            } else {
                "variation"
            };
            write!(
                f,
                "ply {} (move {}, {}, {line}): ",
                self.ply, self.move_number, self.side
            )?;
        }
        match &self.kind {
            ProblemKind::BadMove { error, dropped } => {
                write!(f, "{error}")?;
                if *dropped > 0 {
                    write!(f, "; the {dropped} moves after it are left out")?;
                }
                Ok(())
            }
            ProblemKind::Skipped { error } => write!(
                f,
                "{error}; skipped, the moves after it read from the position before it"
            ),
            ProblemKind::SideToMove { header } => write!(
                f,
                "the header says {header} moves first, but the first move is {}'s",
                !*header
            ),
            ProblemKind::Truncated => f.write_str("the data ends inside a move record"),
            ProblemKind::Encoding => {
                f.write_str("some bytes did not decode and were replaced by U+FFFD")
            }
            ProblemKind::TooDeep { limit } => write!(
                f,
                "a variation nested deeper than {limit} levels was left out"
            ),
        }
    }
}

/// Why a file (or, in a collection, one game) gave no record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadError {
    /// A format this crate does not read (CBR, CBF), named.
    Unsupported(&'static str),
    /// Not an XQF file, or one too short to hold its header.
    NotXqf(&'static str),
    /// The start position is not a legal xiangqi position.
    BadStart {
        /// The start as FEN (for XQF, built from its piece table), or its
        /// first bytes.
        fen: Excerpt,
        /// What is wrong with it.
        error: FenError,
    },
    /// Nothing to read: the input holds no record.
    Empty,
    /// The bytes are not text (they hold NUL bytes) and not XQF.
    NotText,
    /// One record's text is larger than the reader's limit; it was passed
    /// over, to the next game.
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Reading the input failed; the message is the system's.
    Io(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Unsupported(format) => {
                write!(f, "{format} files are not read (XQF and PGN are)")
            }
            ReadError::NotXqf(why) => write!(f, "not an XQF file: {why}"),
            ReadError::BadStart { fen, error } => write!(f, "bad start position {fen:?}: {error}"),
            ReadError::Empty => f.write_str("the input holds no record"),
            ReadError::NotText => {
                f.write_str("not a record: the bytes hold NUL characters (neither text nor XQF)")
            }
            ReadError::TooLarge { limit } => write!(
                f,
                "a record larger than {} MiB was passed over",
                limit >> 20
            ),
            ReadError::Io(why) => write!(f, "cannot read the input: {why}"),
        }
    }
}

impl core::error::Error for ReadError {}

/// Every record in a file: one for XQF, one per game for PGN. The format
/// is found from the bytes (see the [module page](self)); bytes holding no
/// record are [`ReadError::Empty`]. The records are all kept in memory:
/// read a large collection with `Records` (feature `std`), one game at a
/// time.
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, ReadError> {
    if bytes.starts_with(b"XQ") {
        return read_xqf(bytes).map(|record| alloc::vec![record]);
    }
    if bytes.starts_with(b"CCBridge") {
        return Err(ReadError::Unsupported("CBR/CBL (CCBridge)"));
    }
    let decoded = text::decode(bytes);
    if decoded.text.trim_start().starts_with("<?xml") {
        return Err(ReadError::Unsupported("CBF (CCBridge XML)"));
    }
    if decoded.text.contains('\0') {
        return Err(ReadError::NotText);
    }
    let mut records = read_pgn(&decoded.text)?;
    if records.is_empty() {
        return Err(ReadError::Empty);
    }
    if decoded.lossy {
        for record in &mut records {
            record
                .problems
                .insert(0, record.whole_problem(ProblemKind::Encoding));
        }
    }
    Ok(records)
}

impl Record {
    /// A record of no moves from `start`, without tags.
    pub fn new(start: Position) -> Record {
        Record {
            tags: Vec::new(),
            start,
            tree: MoveTree::new(),
            problems: Vec::new(),
        }
    }

    /// The record of a game's moves.
    pub fn from_game(game: &Game) -> Record {
        let mut record = Record::new(game.start().clone());
        let mut node = MoveTree::ROOT;
        for &mv in game.moves() {
            node = record.tree.push(node, mv);
        }
        record
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves, variations and comments.
    pub fn tree(&self) -> &MoveTree {
        &self.tree
    }

    /// The tree, to change comments and NAGs (moves are added through
    /// [`Record::add_move`], which checks them).
    pub fn tree_mut(&mut self) -> &mut MoveTree {
        &mut self.tree
    }

    /// The tag pairs, in file order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the tag `name` (compared without regard to case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// Sets the tag `name`, in place if it is there, else at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
        {
            Some((_, old)) => *old = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// What could not be read as written (empty for a clean file).
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The position at `node` (after its move).
    pub fn position_at(&self, node: NodeId) -> Position {
        self.tree
            .moves_to(node)
            .into_iter()
            .fold(self.start.clone(), |position, mv| position.play(mv))
    }

    /// Adds `mv` after `parent` (as its last alternative), or finds it
    /// there already; an illegal move is an error.
    pub fn add_move(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, NotationError> {
        if let Some(existing) = self
            .tree
            .children(parent)
            .find(|&child| self.tree.mv(child) == Some(mv))
        {
            return Ok(existing);
        }
        let position = self.position_at(parent);
        if !position.is_legal(mv) {
            let why = super::notation::why_illegal(&position, mv);
            return Err(NotationError::new(
                &mv.to_string(),
                Reason::Illegal(mv, why),
            ));
        }
        Ok(self.tree.push(parent, mv))
    }

    /// The moves of the main line.
    pub fn main_line(&self) -> Vec<Move> {
        self.tree
            .main_line()
            .filter_map(|node| self.tree.mv(node))
            .collect()
    }

    /// A game of the main line's moves from the start.
    pub fn game(&self) -> Result<Game, GameError> {
        let mut game = Game::from_position(self.start.clone());
        for mv in self.main_line() {
            game.play(mv)?;
        }
        Ok(game)
    }

    /// The start FEN on one line and the main line's moves in UCCI,
    /// separated by spaces, on the next.
    pub fn to_ucci(&self) -> String {
        let mut text = self.start.fen();
        text.push('\n');
        for (i, mv) in self.main_line().into_iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(&mv.to_string());
        }
        text.push('\n');
        text
    }

    /// A problem with the record as a whole.
    fn whole_problem(&self, kind: ProblemKind) -> Problem {
        Problem {
            ply: 0,
            move_number: self.start.fullmove_number(),
            side: self.start.side_to_move(),
            main_line: true,
            kind,
        }
    }

    /// A problem with the move at `ply`.
    fn move_problem(&self, ply: u32, main_line: bool, kind: ProblemKind) -> Problem {
        let first = self.start.side_to_move();
        // Plies before this one, plus one if Black moved first, in pairs.
        let black_first = u32::from(first == Color::Black);
        let before = ply.saturating_sub(1);
        Problem {
            ply,
            move_number: self
                .start
                .fullmove_number()
                .saturating_add((before + black_first) / 2),
            side: if before % 2 == 0 { first } else { !first },
            main_line,
            kind,
        }
    }
}
