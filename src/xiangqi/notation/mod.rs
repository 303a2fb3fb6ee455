//! Xiangqi move notations, read and written against a position: UCCI
//! (`h2e2`), ICCS (`H2-E2`), WXF (`C2.5`) and Chinese (炮二平五).
//!
//! ```
//! use qiboard::xiangqi::{ChineseStyle, Notation, Position};
//!
//! let start = Position::start();
//! let mv = start.parse_notation("炮二平五", Notation::CHINESE)?;
//! assert_eq!(mv.to_string(), "h2e2");
//! assert_eq!(start.notation_text(mv, Notation::Wxf)?, "C2.5");
//! assert_eq!(start.notation_text(mv, Notation::Iccs)?, "H2-E2");
//! let black = start.play(mv);
//! let reply = black.parse_any_notation("H8+7")?;
//! assert_eq!(black.notation_text(reply, Notation::Chinese(ChineseStyle::TRADITIONAL))?, "馬８進７");
//! # Ok::<(), qiboard::xiangqi::NotationError>(())
//! ```
//!
//! # How the notations describe a move
//!
//! WXF and Chinese notation say which piece moves, which way and how
//! far. Files are numbered 1–9 from each side's own right (Red's file 1 is
//! the `i` file, Black's the `a` file). After the piece come the direction
//! — forward (`+`, 进), backward (`-`, 退) or sideways (`.`, 平) — and a
//! number: for kings, rooks, cannons and pawns moving forward or backward
//! the ranks moved, otherwise the file reached.
//!
//! # What is written
//!
//! * UCCI `h2e2`; ICCS `H2-E2`.
//! * WXF as the World Xiangqi Federation publishes it: letters `K A E H R
//!   C P`, `.` for sideways. With two pieces of a kind on one file the
//!   marker replaces the file: `R+.3` (front rook), `C--1` (rear cannon).
//!   Pawns: `P+`/`P-` for two on a file, `P+`, `P7`, `P-` for three (the
//!   middle one keeps the plain form), `++ P+ P-` `--` for four and
//!   `++ P+ P7 P- --` for five; when two files hold several pawns the file
//!   digit replaces the letter (`3+.4`, `77.6`, `7-.6`). Two advisors or
//!   elephants on one file need no marker (the front one can only
//!   retreat), so they keep the plain form.
//! * Chinese as the xqbase computer standard writes it: Red's numbers in
//!   Chinese numerals, Black's in full-width digits (or ASCII, see
//!   [`ChineseStyle`]), simplified (帅 将 马 车 炮 进) or traditional (帥 將 傌/馬
//!   俥/車 炮/砲 進 後) characters. Tandem pieces: 前/后 for two on a
//!   file (前车平四), 前/中/后 for three, 一 二 三 四 五 from the front for
//!   four or five (二兵平五), and, when two files hold several pawns, 一 … 五
//!   counted over both files, the mover's file 1 first, each front to back.
//!   Advisors and elephants keep the plain form, as in WXF.
//!
//! # What is read
//!
//! Everything written above, in any style, and:
//!
//! * coordinates in either case, with or without a dash (`h2e2`, `H2E2`,
//!   `h2-e2`); WXF and coordinates typed in full-width forms (`Ｃ２．５`);
//! * WXF letters in either case, `B` for `E` and `N` for `H`, `=` for
//!   `.`; Fairy-Stockfish's tandem forms (`17+1`, `27=8`: the n-th pawn
//!   from the front of a file; a repeated digit such as `33.4` is read as
//!   the official middle pawn unless the operator is `=`); a marker before
//!   the letter (`+R.5`); xqbase's pawn letters `Pa`…`Pe` and `P.` for the
//!   middle pawn; annotation glyphs and check marks after the move;
//! * Chinese in simplified or traditional characters for either side (包
//!   for the cannon, 上/下 for 进/退), numbers as Chinese numerals,
//!   full-width or ASCII digits whichever side moves; tandem forms
//!   前兵三平四 and 前三平四 (file restored), 車前平三 (marker after the
//!   piece), 一兵 … 五兵 and cchess's ２卒 (ordinals).
//!
//! The side to move comes from the position, never from the characters.
//!
//! # Exactness
//!
//! A text is matched against the legal moves of the position. It must fit
//! exactly one: if none fits, the error says whether no such piece
//! exists, the piece cannot move that way, or the move is illegal and why;
//! if several fit (a plain file digit where two rooks share the file and
//! both could make the move), the error lists them. A plain form that
//! fits only one legal move is accepted, as chess SAN accepts a move left
//! undisambiguated because the other piece is pinned.

mod chinese;
mod describe;
mod error;
mod iccs;
mod wxf;

use crate::Excerpt;
use alloc::string::String;

pub use chinese::ChineseStyle;
pub(crate) use describe::why_illegal;
pub use error::{NotationError, Reason};

use super::{Move, Position};

