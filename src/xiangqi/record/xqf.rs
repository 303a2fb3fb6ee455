//! Reading XQF, XQStudio's binary record format.
//!
//! A 1,024-byte header (signature `XQ`, version, keys, a table of the 32
//! pieces' squares, result, Pascal strings) is followed by the move tree
//! in pre-order: the root record (the game comment), then each move
//! record followed by its continuation and then by its alternatives.
//! Version 0x0A files are plain; from 0x0B the piece table, the move
//! squares, the comment lengths and the body bytes are offset by keys
//! derived from four header bytes, and from 0x0C the piece table is also
//! rotated.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::text::decode_gb18030;
use super::{MoveTree, NodeId, ProblemKind, ReadError, Record};
use crate::xiangqi::notation::why_illegal;
use crate::xiangqi::{Color, Move, NotationError, Position, Reason, Square};
use crate::Excerpt;

const HEADER: usize = 0x400;

/// XQStudio's key seed: its copyright line.
const SEED: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The piece of each slot of the table, Red's 16 then Black's.
const SLOTS: [char; 16] = [
    'R', 'N', 'B', 'A', 'K', 'A', 'B', 'N', 'R', 'C', 'C', 'P', 'P', 'P', 'P', 'P',
];

/// Header strings: offset, capacity and the PGN tag they become.
const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 63, "Title"),
    (0xd0, 63, "Event"),
    (0x110, 15, "Date"),
    (0x120, 15, "Site"),
    (0x130, 15, "Red"),
    (0x140, 15, "Black"),
    (0x150, 63, "TimeControl"),
    (0x190, 15, "RedTime"),
    (0x1a0, 15, "BlackTime"),
    (0x1d0, 15, "Annotator"),
    (0x1e0, 15, "Author"),
];

/// The obfuscation keys of one file (all zero before version 0x0B).
#[derive(Clone, Copy, Debug, Default)]
struct Keys {
    square: u8,
    from: u8,
    to: u8,
    comment: u32,
    body: [u8; 32],
}

/// XQStudio's key scrambler, every step reduced to one byte.
fn mix(byte: u8) -> u8 {
    let b = byte;
    b.wrapping_mul(b)
        .wrapping_mul(3)
        .wrapping_add(9)
        .wrapping_mul(3)
        .wrapping_add(8)
        .wrapping_mul(2)
        .wrapping_add(1)
        .wrapping_mul(3)
        .wrapping_add(8)
}

fn keys(header: &[u8]) -> Keys {
    if header[2] <= 0x0a {
        return Keys::default();
    }
    let (mask, sum, xy, xyf, xyt) = (header[3], header[12], header[13], header[14], header[15]);
    let square = mix(xy).wrapping_mul(xy);
    let from = mix(xyf).wrapping_mul(square);
    let to = mix(xyt).wrapping_mul(from);
    let mixed = [
        (sum & mask) | header[8],
        (xy & mask) | header[9],
        (xyf & mask) | header[10],
        (xyt & mask) | header[11],
    ];
    let mut body = [0; 32];
    for (i, key) in body.iter_mut().enumerate() {
        *key = SEED[i] & mixed[i % 4];
    }
    Keys {
        square,
        from,
        to,
        comment: (u32::from(sum) * 256 + u32::from(xy)) % 32000 + 767,
        body,
    }
}

/// The squares of the 32 pieces, undone from the version's obfuscation:
/// `None` for a piece off the board.
fn piece_squares(header: &[u8], keys: &Keys) -> [Option<Square>; 32] {
    let version = header[2];
    let mut table = [0u8; 32];
    table.copy_from_slice(&header[0x10..0x30]);
    if version >= 0x0c {
        let mut rotated = [0u8; 32];
        for (i, &byte) in table.iter().enumerate() {
            rotated[(i + usize::from(keys.square) + 1) % 32] = byte;
        }
        table = rotated;
    }
    if version >= 0x0b {
        table
            .iter_mut()
            .for_each(|byte| *byte = byte.wrapping_sub(keys.square));
    }
    table.map(square)
}

