//! What WXF and Chinese notation share: a move is a piece, which of the
//! mover's pieces of that kind it is, a direction and a number. This module
//! turns such a description into a move of a position and back; the WXF
//! and Chinese modules only spell it.
//!
//! Files are counted 1–9 from the mover's own right: Red's file `n` is
//! board file `9 − n` (`i` = 1), Black's is `n − 1` (`a` = 1). "Front"
//! means nearer the opponent.

use alloc::format;
use alloc::string::String;

use super::{NotationError, Reason};
use crate::list::ArrayList;
use crate::xiangqi::{reach, Bitboard, Color, Move, PieceKind, Position, Square};

/// Which way a piece goes, as 进/退/平 or `+`/`-`/`.` say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// Towards the opponent.
    Forward,
    /// Towards the mover's own side.
    Backward,
    /// Along the rank (rook, cannon, king, pawn only).
    Sideways,
}

/// Which pieces of one file a tandem marker picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// The one nearest the opponent (前, WXF `++`).
    Front,
    /// The one nearest the mover's side (后, WXF `--`).
    Rear,
    /// The middle one of three or five (中).
    Middle,
    /// WXF `+`: the front one, or the second from the front when the file
    /// holds four or five.
    WxfFront,
    /// WXF `-`: the rear one, or the second from the rear of four or five.
    WxfRear,
    /// The n-th from the front, counting from 1. Without a file, the count
    /// runs over every file holding several, files in the mover's order
    /// (own file 1 first), each front to back (the xqbase numbering).
    Nth(u8),
}

/// Which of the mover's pieces of a kind a text means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Selector {
    /// Whichever stands on this file (own numbering).
    File(u8),
    /// WXF's plain form for pawns: the middle one when the file holds
    /// three or five, else whichever stands on it.
    WxfFile(u8),
    /// One piece of a file that holds several; without a file, of any
    /// such file.
    Marked {
        /// The file, own numbering, if the text gives it.
        file: Option<u8>,
        /// Which one.
        mark: Mark,
    },
}

/// A move as a text describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Request {
    pub kind: PieceKind,
    pub selector: Selector,
    pub op: Op,
    /// Ranks moved (straight movers going forward or back) or the target
    /// file in own numbering (sideways moves; advisors, elephants, horses).
    pub number: u8,
}

/// Where a moving piece stands among its own kind, for choosing a tandem
/// marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    /// Its file, own numbering.
    pub file: u8,
    /// How many of the mover's pieces of its kind stand on that file.
    pub on_file: u8,
    /// Its place among them, 0 = front.
    pub from_front: u8,
    /// How many files hold two or more of the kind.
    pub doubled_files: u8,
    /// Its place in the xqbase numbering over those files (0 = first).
    pub across: u8,
}

/// A legal move as the notations describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Description {
    pub kind: PieceKind,
    pub origin: Origin,
    pub op: Op,
    pub number: u8,
}

/// The mover's file number (1–9, from its own right) of board file `file`.
#[inline]
pub(crate) const fn own_file(side: Color, file: usize) -> u8 {
    match side {
        Color::Red => 9 - file as u8,
        Color::Black => file as u8 + 1,
    }
}

/// The board file (0 = a) of the mover's file number `number`.
#[inline]
const fn board_file(side: Color, number: u8) -> Option<usize> {
    if number < 1 || number > 9 {
        return None;
    }
    Some(match side {
        Color::Red => 9 - number as usize,
        Color::Black => number as usize - 1,
    })
}

/// The mover's pieces of one file, front first (at most five: no side
/// has more of one kind).
type Column = ArrayList<Square, 5>;

fn column(set: Bitboard, file: usize, side: Color) -> Column {
    let mut squares = Column::filled_with(Square::A0);
    let on_file = set & Bitboard::from_file_word(file, 0x3ff);
    // Squares iterate by rising rank: Black's front comes first, Red's last.
    match side {
        Color::Black => on_file.iter().for_each(|square| squares.push(square)),
        Color::Red => {
            let mut all = [Square::A0; 10];
            let mut count = 0;
            for square in on_file {
                all[count] = square;
                count += 1;
            }
            all[..count]
                .iter()
                .rev()
                .for_each(|&square| squares.push(square));
        }
    }
    squares
}

/// The columns holding two or more of `set`, in the mover's file order.
fn doubled_columns(set: Bitboard, side: Color) -> impl Iterator<Item = Column> {
    (1..=9u8).filter_map(move |number| {
        let file = board_file(side, number)?;
        let squares = column(set, file, side);
        (squares.len() >= 2).then_some(squares)
    })
}

fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "king",
        PieceKind::Advisor => "advisor",
        PieceKind::Elephant => "elephant",
        PieceKind::Horse => "horse",
        PieceKind::Rook => "rook",
        PieceKind::Cannon => "cannon",
        PieceKind::Pawn => "pawn",
    }
}

/// The piece of `squares` (front first) that `mark` picks.
fn pick(squares: &Column, mark: Mark) -> Option<Square> {
    let count = squares.len();
    let index = match mark {
        Mark::Front => 0,
        Mark::Rear => count.checked_sub(1)?,
        Mark::Middle if count % 2 == 1 && count >= 3 => count / 2,
        Mark::Middle => return None,
        Mark::WxfFront if count >= 4 => 1,
        Mark::WxfFront => 0,
        Mark::WxfRear if count >= 4 => count - 2,
        Mark::WxfRear => count.checked_sub(1)?,
        Mark::Nth(n) => usize::from(n).checked_sub(1)?,
    };
    squares.get(index).copied()
}

/// The squares the selector names among `set`, the mover's pieces of
/// `kind`; `Err` says why there are none.
fn select(
    set: Bitboard,
    side: Color,
    kind: PieceKind,
    selector: Selector,
) -> Result<Bitboard, String> {
    let name = kind_name(kind);
    let several = |file: usize| {
        let squares = column(set, file, side);
        (squares.len() >= 2).then_some(squares)
    };
    let mut chosen = Bitboard::EMPTY;
    match selector {
        Selector::File(number) | Selector::WxfFile(number) => {
            let file = board_file(side, number).ok_or_else(|| format!("no file {number}"))?;
            let squares = column(set, file, side);
            let middle = matches!(selector, Selector::WxfFile(_)) && kind == PieceKind::Pawn;
            match pick(&squares, Mark::Middle).filter(|_| middle) {
                Some(square) => chosen = chosen.with(square),
                None => squares
                    .iter()
                    .for_each(|&square| chosen = chosen.with(square)),
            }
            if chosen.is_empty() {
                return Err(format!("{side} has no {name} on file {number}"));
            }
        }
        Selector::Marked {
            file: Some(number),
            mark,
        } => {
            let file = board_file(side, number).ok_or_else(|| format!("no file {number}"))?;
            let squares = several(file)
                .ok_or_else(|| format!("{side} has fewer than two {name}s on file {number}"))?;
            let square = pick(&squares, mark).ok_or_else(|| {
                format!(
                    "{side}'s {} {name}s on file {number} have no such one",
                    squares.len()
                )
            })?;
            chosen = chosen.with(square);
        }
        Selector::Marked {
            file: None,
            mark: Mark::Nth(n),
        } => {
            // Count through the doubled files in order until the n-th piece.
            let mut remaining = usize::from(n);
            for squares in doubled_columns(set, side) {
                if remaining >= 1 && remaining <= squares.len() {
                    chosen = chosen.with(squares[remaining - 1]);
                    break;
                }
                remaining = remaining.saturating_sub(squares.len());
            }
            if chosen.is_empty() {
                return Err(format!(
                    "{side} has fewer than {n} {name}s on files holding several"
                ));
            }
        }
        Selector::Marked { file: None, mark } => {
            let mut doubled = false;
            for squares in doubled_columns(set, side) {
                doubled = true;
                if let Some(square) = pick(&squares, mark) {
                    chosen = chosen.with(square);
                }
            }
            if !doubled {
                return Err(format!("{side} has no two {name}s on one file"));
            }
            if chosen.is_empty() {
                return Err(format!("no file of {side}'s {name}s has such a one"));
            }
        }
    }
    Ok(chosen)
}

/// Where a piece of `kind` on `from` lands for `op` and `number`, if that
/// is a square and a move the piece's shape allows.
fn destination(kind: PieceKind, side: Color, from: Square, op: Op, number: u8) -> Option<Square> {
    let forward: isize = match side {
        Color::Red => 1,
        Color::Black => -1,
    };
    let (file, rank) = (from.file() as isize, from.rank() as isize);
    let (to_file, to_rank) = match (kind, op) {
        (PieceKind::King | PieceKind::Rook | PieceKind::Cannon | PieceKind::Pawn, Op::Sideways) => {
            (board_file(side, number)? as isize, rank)
        }
        (PieceKind::King | PieceKind::Rook | PieceKind::Cannon | PieceKind::Pawn, _) => {
            let step = forward * number as isize;
            let signed = if op == Op::Forward { step } else { -step };
            (file, rank + signed)
        }
        (_, Op::Sideways) => return None,
        (_, _) => {
            let to_file = board_file(side, number)? as isize;
            let ranks = match (kind, (to_file - file).abs()) {
                (PieceKind::Advisor, 1) => 1,
                (PieceKind::Elephant, 2) => 2,
                (PieceKind::Horse, 1) => 2,
                (PieceKind::Horse, 2) => 1,
                _ => return None,
            };
            let step = forward * ranks;
            (to_file, rank + if op == Op::Forward { step } else { -step })
        }
    };
    let to = Square::from_file_rank(
        usize::try_from(to_file).ok()?,
        usize::try_from(to_rank).ok()?,
    )?;
    (to != from).then_some(to)
}

