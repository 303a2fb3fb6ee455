//! WXF notation: `C2.5`, `H8+7`, `R+.3`, `P-.4`, `++.6`, `3+.4`.

use alloc::string::String;

use super::describe::{Description, Mark, Op, Request, Selector};
use super::NotationError;
use crate::xiangqi::PieceKind;

const EXPECTED: &str = "four characters like C2.5, H8+7, R+.3 or 3+.4: a piece letter \
(K A E/B H/N R C P) or tandem marker, a file or +/-, one of + - . =, a digit 1-9";

/// The WXF letter of `kind` (the official `E` and `H`).
fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        other => other.letter(),
    }
}

fn digit(number: u8) -> char {
    char::from(b'0' + number % 10)
}

/// Appends the official WXF text of `description`.
pub(crate) fn spell(description: &Description, out: &mut String) {
    let origin = description.origin;
    let kind = description.kind;
    let file = digit(origin.file);
    let (count, place) = (origin.on_file, origin.from_front);
    let rear = place + 1 == count;
    let head = if origin.on_file < 2 || matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
        // Two advisors or elephants on a file never need a marker: the
        // front one can only retreat and the rear one only advance.
        [letter(kind), file]
    } else if kind != PieceKind::Pawn {
        [letter(kind), if place == 0 { '+' } else { '-' }]
    } else if origin.doubled_files >= 2 {
        // Several files with doubled pawns: the file digit replaces the letter.
        let marker = match (place, rear) {
            (0, _) => '+',
            (_, true) => '-',
            _ => file,
        };
        [file, marker]
    } else {
        match (count, place, rear) {
            (4 | 5, 0, _) => ['+', '+'],
            (4 | 5, _, true) => ['-', '-'],
            (4 | 5, 1, _) | (_, 0, _) => ['P', '+'],
            (_, _, true) => ['P', '-'],
            (4 | 5, _, _) if place + 2 == count => ['P', '-'],
            _ => ['P', file],
        }
    };
    out.extend(head);
    out.push(match description.op {
        Op::Forward => '+',
        Op::Backward => '-',
        Op::Sideways => '.',
    });
    out.push(digit(description.number));
}

/// Drops annotation glyphs and check marks after the four characters of
/// the move itself.
fn strip_suffix(text: &str) -> &str {
    let trimmed = text.trim();
    let mut end = trimmed.len();
    while end > 4 && matches!(trimmed.as_bytes()[end - 1], b'!' | b'?' | b'+' | b'#') {
        end -= 1;
    }
    &trimmed[..end]
}

fn file_digit(byte: u8) -> Option<u8> {
    matches!(byte, b'1'..=b'9').then(|| byte - b'0')
}

/// Reads WXF text, official or in the dialects the module page lists.
pub(crate) fn parse(text: &str) -> Result<Request, NotationError> {
    let syntax = || NotationError::syntax(text, EXPECTED);
    let body = strip_suffix(text);
    let &[first, second, op, number] = body.as_bytes() else {
        return Err(syntax());
    };
    let op = match op {
        b'+' => Op::Forward,
        b'-' => Op::Backward,
        b'.' | b'=' => Op::Sideways,
        _ => return Err(syntax()),
    };
    let number = file_digit(number).ok_or_else(syntax)?;
    let piece =
        |byte: u8| PieceKind::from_letter(char::from(byte)).filter(|_| byte.is_ascii_alphabetic());
    let marked = |file, mark| Selector::Marked { file, mark };
    let (kind, selector) = match (first, second) {
        (b'+', b'+') => (PieceKind::Pawn, marked(None, Mark::Front)),
        (b'-', b'-') => (PieceKind::Pawn, marked(None, Mark::Rear)),
        // A marker before the letter (`+R.5`), which some writers use.
        (b'+', letter) => (piece(letter).ok_or_else(syntax)?, marked(None, Mark::Front)),
        (b'-', letter) => (piece(letter).ok_or_else(syntax)?, marked(None, Mark::Rear)),
        (b'1'..=b'9', b'+') => (PieceKind::Pawn, marked(file_digit(first), Mark::WxfFront)),
        (b'1'..=b'9', b'-') => (PieceKind::Pawn, marked(file_digit(first), Mark::WxfRear)),
        (b'1'..=b'9', b'1'..=b'9') => {
            let (a, b) = (first - b'0', second - b'0');
            // Official `33.4` is the middle pawn of file 3; Fairy-Stockfish's
            // `27=8` the second pawn from the front of file 7. The same
            // digit twice is read the official way unless the operator is
            // Fairy-Stockfish's `=`.
            let mark = if a == b && body.as_bytes()[2] != b'=' {
                Mark::Middle
            } else {
                Mark::Nth(a)
            };
            (PieceKind::Pawn, marked(Some(b), mark))
        }
        (letter, second) => {
            let kind = piece(letter).ok_or_else(syntax)?;
            let selector = match second {
                b'1'..=b'9' if kind == PieceKind::Pawn => Selector::WxfFile(second - b'0'),
                b'1'..=b'9' => Selector::File(second - b'0'),
                b'+' => marked(None, Mark::WxfFront),
                b'-' => marked(None, Mark::WxfRear),
                // xqbase's letters for pawns counted over doubled files,
                // and its `.` for the middle one.
                b'a'..=b'e' => marked(None, Mark::Nth(second - b'a' + 1)),
                b'.' => marked(None, Mark::Middle),
                _ => return Err(syntax()),
            };
            (kind, selector)
        }
    };
    Ok(Request {
        kind,
        selector,
        op,
        number,
    })
}
