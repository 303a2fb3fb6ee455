//! The C API's types: error codes, the enums whose values the functions
//! take and give as integers, the structs passed by pointer, and the
//! opaque handle.

use std::ffi::c_char;

use qiboard_tablebase::{score, Tablebase};

/// What a call of the C API returns: `QTB_ERROR_OK` (0) or why it failed.
/// `qtb_error_message` gives each code's text.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbError {
    /// Success.
    Ok = 0,
    /// A pointer argument that must not be null was null.
    NullPointer = 1,
    /// The FEN text is not FEN (or not UTF-8).
    BadFen = 2,
    /// The FEN or piece lists describe a position the rules do not allow:
    /// a king missing, a piece where it can never stand, the kings facing
    /// each other, the side to move able to capture the king.
    IllegalPosition = 3,
    /// Another argument is out of range: a rule set, colour, square or
    /// piece count, a material signature, a directory that is not one.
    BadArgument = 4,
    /// No table for the position's endgame (or for one a root move leads
    /// into) in the directory.
    Missing = 5,
    /// A piece stands where no table can index it.
    OffDomain = 6,
    /// Reading a table file failed.
    Io = 7,
    /// A table file is damaged, truncated or belongs to another endgame.
    Corrupt = 8,
    /// A table file was solved under other repetition rules than the
    /// handle's.
    RulesMismatch = 9,
    /// A table file of an older format, which must be regenerated.
    OldFormat = 10,
    /// An endgame too large to index.
    TooLarge = 11,
    /// The caller's move buffer is too small for all the moves: the best
    /// ones that fit were written and the count says how many there are.
    BufferTooSmall = 12,
    /// An internal error (a panic) was caught at the boundary.
    Panic = 13,
    /// Any other failure.
    Other = 14,
}

/// A side: Red (moves first, ranks 0-4) or Black.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbColor {
    /// Red, uppercase in FEN.
    Red = 0,
    /// Black, lowercase in FEN.
    Black = 1,
}

/// The piece kinds, in the order of the `QtbPosition` arrays.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbPieceKind {
    /// King (FEN `K`).
    King = 0,
    /// Advisor (FEN `A`).
    Advisor = 1,
    /// Elephant (FEN `B`, also `E`).
    Elephant = 2,
    /// Horse (FEN `N`, also `H`).
    Horse = 3,
    /// Rook (FEN `R`).
    Rook = 4,
    /// Cannon (FEN `C`).
    Cannon = 5,
    /// Pawn (FEN `P`).
    Pawn = 6,
}

/// Win, draw or loss for the side to move (negate for the other side).
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbWdl {
    /// The side to move loses.
    Loss = -1,
    /// Neither side can force a win.
    Draw = 0,
    /// The side to move wins.
    Win = 1,
}

/// What a distance counts to.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbDistanceTo {
    /// Checkmate or stalemate (both lose in xiangqi).
    Mate = 0,
    /// The first position where the losing side can avoid defeat only by
    /// perpetual check or chase, which the repetition rules forbid.
    Rule = 1,
}

/// The repetition rules the tables were solved under.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbRules {
    /// The Asian (AXF) rules: a side that can avoid losing only by
    /// perpetual check or chase loses. The default.
    Asian = 0,
    /// No repetition rules: what neither side can force to mate is a draw.
    None = 1,
}

/// The most pieces of one kind and colour (pawns: 5); the length of each
/// `QtbPosition.squares` list.
pub const QTB_MAX_PER_KIND: usize = 5;
/// The most legal moves a xiangqi position can have is 119: a
/// `QtbRootMove` buffer of this many entries always holds every move.
pub const QTB_MAX_MOVES: usize = 128;
/// The probe cache size `Tablebase` uses by default, in bytes (64 MiB).
pub const QTB_DEFAULT_CACHE_BYTES: usize = 64 << 20;
/// The score of a mate at the root (see `qtb_score`).
pub const QTB_MATE: i32 = 30_000;
/// Scores above this (below its negation) are mates.
pub const QTB_MATE_BOUND: i32 = 21_808;
/// The score of a win decided by the repetition rules at the root.
pub const QTB_RULE_WIN: i32 = 21_807;
/// Scores above this (up to `QTB_MATE_BOUND`) are rule wins; an
/// evaluation must stay within plus or minus this bound.
pub const QTB_RULE_WIN_BOUND: i32 = 13_615;

const _: () = {
    assert!(QTB_MATE == score::MATE);
    assert!(QTB_MATE_BOUND == score::MATE_BOUND);
    assert!(QTB_RULE_WIN == score::RULE_WIN);
    assert!(QTB_RULE_WIN_BOUND == score::RULE_WIN_BOUND);
    assert!(QTB_MAX_MOVES == qiboard::xiangqi::MAX_MOVES);
    assert!(QTB_DEFAULT_CACHE_BYTES == qiboard_tablebase::DEFAULT_CACHE_BYTES);
};

/// A position as the probes take it: the side to move and the pieces as
/// lists of squares by colour and kind, `squares[c][k][0 .. count[c][k]]`
/// being the squares (0..89) of colour `c`'s pieces of kind `k`
/// (`QtbColor`, `QtbPieceKind`); entries past the count are ignored. An
/// engine fills one from its own board; `qtb_position_from_fen` fills one
/// from a FEN. A zeroed struct is an empty board with Red to move.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QtbPosition {
    /// `QtbColor`: the side to move.
    pub side: i32,
    /// How many pieces of each kind each colour has.
    pub count: [[u8; 7]; 2],
    /// Their squares.
    pub squares: [[[u8; QTB_MAX_PER_KIND]; 7]; 2],
}

/// A value with its distance, for the side to move.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct QtbDtm {
    /// `QtbWdl`: -1 loss, 0 draw, 1 win.
    pub wdl: i32,
    /// Plies to the end with best play: odd for a win, even for a loss
    /// (0: the side to move has no legal move, or a rule has decided), 0
    /// for a draw.
    pub plies: u32,
    /// `QtbDistanceTo`: 0 to mate, 1 to a decision by the repetition rules.
    pub to: i32,
    /// 1 when the repetition rules decided the value (solved without them,
    /// it is a draw), else 0.
    pub by_rules: i32,
}

/// A move with the value it leads to, for the side making it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct QtbRootMove {
    /// The square the piece leaves (0..89).
    pub from: u8,
    /// The square the piece reaches (0..89).
    pub to: u8,
    /// The move in UCCI text (`h2e2`), NUL-terminated; `0000` for no move.
    pub uci: [c_char; 5],
    /// What the move leads to, for the side that makes it.
    pub value: QtbDtm,
}

/// An open tablebase: a directory of tables under one rule set, with its
/// block cache. Opaque; made by `qtb_open`, freed by `qtb_close`.
#[derive(Debug)]
pub struct QtbTablebase {
    pub(crate) inner: Tablebase,
}

const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<QtbTablebase>();
};
