//! Coordinate notation: UCCI `h2e2` and ICCS `H2-E2` (the same squares;
//! ICCS is upper case with a dash).

use alloc::string::String;

use super::NotationError;
use crate::xiangqi::{Move, Square};

const EXPECTED: &str = "two squares like h2e2 or H2-E2 (files a-i, ranks 0-9)";

/// The square of a file letter (either case) and a rank digit.
fn square(file: u8, rank: u8) -> Option<Square> {
    let file = file.to_ascii_lowercase();
    if !(b'a'..=b'i').contains(&file) || !rank.is_ascii_digit() {
        return None;
    }
    Square::from_file_rank(usize::from(file - b'a'), usize::from(rank - b'0'))
}

/// Whether `text` has the shape of a coordinate move (`h2e2`, `H2-E2`,
/// with annotation glyphs after it).
pub(crate) fn looks_like(text: &str) -> bool {
    split(text).is_some()
}

fn split(text: &str) -> Option<(Square, Square)> {
    let body = text.trim().trim_end_matches(['!', '?', '+', '#']);
    match *body.as_bytes() {
        [a, b, c, d] | [a, b, b'-', c, d] => Some((square(a, b)?, square(c, d)?)),
        _ => None,
    }
}

/// The move `text` names, without looking at a position.
pub(crate) fn parse(text: &str) -> Result<Move, NotationError> {
    match split(text) {
        Some((from, to)) if from != to => Ok(Move::new(from, to)),
        _ => Err(NotationError::syntax(text, EXPECTED)),
    }
}

/// Appends `mv` as ICCS: `H2-E2`.
pub(crate) fn spell_iccs(mv: Move, out: &mut String) {
    for (i, square) in [mv.from(), mv.to()].into_iter().enumerate() {
        if i == 1 {
            out.push('-');
        }
        out.push(char::from(b'A' + square.file() as u8));
        out.push(char::from(b'0' + square.rank() as u8));
    }
}

/// Appends `mv` as UCCI: `h2e2`.
pub(crate) fn spell_ucci(mv: Move, out: &mut String) {
    for square in [mv.from(), mv.to()] {
        out.push(char::from(b'a' + square.file() as u8));
        out.push(char::from(b'0' + square.rank() as u8));
    }
}