/// An XQF square byte (`file × 10 + rank`), if it is on the board.
fn square(byte: u8) -> Option<Square> {
    if byte > 89 {
        return None;
    }
    Square::from_file_rank(usize::from(byte / 10), usize::from(byte % 10))
}

/// A Pascal string of the header, decoded; `None` when empty.
fn header_string(header: &[u8], offset: usize, capacity: usize) -> Option<String> {
    let length = usize::from(header[offset]).min(capacity);
    let text = decode_gb18030(&header[offset + 1..offset + 1 + length]);
    let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    (!text.is_empty()).then(|| text.to_string())
}

/// One move record, decoded.
struct Raw {
    from: u8,
    to: u8,
    has_child: bool,
    has_sibling: bool,
    comment: Option<String>,
}

/// The body after the header, read record by record.
#[derive(Clone)]
struct Body<'a> {
    bytes: &'a [u8],
    at: usize,
    version: u8,
    keys: Keys,
}

impl Body<'_> {
    fn byte(&mut self) -> Option<u8> {
        let byte = *self.bytes.get(self.at)?;
        let key = self.keys.body[self.at % 32];
        self.at += 1;
        Some(byte.wrapping_sub(key))
    }

    fn word(&mut self) -> Option<u32> {
        let mut bytes = [0; 4];
        for byte in &mut bytes {
            *byte = self.byte()?;
        }
        Some(u32::from_le_bytes(bytes))
    }

    fn at_end(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// The next record; `None` when the data ends inside it.
    fn record(&mut self) -> Option<Raw> {
        let (from, to, flags, _spare) = (self.byte()?, self.byte()?, self.byte()?, self.byte()?);
        let from = from.wrapping_sub(0x18).wrapping_sub(self.keys.from);
        let to = to.wrapping_sub(0x20).wrapping_sub(self.keys.to);
        let (has_child, has_sibling, length) = if self.version <= 0x0a {
            // Old files always store a comment length, as a signed number.
            let length = self.word()? as i32;
            (flags & 0xf0 != 0, flags & 0x0f != 0, i64::from(length))
        } else {
            let length = if flags & 0x20 != 0 {
                i64::from(self.word()?) - i64::from(self.keys.comment)
            } else {
                0
            };
            (flags & 0x80 != 0, flags & 0x40 != 0, length)
        };
        let mut comment = None;
        if length > 0 {
            let length = usize::try_from(length).ok()?;
            if self.bytes.len() - self.at < length {
                self.at = self.bytes.len();
                return None;
            }
            let bytes: Vec<u8> = (0..length).filter_map(|_| self.byte()).collect();
            let text = decode_gb18030(&bytes).replace("\r\n", "\n");
            let text = text.trim();
            if !text.is_empty() {
                comment = Some(text.to_string());
            }
        }
        Some(Raw {
            from,
            to,
            has_child,
            has_sibling,
            comment,
        })
    }
}

/// A record still to be read: where it hangs and the position before it.
struct Pending {
    parent: NodeId,
    position: Position,
    ply: u32,
    main_line: bool,
}

