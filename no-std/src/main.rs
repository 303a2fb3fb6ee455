//! A `#![no_std]` program that links qiboard built without default
//! features, so with `core` alone: if anything in qiboard's dependency
//! graph pulled in `std`, its panic handler would clash with the one below
//! and this would not build. It runs the checks a no_std user relies on
//! (tables, FEN in and out, move generation, make/undo, Zobrist keys,
//! perft, error values) and exits non-zero if any fails.
//!
//! Only the C library is linked, for program start, `write` and `exit`.

#![no_std]
#![no_main]

use core::fmt::{self, Write};

use qiboard::{chess, xiangqi, Board};

#[link(name = "c")]
extern "C" {
    fn write(fd: i32, buf: *const u8, count: usize) -> isize;
    fn exit(code: i32) -> !;
}

/// Standard output through the C library.
struct Stdout;

impl Write for Stdout {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let mut rest = text.as_bytes();
        while !rest.is_empty() {
            // SAFETY: `rest` is a live byte slice of the given length.
            let written = unsafe { write(1, rest.as_ptr(), rest.len()) };
            if written <= 0 {
                return Err(fmt::Error);
            }
            rest = &rest[written as usize..];
        }
        Ok(())
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    let _ = writeln!(Stdout, "no_std check panicked: {info}");
    // SAFETY: ends the process; nothing is left to unwind.
    unsafe { exit(101) }
}

/// The precompiled `core` is built to unwind and names this symbol; with
/// `panic = "abort"` nothing ever calls it.
#[no_mangle]
extern "C" fn rust_eh_personality() {}

/// A fixed buffer that text is written into, for comparing printed forms.
struct Text {
    bytes: [u8; 256],
    len: usize,
}

impl Text {
    fn of(value: &dyn fmt::Display) -> Text {
        let mut text = Text {
            bytes: [0; 256],
            len: 0,
        };
        write!(text, "{value}").expect("fits in 256 bytes");
        text
    }

    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("<not UTF-8>")
    }
}