/// A xiangqi move notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Coordinates, lower case: `h2e2`.
    #[default]
    Ucci,
    /// Coordinates, upper case with a dash: `H2-E2`.
    Iccs,
    /// WXF: `C2.5`, `H8+7`, `R+.3`.
    Wxf,
    /// Chinese: 炮二平五, 马８进７.
    Chinese(ChineseStyle),
}

impl Notation {
    /// Chinese in simplified characters with full-width digits for Black.
    pub const CHINESE: Notation = Notation::Chinese(ChineseStyle::SIMPLIFIED);

    /// The notation a move text is written in, judged from its shape: any
    /// non-ASCII character makes it Chinese, two squares make it UCCI/ICCS
    /// (reported as [`Notation::Ucci`]), anything else is taken for WXF.
    pub fn detect(text: &str) -> Notation {
        if let Some(folded) = fold_width(text) {
            Notation::detect(&folded)
        } else if !text.is_ascii() {
            Notation::CHINESE
        } else if iccs::looks_like(text) {
            Notation::Ucci
        } else {
            Notation::Wxf
        }
    }
}

/// `text` with full-width ASCII forms (`Ｃ２．５`, as Chinese input methods
/// type them) and ideographic spaces folded to ASCII, if that makes it
/// ASCII; `None` otherwise (ASCII already, or Chinese).
fn fold_width(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let folded: String = text
        .chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            other => other,
        })
        .collect();
    folded.is_ascii().then_some(folded)
}

/// The longest move text worth reading, in bytes: the longest Chinese
/// move with full-width digits and markers is under 20 bytes.
const MAX_MOVE_TEXT: usize = 64;

impl Position {
    /// The legal move `text` names in `notation` (for the Chinese
    /// notation, every style is read whatever [`ChineseStyle`] is given).
    ///
    /// # Errors
    ///
    /// [`NotationError`]: the text is not a move of that notation, names no
    /// legal move, or names more than one.
    pub fn parse_notation(&self, text: &str, notation: Notation) -> Result<Move, NotationError> {
        if text.len() > MAX_MOVE_TEXT {
            // No move is written this long: refuse before reading it.
            return Err(NotationError::syntax(text, "a move of a few characters"));
        }
        if !matches!(notation, Notation::Chinese(_)) {
            if let Some(folded) = fold_width(text) {
                return self.parse_notation(&folded, notation).map_err(|mut error| {
                    error.text = Excerpt::from(text);
                    error
                });
            }
        }
        match notation {
            Notation::Ucci | Notation::Iccs => {
                let mv = iccs::parse(text)?;
                if self.is_legal(mv) {
                    Ok(mv)
                } else {
                    let why = why_illegal(self, mv);
                    Err(NotationError::new(text, Reason::Illegal(mv, why)))
                }
            }
            Notation::Wxf => describe::resolve(self, wxf::parse(text)?, text),
            Notation::Chinese(_) => describe::resolve(self, chinese::parse(text)?, text),
        }
    }

    /// The legal move `text` names, in whichever notation
    /// [`Notation::detect`] finds it written.
    ///
    /// # Errors
    ///
    /// [`NotationError`]: the text is no move of any notation, names no legal
    /// move, or names more than one.
    pub fn parse_any_notation(&self, text: &str) -> Result<Move, NotationError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(NotationError::syntax(text, "a move of a few characters"));
        }
        self.parse_notation(text, Notation::detect(text))
    }

    /// `mv`, a legal move here, written in `notation`.
    ///
    /// # Errors
    ///
    /// [`NotationError`] when `mv` is not legal here.
    pub fn notation_text(&self, mv: Move, notation: Notation) -> Result<String, NotationError> {
        let mut text = String::new();
        self.write_notation(mv, notation, &mut text)?;
        Ok(text)
    }

    /// Appends `mv`, a legal move here, written in `notation`, to `out`
    /// (for writers of many moves, which reuse one buffer). An illegal
    /// move is an error and appends nothing.
    ///
    /// # Errors
    ///
    /// [`NotationError`] when `mv` is not legal here.
    pub fn write_notation(
        &self,
        mv: Move,
        notation: Notation,
        out: &mut String,
    ) -> Result<(), NotationError> {
        if !self.is_legal(mv) {
            let text = alloc::format!("{mv}");
            let why = why_illegal(self, mv);
            return Err(NotationError::new(&text, Reason::Illegal(mv, why)));
        }
        self.write_legal(mv, notation, out);
        Ok(())
    }

    /// [`Position::write_notation`] for a move known to be legal.
    pub(crate) fn write_legal(&self, mv: Move, notation: Notation, out: &mut String) {
        let description = describe::describe(self, mv);
        match (notation, description) {
            (Notation::Wxf, Some(description)) => wxf::spell(&description, out),
            (Notation::Chinese(style), Some(description)) => {
                chinese::spell(&description, self.side_to_move(), style, out)
            }
            (Notation::Iccs, _) => iccs::spell_iccs(mv, out),
            _ => iccs::spell_ucci(mv, out),
        }
    }
}