/// The FEN of the piece table with `side` to move.
fn fen(squares: &[Option<Square>; 32], side: Color) -> String {
    let mut board = [None; 90];
    for (slot, square) in squares.iter().enumerate() {
        if let Some(square) = square {
            let letter = SLOTS[slot % 16];
            board[square.index()] = Some(if slot < 16 {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
    }
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = crate::fen::write_board(&mut text, 9, 10, |file, rank| board[rank * 9 + file]);
    text.push_str(if side == Color::Red { " w" } else { " b" });
    text
}

/// The move record `raw` names, as text for a problem.
fn raw_text(raw: &Raw) -> String {
    match (square(raw.from), square(raw.to)) {
        (Some(from), Some(to)) => alloc::format!("{from}{to}"),
        _ => alloc::format!("squares {:#04x} {:#04x}", raw.from, raw.to),
    }
}

/// Reads an XQF file.
///
/// # Errors
///
/// [`ReadError`] when the bytes are not an XQF file or end inside its header
/// (damage after the header is read as far as it goes, with
/// [`Problem`](super::Problem)s).
pub fn read_xqf(bytes: &[u8]) -> Result<Record, ReadError> {
    if !bytes.starts_with(b"XQ") {
        return Err(ReadError::NotXqf("no XQ signature"));
    }
    let header = bytes
        .get(..HEADER)
        .ok_or(ReadError::NotXqf("shorter than the 1,024-byte header"))?;
    let keys = keys(header);
    let squares = piece_squares(header, &keys);
    let mut body = Body {
        bytes,
        at: HEADER,
        version: header[2],
        keys,
    };
    let root = body.record();
    // The side to move is the first move's mover; the header's only when
    // there is no first move to ask.
    let header_side = if header[0x32] == 1 {
        Color::Black
    } else {
        Color::Red
    };
    let first_mover = body
        .clone()
        .record()
        .and_then(|first| square(first.from))
        .and_then(|from| {
            let slot = squares.iter().position(|&square| square == Some(from))?;
            Some(if slot < 16 { Color::Red } else { Color::Black })
        });
    let side = first_mover.unwrap_or(header_side);
    let fen = fen(&squares, side);
    let start = Position::from_fen(&fen).map_err(|error| ReadError::BadStart {
        fen: Excerpt::new(&fen),
        error,
    })?;
    let mut record = Record::new(start.clone());
    for (offset, capacity, tag) in STRINGS {
        if let Some(value) = header_string(header, offset, capacity) {
            record.set_tag(tag, &value);
        }
    }
    let result = match header[0x33] {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    };
    record.set_tag("Result", result);
    if side != header_side {
        let problem = record.whole_problem(ProblemKind::SideToMove {
            header: header_side,
        });
        record.problems.push(problem);
    }
    let Some(root) = root else {
        let problem = record.whole_problem(ProblemKind::Truncated);
        record.problems.push(problem);
        return Ok(record);
    };
    record.tree.set_comment(MoveTree::ROOT, root.comment);
    let mut pending = Vec::new();
    // Some writers leave the root's flag unset although moves follow.
    if root.has_child || !body.at_end() {
        pending.push(Pending {
            parent: MoveTree::ROOT,
            position: start,
            ply: 1,
            main_line: true,
        });
    }
    while let Some(here) = pending.pop() {
        let Some(raw) = body.record() else {
            let problem = record.move_problem(here.ply, here.main_line, ProblemKind::Truncated);
            record.problems.push(problem);
            break;
        };
        let mut child = Pending {
            parent: here.parent,
            position: here.position.clone(),
            ply: here.ply,
            main_line: here.main_line,
        };
        match play(&here.position, &raw) {
            Ok(mv) => {
                let node = record.tree.push(here.parent, mv);
                record.tree.set_comment(node, raw.comment.clone());
                child.parent = node;
                child.position = here.position.play(mv);
                child.ply += 1;
            }
            Err(error) => {
                // What follows a record that is no move is read from the
                // position before it, as XQStudio and cchess read it.
                let kind = ProblemKind::Skipped { error };
                let problem = record.move_problem(here.ply, here.main_line, kind);
                record.problems.push(problem);
            }
        }
        // Alternatives come after the whole continuation: push them first.
        if raw.has_sibling {
            pending.push(Pending {
                main_line: false,
                ..here
            });
        }
        if raw.has_child {
            pending.push(child);
        }
    }
    Ok(record)
}

/// The legal move a record names, or why it is none.
fn play(position: &Position, raw: &Raw) -> Result<Move, NotationError> {
    let text = raw_text(raw);
    let (Some(from), Some(to)) = (square(raw.from), square(raw.to)) else {
        return Err(NotationError::new(
            &text,
            Reason::Syntax("squares on the board (bytes 0-89, file x 10 + rank)"),
        ));
    };
    let mv = Move::new(from, to);
    if from != to && position.is_legal(mv) {
        Ok(mv)
    } else {
        Err(NotationError::new(
            &text,
            Reason::Illegal(mv, why_illegal(position, mv)),
        ))
    }
}