impl Write for Text {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let end = self.len + text.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const XIANGQI_MIDDLE: &str =
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

/// The published perft counts from a FEN, through the trait both
/// positions implement.
fn perft_matches<B: Board>(fen: &str, counts: &[u64]) -> bool {
    let Ok(position) = B::from_fen(fen) else {
        return false;
    };
    counts
        .iter()
        .zip(1..)
        .all(|(&count, depth)| position.perft(depth) == Ok(count))
}

/// FEN in, FEN out: the same text.
fn fen_round_trips<B: Board>(fen: &str) -> bool {
    B::from_fen(fen).is_ok_and(|position| Text::of(&position).as_str() == fen)
}

fn chess_tables() -> bool {
    use chess::{knight_attacks, rook_attacks, Bitboard, Square};
    let blockers: Result<Bitboard, _> =
        "00000000/00000000/00000000/00010000/00000000/00000000/00000000/00000001".parse();
    let Ok(blockers) = blockers else {
        return false;
    };
    let attacked = rook_attacks(Square::D1, blockers);
    knight_attacks(Square::D4).count() == 8
        && attacked.contains(Square::D5)
        && !attacked.contains(Square::D6)
        && "0x81".parse::<Bitboard>() == Ok(Bitboard(0x81))
}

fn xiangqi_tables() -> bool {
    use xiangqi::{cannon_attacks, horse_attacks, Bitboard, Square};
    let occupied: Bitboard = [Square::A3, Square::A7, Square::C0].into_iter().collect();
    horse_attacks(Square::E4, Bitboard::EMPTY).count() == 8
        && cannon_attacks(Square::A0, occupied) == Square::A7.bitboard()
        && "h2".parse::<Square>() == Ok(Square::H2)
}

/// Polyglot keys of the start, after 1.e4 and after 1.e4 d5, each made
/// in place; the position before each move is kept as its undo.
fn chess_keys_make_undo() -> bool {
    let start = chess::Position::start();
    let mut position = start;
    let mut keys = [0; 3];
    keys[0] = position.key();
    for (slot, text) in keys[1..].iter_mut().zip(["e2e4", "d7d5"]) {
        let Ok(mv) = position.parse_move(text) else {
            return false;
        };
        position.play_in_place(mv);
        *slot = position.key();
    }
    keys == [0x463b96181691fc9c, 0x823c9b50fd114196, 0x0756b94461c50fb0]
        && position.key() == position.compute_key()
        && start.key() == keys[0]
}

fn xiangqi_moves_and_keys() -> bool {
    let start = xiangqi::Position::start();
    let Ok(mv) = start.parse_move("h2e2") else {
        return false;
    };
    let after = start.play(mv);
    start.legal_moves().len() == 44
        && after.hashes_from_scratch() == (after.key(), after.lock())
        && after.key() != start.key()
        && after.status() == xiangqi::Status::Ongoing
        && Text::of(&mv).as_str() == "h2e2"
}

/// A chess setup built square by square, checked into a position, and
/// refused once it breaks a rule.
fn chess_setup() -> bool {
    use chess::{Color, Piece, PieceKind, Position, PositionError, Setup, Square};
    let piece = |color, kind| Piece { color, kind };
    let mut setup = Setup::empty();
    setup.put(Square::E1, piece(Color::White, PieceKind::King));
    setup.put(Square::E8, piece(Color::Black, PieceKind::King));
    setup.put(Square::A1, piece(Color::White, PieceKind::Rook));
    setup.set_castling_rooks(Square::A1.bitboard());
    let legal = Position::from_setup(setup).is_ok_and(|position| {
        Text::of(&position).as_str() == "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
            && position.count_legal_moves() == 16
    });
    setup.put(Square::A8, piece(Color::White, PieceKind::Pawn));
    legal && Position::from_setup(setup) == Err(PositionError::PawnOnBackRank(Square::A8))
}

/// Refused text gives error values that say why, without a heap.
fn errors_are_values() -> bool {
    let chess = chess::Position::start();
    let xiangqi = xiangqi::Position::start();
    let long = "e2e4e2e4e2e4e2e4e2e4e2e4e2e4e2e4e2e4e2e4";
    let syntax = matches!(
        chess.parse_move(long),
        Err(chess::MoveError::Syntax(excerpt)) if excerpt.is_cut()
    );
    let illegal = Text::of(&chess.parse_move("e2e5").unwrap_err());
    syntax
        && illegal.as_str() == r#""e2e5" is not a legal move in this position"#
        && matches!(
            xiangqi.parse_move("h2e3"),
            Err(xiangqi::MoveError::Illegal(_))
        )
        && matches!(
            chess::Position::from_fen(""),
            Err(chess::FenError::FieldCount(0))
        )
        && xiangqi::Position::from_fen("9/9").is_err()
        && "z9".parse::<chess::Square>().is_err()
        && "2/2".parse::<xiangqi::Bitboard>().is_err()
        && matches!(
            chess::Position::from_fen("8/8/8/8/8/8/8/8 x - - 0 1"),
            Err(chess::FenError::SideToMove(_))
        )
        && matches!(
            chess::Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
            Err(chess::FenError::Illegal(chess::PositionError::MissingKing(
                chess::Color::White
            )))
        )
}

/// A named check: whether it passed.
type Check = (&'static str, fn() -> bool);

#[no_mangle]
extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    let checks: [Check; 11] = [
        ("chess tables and bitboard text", chess_tables),
        ("xiangqi tables and square text", xiangqi_tables),
        ("chess perft from the start", || {
            perft_matches::<chess::Position>(chess::Position::START_FEN, &[20, 400, 8_902, 197_281])
        }),
        ("chess perft from Kiwipete", || {
            perft_matches::<chess::Position>(KIWIPETE, &[48, 2_039, 97_862])
        }),
        ("xiangqi perft from the start", || {
            perft_matches::<xiangqi::Position>(xiangqi::Position::START_FEN, &[44, 1_920, 79_666])
        }),
        ("xiangqi perft from a middle game", || {
            perft_matches::<xiangqi::Position>(XIANGQI_MIDDLE, &[38, 1_128, 43_929])
        }),
        ("FEN round trips in both games", || {
            fen_round_trips::<chess::Position>(KIWIPETE)
                && fen_round_trips::<xiangqi::Position>(XIANGQI_MIDDLE)
        }),
        (
            "chess Zobrist keys through make and undo",
            chess_keys_make_undo,
        ),
        ("xiangqi moves, key and lock", xiangqi_moves_and_keys),
        ("chess setup checked into a position", chess_setup),
        ("parse errors are values", errors_are_values),
    ];
    let mut out = Stdout;
    let mut failed = 0;
    for (name, check) in checks {
        let ok = check();
        failed += usize::from(!ok);
        let _ = writeln!(out, "{} {name}", if ok { "ok  " } else { "FAIL" });
    }
    let _ = writeln!(
        out,
        "no_std: {} passed, {failed} failed",
        checks.len() - failed
    );
    i32::from(failed > 0)
}
