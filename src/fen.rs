//! What the games' FEN code shares.

use core::fmt::{Result, Write};

/// Writes the board field of a FEN for a board of `files` by `ranks`:
/// the last rank first, ranks separated by `/`, runs of empty squares as
/// digits. `letter(file, rank)` is the letter of the piece there, if any.
pub(crate) fn write_board(
    out: &mut impl Write,
    files: usize,
    ranks: usize,
    mut letter: impl FnMut(usize, usize) -> Option<char>,
) -> Result {
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            match letter(file, rank) {
                None => empty += 1,
                Some(letter) => {
                    if empty > 0 {
                        out.write_char(char::from(b'0' + empty))?;
                        empty = 0;
                    }
                    out.write_char(letter)?;
                }
            }
        }
        if empty > 0 {
            out.write_char(char::from(b'0' + empty))?;
        }
        if rank > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}
