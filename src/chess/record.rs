//! Chess game records (feature `record`): PGN read and written into a
//! [`Record`] — tags, a start position and a [`MoveTree`] of the main
//! line and its variations with comments and NAGs. The record, its tree
//! and the PGN reader are shared with xiangqi ([`crate::record`], whose
//! page says what the reader accepts); this module names them for chess.
//!
//! ```
//! use qiboard::chess::record::{self, Record};
//! use qiboard::chess::Game;
//!
//! let pgn = "[Event \"a\"]\n[White \"b\"]\n\n1. e4 {best by test} e5 (1... c5 $1) 2. Nf3 *\n";
//! let records = record::read_pgn(pgn)?;
//! let game: &Record = &records[0];
//! assert_eq!(game.tag("White"), Some("b"));
//! assert_eq!(game.to_uci().lines().nth(1), Some("e2e4 e7e5 g1f3"));
//! assert_eq!(game.tree().line_count(), 2);
//! let again = record::read_pgn(&game.to_pgn())?;
//! assert_eq!(again[0].tree(), game.tree());
//!
//! let mut played = Game::new();
//! for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     played.play_text(text).unwrap();
//! }
//! assert!(Record::from_game(&played).to_pgn().ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
//! # Ok::<(), record::ReadError>(())
//! ```
//!
//! # Reading
//!
//! Moves are SAN, read as forgivingly as python-chess reads them
//! ([`Position::parse_san`]: `0-0`, long algebraic `e2e4`, promotions
//! with or without `=`, `+`, `#` and glyphs taken as given). A `FEN` tag
//! gives the start (`SetUp` is not needed). Text that is not UTF-8 (or
//! UTF-16 with a byte-order mark) is read as ISO 8859-1, the PGN
//! standard's encoding (as Windows-1252, its superset).
//!
//! # Writing
//!
//! [`Record::to_pgn`] writes the PGN standard's export form as far as a
//! record holds it: the seven tag roster first, in order, with `?` (and
//! `????.??.??` for the date) where a tag is missing; the other tags as
//! read; `SetUp` and `FEN` when the start is not the standard one; then
//! the moves in SAN with their comments, NAGs (`$n`) and variations,
//! lines broken before 80 columns, and the result. PGN has no escape
//! inside comments, so a `}` in a comment is written as the full-width
//! `｝`.

use alloc::string::String;

use super::{Color, FenError, Game, GameError, Move, Position, SanError, SanReason};
use crate::record::push_tag;

#[cfg(feature = "std")]
pub use crate::record::MAX_RECORD_BYTES;
pub use crate::record::{text, NodeId, TextEncoding, MAX_VARIATION_DEPTH};

crate::record::game_records!("chess", SanError, Windows1252, parse_san, illegal);

/// Why `mv` is no move of `position`, as SAN reading says it.
fn illegal(position: &Position, mv: Move) -> SanError {
    SanError {
        text: position.move_excerpt(mv),
        reason: SanReason::Illegal,
    }
}

/// The seven tag roster in its order, with the value of a tag unknown.
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

impl Record {
    /// The record of a game's moves, with the `Result` tag of its outcome
    /// once it is over ([`Game::outcome`]).
    pub fn from_game(game: &Game) -> Record {
        let mut record = Record::of_line(*game.start(), game.moves());
        if let Some(outcome) = game.outcome() {
            record.set_tag("Result", outcome.result());
        }
        record
    }

    /// A game of the main line's moves from the start.
    ///
    /// # Errors
    ///
    /// The game's refusal of a move: a record's moves are legal, but the
    /// draw rules (fivefold repetition, seventy-five moves, insufficient
    /// material) may end the game before its last move.
    pub fn game(&self) -> Result<Game, GameError> {
        let mut game = Game::from_position(*self.start());
        for mv in self.main_line() {
            game.play(mv)?;
        }
        Ok(game)
    }

    /// The start FEN on one line and the main line's moves in UCI,
    /// separated by spaces, on the next.
    pub fn to_uci(&self) -> String {
        self.to_coordinates()
    }

    /// The record as PGN (see the [module page](self)): the seven tag
    /// roster, the other tags, `SetUp` and `FEN` for a start that is not
    /// the standard one, then the movetext in SAN.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (name, unknown) in SEVEN_TAG_ROSTER {
            push_tag(&mut out, name, self.tag(name).unwrap_or(unknown));
        }
        for (name, value) in self.tags() {
            let written = SEVEN_TAG_ROSTER.iter().map(|(name, _)| *name);
            if !written
                .chain(["FEN", "SetUp"])
                .any(|skip| name.eq_ignore_ascii_case(skip))
            {
                push_tag(&mut out, name, value);
            }
        }
        let fen = self.start().fen();
        if fen != Position::START_FEN {
            push_tag(&mut out, "SetUp", "1");
            push_tag(&mut out, "FEN", &fen);
        }
        self.write_movetext(out, |position, mv, word| {
            position.write_san(mv, word).is_ok()
        })
    }
}
