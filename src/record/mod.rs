//! Game records for both games (feature `record`): a [`Record`] holds
//! tag pairs, a start position and a [`MoveTree`] of the main line and its
//! variations with comments and NAGs; PGN is read into it (a whole text,
//! or a collection of any size as a stream, [`Records`]) and written from
//! it. Each game's `record` module names the instances
//! (`chess::record::Record`, `xiangqi::record::Record`) and says what its
//! PGN holds: the moves' notation, the tags written, other formats.
//!
//! The PGN reader is the PGN standard's (Steven J. Edwards, 1994) with
//! what real files add: tag pairs; move numbers (`1.`, `1...`, glued or
//! not); comments `{…}` and `; …`; variations `( … )` nested to any depth
//! (deeper than [`MAX_VARIATION_DEPTH`] they are dropped with a problem);
//! NAGs `$n` and glyphs `!` `?` `!!` `??` `!?` `?!`, alone or after a
//! move; results `1-0` `0-1` `1/2-1/2` `*`; `%` escape lines. Text after
//! a result up to the next tag line is skipped. A comment written before
//! the first move of a variation is kept on that move; several comments
//! in a row are joined with a space. A move that cannot be played is a
//! [`Problem`], not an error: it and the moves after it in its line are
//! left out, everything else is kept. Only a game with no usable start
//! (a bad `FEN` tag) is a [`ReadError`].
//!
//! Memory: the lexer and builder hold one game and one saved position per
//! open variation; the stream holds one game's text, at most
//! [`MAX_RECORD_BYTES`].

mod lexer;
mod read;
#[cfg(feature = "std")]
mod stream;
pub mod text;
mod tree;
mod write;

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

pub use read::{read_pgn, PgnGames, MAX_VARIATION_DEPTH};
#[cfg(feature = "std")]
pub use stream::{Records, MAX_RECORD_BYTES};
pub use text::TextEncoding;
pub use tree::{Children, MoveTree, NodeId};
pub(crate) use write::push_tag;

use crate::{Board, Excerpt, Side};

/// What a record needs of a game's position beyond [`Board`]: reading a
/// move word, saying why a move is not legal, the move number, and how
/// the game's files are found. Implemented by both games' positions only
/// (as `Board` is).
pub trait RecordBoard: Board<Color: Side, FenError: Clone + Eq> + Clone + Eq + fmt::Debug {
    /// Why a move text names no legal move (`SanError` in chess,
    /// `NotationError` in xiangqi).
    type NotationError: Clone + Eq + fmt::Debug + fmt::Display;

    /// The encoding of a record's text that is neither UTF-8 nor marked
    /// (Windows-1252 in chess, GB18030 in xiangqi, where Big5 is tried
    /// beside it).
    const FALLBACK: TextEncoding;

    /// The standard start position.
    fn start() -> Self;

    /// The legal move a movetext word names, in any notation the game's
    /// PGN is written in.
    ///
    /// # Errors
    ///
    /// Why the word names no single legal move.
    fn parse_movetext(&self, word: &str) -> Result<Self::Move, Self::NotationError>;

    /// Why `mv` is not legal here, or `None` when it is.
    fn refuse(&self, mv: Self::Move) -> Option<Self::NotationError>;

    /// The move number.
    fn fullmove_number(&self) -> u32;

    /// A file format other than PGN that a file starting with `first` is
    /// in, if any.
    #[doc(hidden)]
    fn other_format(first: &[u8]) -> Option<OtherFormat<Self>> {
        let _ = first;
        None
    }

    /// A format of text other than PGN that a text starting with `start`
    /// (past blanks) is in and that is not read, if any.
    #[doc(hidden)]
    fn unsupported_text(start: &str) -> Option<&'static str> {
        let _ = start;
        None
    }
}

/// One record read, or why a game (or the input) gave none.
pub type ReadResult<B> = Result<Record<B>, ReadError<<B as Board>::FenError>>;

