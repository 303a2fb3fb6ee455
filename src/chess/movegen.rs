//! Legal move generation with checkers and pin masks.
//!
//! One generator serves every purpose through a [`MoveSink`]: a list
//! collects moves, a counter adds up target-set sizes (perft's last ply
//! never builds a move). Const parameters pick captures, quiet moves or
//! both at compile time.

use super::position::{back_rank, lowest};
use super::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks, Bitboard, Color, Move, MoveList, PieceKind, Position, Square,
};

/// How a set of pawn moves is written down.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PawnStep {
    Normal,
    Double,
    /// Four moves per target, one per promotion piece.
    Promotion,
}

/// Receives generated moves in bulk.
trait MoveSink {
    /// The piece of `kind` on `from` may move to every square of `targets`.
    fn piece(&mut self, kind: PieceKind, from: Square, targets: Bitboard);
    /// Pawns may move to every square of `targets`, each from `delta`
    /// squares back (`from = to - delta`).
    fn pawns(&mut self, targets: Bitboard, delta: i32, step: PawnStep);
    /// One move (en passant, castling).
    fn single(&mut self, mv: Move);
}

/// Counts moves without writing them down.
struct Counter(u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn piece(&mut self, _kind: PieceKind, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32, step: PawnStep) {
        let per_target = if step == PawnStep::Promotion { 4 } else { 1 };
        self.0 += per_target * u64::from(targets.count());
    }

    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn piece(&mut self, kind: PieceKind, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(kind, from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, step: PawnStep) {
        for to in targets {
            let from = Square::from_index_wrapping((to.index() as i32 - delta) as usize);
            match step {
                PawnStep::Normal => self.push(Move::normal(PieceKind::Pawn, from, to)),
                PawnStep::Double => self.push(Move::double_push(from, to)),
                PawnStep::Promotion => {
                    for kind in PieceKind::PROMOTIONS {
                        self.push(Move::promotion(from, to, kind));
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Whether a position is still being played out, or how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check with no legal move: it has lost.
    Checkmate,
    /// The side to move is not in check and has no legal move: a draw.
    Stalemate,
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// `set` moved `delta` squares up the board (down when negative).
#[inline(always)]
const fn shift(set: u64, delta: i32) -> u64 {
    if delta >= 0 {
        set << delta
    } else {
        set >> -delta
    }
}

/// The enemy's pieces, grouped by how they attack.
struct Enemy {
    pawns: Bitboard,
    knights: Bitboard,
    king: Bitboard,
    /// Rooks and queens.
    straight: Bitboard,
    /// Bishops and queens.
    diagonal: Bitboard,
}

/// The rank and file through `square`: a filter that spares a magic
/// lookup (and its likely cache miss) when no rook or queen is in line.
/// With nothing on the board the magic index is 0: one read, no multiply.
#[inline(always)]
fn rook_lines(square: Square) -> Bitboard {
    rook_attacks(square, Bitboard::EMPTY)
}

/// The two diagonals through `square` (see [`rook_lines`]).
#[inline(always)]
fn bishop_lines(square: Square) -> Bitboard {
    bishop_attacks(square, Bitboard::EMPTY)
}

/// What the king's own moves found out about the squares around it.
struct KingSquares {
    safe: Bitboard,
    attacked: Bitboard,
}

/// Board facts every piece's generation needs.
struct Context {
    us: Color,
    king: Square,
    occupied: Bitboard,
    theirs: Bitboard,
    /// Where a non-king piece may land: the move filter, narrowed to the
    /// checker and the squares between it and the king when in check.
    target: Bitboard,
    pinned: Bitboard,
    in_check: bool,
}

impl Position {
    /// Pieces giving check, and our pieces pinned to our king. One X-ray
    /// lookup per slider direction finds both: an enemy slider that sees
    /// the king through nothing checks, through one of ours pins it.
    #[inline(always)]
    fn checkers_and_pinned(&self, king: Square) -> (Bitboard, Bitboard) {
        let us = self.side;
        let theirs = self.by_color[(!us).index()];
        let occupied = self.occupied();
        let queens = self.by_kind[PieceKind::Queen.index()];
        let straight = (self.by_kind[PieceKind::Rook.index()] | queens) & theirs;
        let diagonal = (self.by_kind[PieceKind::Bishop.index()] | queens) & theirs;
        // Skip a lookup when no slider of that kind is even in line.
        let mut snipers = Bitboard::EMPTY;
        if !(straight & rook_lines(king)).is_empty() {
            snipers |= rook_attacks(king, theirs) & straight;
        }
        if !(diagonal & bishop_lines(king)).is_empty() {
            snipers |= bishop_attacks(king, theirs) & diagonal;
        }
        let mut checkers = theirs
            & ((knight_attacks(king) & self.by_kind[PieceKind::Knight.index()])
                | (pawn_attacks(us, king) & self.by_kind[PieceKind::Pawn.index()]));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= sniper.bitboard();
            } else if !blockers.has_many() {
                pinned |= blockers;
            }
        }
        (checkers, pinned)
    }

    /// Whether no enemy piece attacks `square`, were the board
    /// occupied by `occupied` (our king lifted off it). Cheapest tests first;
    /// a slider lookup only when an enemy slider shares a line with the square.
    #[inline(always)]
    fn safe_for_king(&self, square: Square, occupied: Bitboard, enemy: &Enemy) -> bool {
        let us = self.side;
        if !(knight_attacks(square) & enemy.knights).is_empty()
            || !(pawn_attacks(us, square) & enemy.pawns).is_empty()
            || !(king_attacks(square) & enemy.king).is_empty()
        {
            return false;
        }
        if !(enemy.straight & rook_lines(square)).is_empty()
            && !(rook_attacks(square, occupied) & enemy.straight).is_empty()
        {
            return false;
        }
        (enemy.diagonal & bishop_lines(square)).is_empty()
            || (bishop_attacks(square, occupied) & enemy.diagonal).is_empty()
    }

    #[inline(always)]
    fn generate<S: MoveSink, const CAPTURES: bool, const QUIETS: bool>(&self, sink: &mut S) {
        let us = self.side;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occupied = ours | theirs;
        let king = self.king(us);
        let (checkers, pinned) = self.checkers_and_pinned(king);

        let mut filter = Bitboard::EMPTY;
        if CAPTURES {
            filter |= theirs;
        }
        if QUIETS {
            filter |= !occupied;
        }

        let them = !us;
        let queens = self.by_kind[PieceKind::Queen.index()];
        let enemy = Enemy {
            pawns: self.pieces_of(them, PieceKind::Pawn),
            knights: self.pieces_of(them, PieceKind::Knight),
            king: self.pieces_of(them, PieceKind::King),
            straight: (self.by_kind[PieceKind::Rook.index()] | queens) & theirs,
            diagonal: (self.by_kind[PieceKind::Bishop.index()] | queens) & theirs,
        };
        let without_king = occupied - king.bitboard();
        let mut king_targets = Bitboard::EMPTY;
        let mut attacked = Bitboard::EMPTY;
        for to in king_attacks(king) & filter {
            if self.safe_for_king(to, without_king, &enemy) {
                king_targets |= to.bitboard();
            } else {
                attacked |= to.bitboard();
            }
        }
        if !king_targets.is_empty() {
            sink.piece(PieceKind::King, king, king_targets);
        }
        if checkers.has_many() {
            return;
        }

        let in_check = !checkers.is_empty();
        let target = if in_check {
            (between(king, lowest(checkers)) | checkers) & filter
        } else {
            filter
        };
        let cx = Context {
            us,
            king,
            occupied,
            theirs,
            target,
            pinned,
            in_check,
        };

        self.knight_moves(&cx, sink);
        self.slider_moves(&cx, sink);
        match us {
            Color::White => self.pawn_moves::<S, true>(&cx, sink),
            Color::Black => self.pawn_moves::<S, false>(&cx, sink),
        }
        if CAPTURES {
            self.en_passant_moves(&cx, sink);
        }
        if QUIETS && !in_check {
            let known = KingSquares {
                safe: king_targets,
                attacked,
            };
            self.castling_moves(&cx, &enemy, &known, sink);
        }
    }

    #[inline(always)]
    fn knight_moves<S: MoveSink>(&self, cx: &Context, sink: &mut S) {
        // A pinned knight can never stay on its pin line.
        let knights = self.pieces_of(cx.us, PieceKind::Knight) - cx.pinned;
        for from in knights {
            let targets = knight_attacks(from) & cx.target;
            if !targets.is_empty() {
                sink.piece(PieceKind::Knight, from, targets);
            }
        }
    }

    #[inline(always)]
    fn slider_moves<S: MoveSink>(&self, cx: &Context, sink: &mut S) {
        self.slides(cx, sink, PieceKind::Bishop, bishop_attacks);
        self.slides(cx, sink, PieceKind::Rook, rook_attacks);
        self.slides(cx, sink, PieceKind::Queen, queen_attacks);
    }

    /// Moves of our sliders of `kind`, which attack as `attacks` says.
    #[inline(always)]
    fn slides<S: MoveSink>(
        &self,
        cx: &Context,
        sink: &mut S,
        kind: PieceKind,
        attacks: impl Fn(Square, Bitboard) -> Bitboard,
    ) {
        let pieces = self.pieces_of(cx.us, kind);
        for from in pieces - cx.pinned {
            let targets = attacks(from, cx.occupied) & cx.target;
            if !targets.is_empty() {
                sink.piece(kind, from, targets);
            }
        }
        // A pinned piece cannot answer a check; otherwise it may slide
        // along its pin line.
        if cx.in_check {
            return;
        }
        for from in pieces & cx.pinned {
            let targets = attacks(from, cx.occupied) & cx.target & line(cx.king, from);
            if !targets.is_empty() {
                sink.piece(kind, from, targets);
            }
        }
    }

    #[inline(always)]
    fn pawn_moves<S: MoveSink, const WHITE: bool>(&self, cx: &Context, sink: &mut S) {
        let pawns = self.pieces_of(cx.us, PieceKind::Pawn);
        pawn_set_moves::<S, WHITE>(pawns - cx.pinned, cx.target, cx, sink);
        if !cx.in_check {
            for pawn in pawns & cx.pinned {
                let target = cx.target & line(cx.king, pawn);
                pawn_set_moves::<S, WHITE>(pawn.bitboard(), target, cx, sink);
            }
        }
    }

    /// En passant, checked by making it: the capture empties two squares
    /// of one rank at once, which pin masks do not see.
    #[inline(always)]
    fn en_passant_moves<S: MoveSink>(&self, cx: &Context, sink: &mut S) {
        let Some(to) = self.en_passant else {
            return;
        };
        let capturers = pawn_attacks(!cx.us, to) & self.pieces_of(cx.us, PieceKind::Pawn);
        if capturers.is_empty() {
            return;
        }
        // The captured pawn stands one rank nearer the capturer's side:
        // rank 5 for an en passant square on rank 6, rank 4 for rank 3.
        let victim = Square::from_index_wrapping(to.index() ^ 8);
        let queens = self.by_kind[PieceKind::Queen.index()];
        let theirs = cx.theirs - victim.bitboard();
        let straight = (self.by_kind[PieceKind::Rook.index()] | queens) & theirs;
        let diagonal = (self.by_kind[PieceKind::Bishop.index()] | queens) & theirs;
        let leapers = theirs
            & ((knight_attacks(cx.king) & self.by_kind[PieceKind::Knight.index()])
                | (pawn_attacks(cx.us, cx.king) & self.by_kind[PieceKind::Pawn.index()]));
        if !leapers.is_empty() {
            return;
        }
        for from in capturers {
            let occupied = (cx.occupied - from.bitboard() - victim.bitboard()) | to.bitboard();
            let exposed = (rook_attacks(cx.king, occupied) & straight)
                | (bishop_attacks(cx.king, occupied) & diagonal);
            if exposed.is_empty() {
                sink.single(Move::en_passant(from, to));
            }
        }
    }

    #[inline(always)]
    fn castling_moves<S: MoveSink>(
        &self,
        cx: &Context,
        enemy: &Enemy,
        known: &KingSquares,
        sink: &mut S,
    ) {
        let rooks = self.castle_rooks & back_rank(cx.us);
        for rook in rooks {
            let mv = Move::castle(cx.king, rook);
            let king_to = mv.castle_king_target();
            let rook_to = mv.castle_rook_target();
            let king_path = between(cx.king, king_to) | king_to.bitboard();
            let movers = cx.king.bitboard() | rook.bitboard();
            let must_be_empty = (king_path | between(rook, rook_to) | rook_to.bitboard()) - movers;
            if !(cx.occupied & must_be_empty).is_empty() {
                continue;
            }
            // Test without the rook, so that an attack it was screening (a
            // Chess960 rook between its king and an enemy) counts. A corner
            // rook screens nothing, so the king's own findings still hold.
            let occupied = cx.occupied - movers;
            let to_test = if matches!(rook.file(), 0 | 7) {
                if !(king_path & known.attacked).is_empty() {
                    continue;
                }
                king_path - known.safe
            } else {
                king_path
            };
            if to_test
                .iter()
                .all(|square| self.safe_for_king(square, occupied, enemy))
            {
                sink.single(mv);
            }
        }
    }

    /// All legal moves.
    ///
    /// ```
    /// use qiboard::chess::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, true, true>(&mut list);
        list
    }

    /// The legal captures, en passant included (capturing promotions too).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, true, false>(&mut list);
        list
    }

    /// The legal moves that capture nothing (castling and quiet promotions included).
    pub fn legal_quiets(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, false, true>(&mut list);
        list
    }

    /// How many legal moves there are, counted without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate::<_, true, true>(&mut counter);
        counter.0
    }

    /// Whether the game goes on, or ended in checkmate or stalemate.
    pub fn status(&self) -> Status {
        if self.count_legal_moves() > 0 {
            Status::Ongoing
        } else if self.is_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }
}

/// Pushes and captures of the pawns in `pawns`, landing in `target`.
#[inline(always)]
fn pawn_set_moves<S: MoveSink, const WHITE: bool>(
    pawns: Bitboard,
    target: Bitboard,
    cx: &Context,
    sink: &mut S,
) {
    let (up, up_west, up_east) = if WHITE { (8, 7, 9) } else { (-8, -9, -7) };
    let (last_rank, third_rank) = if WHITE {
        (0xff << 56, 0xff << 16)
    } else {
        (0xff, 0xff << 40)
    };
    let empty = !cx.occupied.0;
    let pawns = pawns.0;
    let target = target.0;

    let single = shift(pawns, up) & empty;
    let double = shift(single & third_rank, up) & empty & target;
    let single = single & target;
    let enemies = cx.theirs.0 & target;
    let west = shift(pawns & !FILE_A, up_west) & enemies;
    let east = shift(pawns & !FILE_H, up_east) & enemies;

    for (set, delta) in [(single, up), (west, up_west), (east, up_east)] {
        let promoting = set & last_rank;
        if set != promoting {
            sink.pawns(Bitboard(set & !last_rank), delta, PawnStep::Normal);
        }
        if promoting != 0 {
            sink.pawns(Bitboard(promoting), delta, PawnStep::Promotion);
        }
    }
    if double != 0 {
        sink.pawns(Bitboard(double), 2 * up, PawnStep::Double);
    }
}