/// Why `mv`, whose origin holds a piece of the side to move, is not legal.
pub(crate) fn why_illegal(position: &Position, mv: Move) -> &'static str {
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = position.piece_at(from) else {
        return "no piece stands on its origin";
    };
    if piece.color != position.side_to_move() {
        return "the piece on its origin is not the mover's";
    }
    if position.by_color(piece.color).contains(to) {
        return "a piece of the mover's own stands on the target";
    }
    if reach(piece, from, position.occupied()).contains(to) {
        "it would leave the mover's king in check or facing the other king"
    } else {
        "the piece cannot get there (blocked, or outside where it may go)"
    }
}

/// The one legal move `request` describes in `position`.
pub(crate) fn resolve(
    position: &Position,
    request: Request,
    text: &str,
) -> Result<Move, NotationError> {
    let side = position.side_to_move();
    let error = |reason| Err(NotationError::new(text, reason));
    let name = kind_name(request.kind);
    if request.op == Op::Sideways
        && matches!(
            request.kind,
            PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse
        )
    {
        return error(Reason::Unreachable(format!(
            "a {name} never moves sideways"
        )));
    }
    let set = position.pieces(side, request.kind);
    let origins = match select(set, side, request.kind, request.selector) {
        Ok(origins) => origins,
        Err(why) => return error(Reason::NoPiece(why)),
    };
    let mut shaped: ArrayList<Move, 5> = ArrayList::filled_with(Move::new(Square::A0, Square::A1));
    let mut legal = shaped.clone();
    for from in origins {
        if let Some(to) = destination(request.kind, side, from, request.op, request.number) {
            let mv = Move::new(from, to);
            shaped.push(mv);
            if position.is_legal(mv) {
                legal.push(mv);
            }
        }
    }
    match (legal.as_slice(), shaped.as_slice()) {
        ([mv], _) => Ok(*mv),
        ([], []) => error(Reason::Unreachable(format!(
            "the {name} it names cannot move that way"
        ))),
        ([], [mv, ..]) => error(Reason::Illegal(*mv, why_illegal(position, *mv))),
        (several, _) => error(Reason::Ambiguous(several.to_vec())),
    }
}

/// How the notations describe `mv`, a move of the piece on its origin
/// (`None` when the origin is empty).
pub(crate) fn describe(position: &Position, mv: Move) -> Option<Description> {
    let (from, to) = (mv.from(), mv.to());
    let piece = position.piece_at(from)?;
    let (kind, side) = (piece.kind, piece.color);
    let op = if to.rank() == from.rank() {
        Op::Sideways
    } else if (to.rank() > from.rank()) == (side == Color::Red) {
        Op::Forward
    } else {
        Op::Backward
    };
    let number = match (kind, op) {
        (
            PieceKind::King | PieceKind::Rook | PieceKind::Cannon | PieceKind::Pawn,
            Op::Forward | Op::Backward,
        ) => to.rank().abs_diff(from.rank()) as u8,
        _ => own_file(side, to.file()),
    };
    let set = position.pieces(side, kind);
    let squares = column(set, from.file(), side);
    let from_front = squares
        .iter()
        .position(|&square| square == from)
        .unwrap_or(0);
    let mut doubled_files = 0;
    let mut across = 0;
    let mut seen = false;
    for doubled in doubled_columns(set, side) {
        doubled_files += 1;
        match doubled.iter().position(|&square| square == from) {
            Some(place) => {
                across += place;
                seen = true;
            }
            None if !seen => across += doubled.len(),
            None => {}
        }
    }
    Some(Description {
        kind,
        origin: Origin {
            file: own_file(side, from.file()),
            on_file: squares.len() as u8,
            from_front: from_front as u8,
            doubled_files,
            across: across as u8,
        },
        op,
        number,
    })
}
