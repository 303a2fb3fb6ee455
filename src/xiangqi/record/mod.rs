//! Xiangqi game records (feature `record`): PGN read and written, XQF
//! read, both into a [`Record`] — tags, a start position and a
//! [`MoveTree`] of the main line and its variations with comments. The
//! record, its tree and the PGN reader are shared with chess
//! ([`crate::record`]); this module names them for xiangqi and adds what
//! is xiangqi's.
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
//! byte-order mark), GB18030 or Big5 (see [`text::decode`]; without a
//! byte-order mark each game's encoding is found on its own,
//! [`text::decode_games`]). A PGN file may hold many games.
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

mod xqf;

#[cfg(feature = "std")]
pub use crate::record::MAX_RECORD_BYTES;
pub use crate::record::{text, NodeId, TextEncoding, MAX_VARIATION_DEPTH};
pub use xqf::read_xqf;

use alloc::string::{String, ToString};

use super::{Color, FenError, Game, GameError, Move, Notation, NotationError, Position, Reason};
use crate::record::{push_tag, OtherFormat};

// XQF files and the formats not read are found from their first bytes.
crate::record::game_records! {
    "xiangqi", NotationError, Gb18030, parse_any_notation, illegal;

    fn other_format(first: &[u8]) -> Option<OtherFormat<Position>> {
        if first.starts_with(b"XQ") {
            Some(OtherFormat::Read(read_xqf))
        } else if first.starts_with(b"CCBridge") {
            Some(OtherFormat::Unsupported("CBR/CBL (CCBridge)"))
        } else {
            None
        }
    }

    fn unsupported_text(start: &str) -> Option<&'static str> {
        start
            .starts_with("<?xml")
            .then_some("CBF (CCBridge XML)")
    }
}

/// Why `mv` is no move of `position`, as the notations say it.
fn illegal(position: &Position, mv: Move) -> NotationError {
    let why = super::notation::why_illegal(position, mv);
    NotationError::new(&mv.to_string(), Reason::Illegal(mv, why))
}

/// The PGN `[Format]` value for a notation.
fn format_name(notation: Notation) -> &'static str {
    match notation {
        Notation::Chinese(_) => "Chinese",
        Notation::Wxf => "WXF",
        Notation::Ucci | Notation::Iccs => "ICCS",
    }
}

impl Record {
    /// The record of a game's moves.
    pub fn from_game(game: &Game) -> Record {
        Record::of_line(game.start().clone(), game.moves())
    }

    /// A game of the main line's moves from the start.
    ///
    /// # Errors
    ///
    /// The game's refusal of a move (a record's moves are legal, but the
    /// game's rules may end it before its last move).
    pub fn game(&self) -> Result<Game, GameError> {
        let mut game = Game::from_position(self.start().clone());
        for mv in self.main_line() {
            game.play(mv)?;
        }
        Ok(game)
    }

    /// The start FEN on one line and the main line's moves in UCCI,
    /// separated by spaces, on the next.
    pub fn to_ucci(&self) -> String {
        self.to_coordinates()
    }

    /// The record as PGN, its moves in `notation`: tags (`Game` first,
    /// `Result`, `FEN` when the start is not the standard one, `Format`),
    /// the game comment, then the moves with their comments, NAGs and
    /// variations, and the result.
    pub fn to_pgn(&self, notation: Notation) -> String {
        let mut out = String::new();
        if self.tag("Game").is_none() {
            push_tag(&mut out, "Game", "Chinese Chess");
        }
        for (name, value) in self.tags() {
            if !["FEN", "Format", "SetUp"]
                .iter()
                .any(|skip| name.eq_ignore_ascii_case(skip))
            {
                push_tag(&mut out, name, value);
            }
        }
        if self.tag("Result").is_none() {
            push_tag(&mut out, "Result", "*");
        }
        let fen = self.start().fen();
        if fen != Position::START_FEN {
            push_tag(&mut out, "FEN", &fen);
        }
        push_tag(&mut out, "Format", format_name(notation));
        self.write_movetext(out, |position, mv, word| {
            position.write_notation(mv, notation, word).is_ok()
        })
    }
}