/// A format other than PGN found from a file's first bytes.
#[doc(hidden)]
pub enum OtherFormat<B: RecordBoard> {
    /// Read from the whole file by this function.
    Read(fn(&[u8]) -> ReadResult<B>),
    /// Not read: the format's name.
    Unsupported(&'static str),
}

/// A game record: tag pairs, a start position and the tree of moves.
///
/// Generic over the game's position; each game names its own
/// (`chess::record::Record`, `xiangqi::record::Record`) and adds what is
/// the game's: writing its PGN, the game of its main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<B: RecordBoard> {
    pub(crate) tags: Vec<(String, String)>,
    pub(crate) start: B,
    pub(crate) tree: MoveTree<B::Move>,
    pub(crate) problems: Vec<Problem<B::Color, B::NotationError>>,
}

/// Something in a file that could not be read as written. The record
/// holds everything else. `C` is the game's colour, `E` its error for move
/// text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem<C, E> {
    /// The ply of the move concerned, 1 for the first move of the record;
    /// 0 when the problem is with the record as a whole.
    pub ply: u32,
    /// The move number of that ply, counted from the start position's.
    pub move_number: u32,
    /// Who was to make that move.
    pub side: C,
    /// Whether the move was on the main line (which now ends before it).
    pub main_line: bool,
    /// What went wrong.
    pub kind: ProblemKind<E>,
}

/// What went wrong while reading a record; `E` is the game's error for
/// move text (`SanError` in chess, `NotationError` in xiangqi). Only
/// xiangqi's XQF files give `Skipped`, `SideToMove` and `Truncated`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemKind<E> {
    /// A move that could not be played: it and the `dropped` moves after
    /// it in its line (variations of those included) were left out.
    BadMove {
        /// Why it could not be played; its `text` is the move as written
        /// (XQF moves in UCCI).
        error: E,
        /// How many moves after it were left out.
        dropped: u32,
    },
    /// An XQF record that is no legal move (from an empty square, by the
    /// side not to move, illegal): it was skipped, and the records after
    /// it were read from the position before it.
    Skipped {
        /// The record, in UCCI, and why it is no move.
        error: E,
    },
    /// An XQF header naming the other side to move than the first move's
    /// piece; the first move was believed. (The side is a xiangqi colour:
    /// no chess file gives this problem.)
    SideToMove {
        /// The side the header names.
        header: crate::xiangqi::Color,
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

impl<E> ProblemKind<E> {
    /// Whether the problem only says how something was read, with nothing
    /// of the record lost: a header naming the wrong side to move (the
    /// first move was believed), bytes that did not decode (text in
    /// comments or tags; a move they spoiled is a problem of its own).
    /// The command line reports these as warnings.
    pub const fn is_warning(&self) -> bool {
        matches!(self, ProblemKind::SideToMove { .. } | ProblemKind::Encoding)
    }
}

impl<C: Side, E: fmt::Display> fmt::Display for Problem<C, E> {
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

/// Why a file (or, in a collection, one game) gave no record; `F` is the
/// game's FEN error.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadError<F> {
    /// A format this crate does not read (CBR, CBF), named.
    Unsupported(&'static str),
    /// Not an XQF file, or one too short to hold its header.
    NotXqf(&'static str),
    /// The start position is not a legal position of the game.
    BadStart {
        /// The start as FEN (for XQF, built from its piece table), or its
        /// first bytes.
        fen: Excerpt,
        /// What is wrong with it.
        error: F,
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

impl<F: fmt::Display> fmt::Display for ReadError<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Unsupported(format) => {
                write!(f, "{format} files are not read")
            }
            ReadError::NotXqf(why) => write!(f, "not an XQF file: {why}"),
            ReadError::BadStart { fen, error } => write!(f, "bad start position {fen:?}: {error}"),
            ReadError::Empty => f.write_str("the input holds no record"),
            ReadError::NotText => {
                f.write_str("not a record: the bytes hold NUL characters, which no PGN text has")
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

impl<F: fmt::Debug + fmt::Display> core::error::Error for ReadError<F> {}

/// Every record in a file's bytes: one per game for PGN, in UTF-8, UTF-16
/// (with a byte-order mark) or the game's [`RecordBoard::FALLBACK`], or
/// whatever other format the game finds from the bytes. Each game names
/// it (`chess::record::read`, `xiangqi::record::read`).
pub(crate) fn read<B: RecordBoard>(bytes: &[u8]) -> Result<Vec<Record<B>>, ReadError<B::FenError>> {
    match B::other_format(bytes) {
        Some(OtherFormat::Read(read)) => return read(bytes).map(|record| alloc::vec![record]),
        Some(OtherFormat::Unsupported(format)) => return Err(ReadError::Unsupported(format)),
        None => {}
    }
    #[cfg(feature = "std")]
    if text::decoded_by_game(bytes) {
        // Games in encodings of their own are cut where the stream cuts
        // them (following `{…}` comments and results), so that the two
        // readers agree; the whole reader has no limit on a game's size.
        let records: Result<Vec<_>, _> = Records::<_, B>::with_limit(bytes, usize::MAX).collect();
        return records;
    }
    let games = text::decode_games(bytes, B::FALLBACK);
    let first = games
        .first()
        .map_or("", |decoded| decoded.text.trim_start());
    if let Some(format) = B::unsupported_text(first) {
        return Err(ReadError::Unsupported(format));
    }
    if games.iter().any(|decoded| decoded.text.contains('\0')) {
        return Err(ReadError::NotText);
    }
    let mut records = Vec::new();
    for decoded in &games {
        let mut read = read_pgn::<B>(&decoded.text)?;
        if decoded.lossy {
            for record in &mut read {
                record
                    .problems
                    .insert(0, record.whole_problem(ProblemKind::Encoding));
            }
        }
        records.append(&mut read);
    }
    if records.is_empty() {
        return Err(ReadError::Empty);
    }
    Ok(records)
}

impl<B: RecordBoard> Record<B> {
    /// A record of no moves from `start`, without tags.
    pub fn new(start: B) -> Record<B> {
        Record {
            tags: Vec::new(),
            start,
            tree: MoveTree::new(),
            problems: Vec::new(),
        }
    }

    /// The record of `moves`, a line of legal moves from `start` (as a
    /// game's moves are).
    pub(crate) fn of_line(start: B, moves: &[B::Move]) -> Record<B> {
        let mut record = Record::new(start);
        let mut node = NodeId::ROOT;
        for &mv in moves {
            node = record.tree.push(node, mv);
        }
        record
    }

    /// The start position.
    pub fn start(&self) -> &B {
        &self.start
    }

    /// The moves, variations and comments.
    pub fn tree(&self) -> &MoveTree<B::Move> {
        &self.tree
    }

    /// The tree, to change comments and NAGs (moves are added through
    /// [`Record::add_move`], which checks them).
    pub fn tree_mut(&mut self) -> &mut MoveTree<B::Move> {
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
    pub fn problems(&self) -> &[Problem<B::Color, B::NotationError>] {
        &self.problems
    }

    /// The position at `node` (after its move).
    pub fn position_at(&self, node: NodeId) -> B {
        self.tree
            .moves_to(node)
            .into_iter()
            .fold(self.start.clone(), |position, mv| position.play(mv))
    }

    /// Adds `mv` after `parent` (as its last alternative), or finds it
    /// there already.
    ///
    /// # Errors
    ///
    /// A move that is not legal after `parent`, with why.
    pub fn add_move(&mut self, parent: NodeId, mv: B::Move) -> Result<NodeId, B::NotationError> {
        if let Some(existing) = self
            .tree
            .children(parent)
            .find(|&child| self.tree.mv(child) == Some(mv))
        {
            return Ok(existing);
        }
        let position = self.position_at(parent);
        if let Some(error) = position.refuse(mv) {
            return Err(error);
        }
        Ok(self.tree.push(parent, mv))
    }

    /// The moves of the main line.
    pub fn main_line(&self) -> Vec<B::Move> {
        self.tree
            .main_line()
            .filter_map(|node| self.tree.mv(node))
            .collect()
    }

    /// The start FEN on one line and the main line's moves in
    /// coordinates (UCI, UCCI), separated by spaces, on the next.
    pub fn to_coordinates(&self) -> String {
        let mut text = self.start.fen();
        text.push('\n');
        for (i, mv) in self.main_line().into_iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(&self.start.move_text(mv));
        }
        text.push('\n');
        text
    }

    /// A problem with the record as a whole.
    pub(crate) fn whole_problem(
        &self,
        kind: ProblemKind<B::NotationError>,
    ) -> Problem<B::Color, B::NotationError> {
        Problem {
            ply: 0,
            move_number: self.start.fullmove_number(),
            side: self.start.side_to_move(),
            main_line: true,
            kind,
        }
    }

    /// A problem with the move at `ply`.
    pub(crate) fn move_problem(
        &self,
        ply: u32,
        main_line: bool,
        kind: ProblemKind<B::NotationError>,
    ) -> Problem<B::Color, B::NotationError> {
        let first = self.start.side_to_move();
        // Plies before this one, plus one if the second mover moved first,
        // in pairs.
        let black_first = u32::from(!first.moves_first());
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

/// Names the shared record types for one game's `record` module (whose
/// scope must hold the game's `Position`, `Move`, `Color` and `FenError`)
/// and implements [`RecordBoard`] for its position: `$game` is the game's
/// name in the docs, `$error` its notation error, `$fallback` the
/// encoding of text that is not UTF-8, `$parse` the position's method
/// reading a movetext word, `$refuse` a function giving why a move is not
/// legal, and the items after them go into the implementation (the other
/// formats a game's files may be in).
macro_rules! game_records {
    ($game:literal, $error:ty, $fallback:ident, $parse:ident, $refuse:path $(; $($extra:item)*)?) => {
        #[doc = concat!("A ", $game, " game record: tag pairs, a start position and the tree")]
        /// of moves (the shared [`crate::record::Record`]).
        pub type Record = crate::record::Record<Position>;

        #[doc = concat!("The tree of a ", $game, " record's moves.")]
        pub type MoveTree = crate::record::MoveTree<Move>;

        #[doc = concat!("The children of a node of a ", $game, " record's tree.")]
        pub type Children<'a> = crate::record::Children<'a, Move>;

        #[doc = concat!("Something in a ", $game, " file that could not be read as written.")]
        pub type Problem = crate::record::Problem<Color, $error>;

        #[doc = concat!("What went wrong while reading a ", $game, " record.")]
        pub type ProblemKind = crate::record::ProblemKind<$error>;

        #[doc = concat!("Why a ", $game, " file (or one game of a collection) gave no record.")]
        pub type ReadError = crate::record::ReadError<FenError>;

        #[doc = concat!("The games of a ", $game, " PGN text, one at a time.")]
        pub type PgnGames<'a> = crate::record::PgnGames<'a, Position>;

        #[doc = concat!("The records of a ", $game, " file or stream, one at a time, in memory")]
        /// bounded by the largest game (feature `std`).
        #[cfg(feature = "std")]
        pub type Records<R> = crate::record::Records<R, Position>;

        #[doc = concat!("Every record in a ", $game, " file's bytes (see the [module page](self)).")]
        ///
        /// # Errors
        ///
        /// [`ReadError::Empty`] for bytes holding no record,
        /// [`ReadError::NotText`] for bytes holding NUL, and the first game
        /// without a usable start. The records are all kept in memory: read a
        /// large collection with `Records` (feature `std`), one game at a
        /// time.
        pub fn read(bytes: &[u8]) -> Result<alloc::vec::Vec<Record>, ReadError> {
            crate::record::read(bytes)
        }

        #[doc = concat!("Every game of a ", $game, " PGN text.")]
        ///
        /// # Errors
        ///
        /// The first game without a usable start (use [`PgnGames`] to read
        /// past it).
        pub fn read_pgn(text: &str) -> Result<alloc::vec::Vec<Record>, ReadError> {
            crate::record::read_pgn(text)
        }

        impl crate::record::RecordBoard for Position {
            type NotationError = $error;

            const FALLBACK: crate::record::TextEncoding = crate::record::TextEncoding::$fallback;

            fn start() -> Position {
                Position::start()
            }

            fn parse_movetext(&self, word: &str) -> Result<Move, $error> {
                self.$parse(word)
            }

            fn refuse(&self, mv: Move) -> Option<$error> {
                (!self.is_legal(mv)).then(|| $refuse(self, mv))
            }

            fn fullmove_number(&self) -> u32 {
                super::Setup::fullmove_number(self)
            }

            $($($extra)*)?
        }
    };
}

pub(crate) use game_records;
