//! Every public constructor that reads text, swept with random and
//! adversarial input: each must answer with an error value (never a
//! panic), and must not allocate in proportion to the garbage before it
//! refuses it. A counting allocator in this test binary measures the
//! peak of extra heap bytes on the calling thread.

use std::panic::{catch_unwind, AssertUnwindSafe};

use qiboard::{chess, xiangqi};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[path = "support/heap.rs"]
mod heap;

#[global_allocator]
static ALLOCATOR: heap::Counting = heap::Counting;

/// The most extra heap bytes one call may hold at once, whatever its
/// input: the parsers need none at all; a new game holds a few positions.
const HEAP_BOUND: isize = 4096;

/// A constructor under test: its name, and whether it accepted the text.
type Constructor = (&'static str, fn(&str) -> bool);

fn constructors() -> Vec<Constructor> {
    let mut list: Vec<Constructor> = vec![
        ("chess Square", |t| t.parse::<chess::Square>().is_ok()),
        ("xiangqi Square", |t| t.parse::<xiangqi::Square>().is_ok()),
        ("chess Bitboard", |t| t.parse::<chess::Bitboard>().is_ok()),
        ("xiangqi Bitboard", |t| {
            t.parse::<xiangqi::Bitboard>().is_ok()
        }),
        ("xiangqi Move", |t| t.parse::<xiangqi::Move>().is_ok()),
        ("chess Position::from_fen", |t| {
            chess::Position::from_fen(t).is_ok()
        }),
        ("chess Position FromStr", |t| {
            t.parse::<chess::Position>().is_ok()
        }),
        ("xiangqi Position::from_fen", |t| {
            xiangqi::Position::from_fen(t).is_ok()
        }),
        ("chess parse_move", |t| {
            chess::Position::start().parse_move(t).is_ok()
        }),
        ("chess parse_move (Chess960)", |t| {
            chess::Position::from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1")
                .expect("a Chess960 position")
                .parse_move(t)
                .is_ok()
        }),
        ("xiangqi parse_move", |t| {
            xiangqi::Position::start().parse_move(t).is_ok()
        }),
        ("chess Game::play_text", |t| {
            chess::Game::new().play_text(t).is_ok()
        }),
        ("xiangqi Game::play_text", |t| {
            xiangqi::Game::new().play_text(t).is_ok()
        }),
    ];
    list.push(("xiangqi parse_any_notation", |t| {
        xiangqi::Position::start().parse_any_notation(t).is_ok()
    }));
    list.push(("chess parse_san", |t| {
        chess::Position::start().parse_san(t).is_ok()
    }));
    list.push(("tablebase file", |t| {
        qiboard_tablebase::check_file_bytes(t.as_bytes()).is_ok()
    }));
    list.push(("tablebase Material", |t| {
        t.parse::<qiboard_tablebase::Material>().is_ok()
    }));
    list
}

/// Constructors whose error keeps a copy of the whole text (it allocates
/// once, in proportion to the input): allowed one copy of it, so that
/// anything worse still fails. None left: every error keeps an `Excerpt`.
const ONE_COPY_ALLOWED: &[&str] = &[];

/// Runs `constructor` on `text` with the heap counter reset, and fails
/// the test naming the input if it panics or holds too much heap.
fn call((name, constructor): Constructor, text: &str) -> bool {
    let (accepted, peak) = heap::peak_of(|| catch_unwind(AssertUnwindSafe(|| constructor(text))));
    let peak = peak as isize;
    let shown: String = text.chars().take(40).collect();
    let Ok(accepted) = accepted else {
        panic!("{name} panicked on {shown:?} ({} bytes)", text.len());
    };
    let bound = if ONE_COPY_ALLOWED.contains(&name) {
        HEAP_BOUND + text.len() as isize
    } else {
        HEAP_BOUND
    };
    assert!(
        peak <= bound,
        "{name} held {peak} heap bytes at once on {shown:?} ({} bytes)",
        text.len()
    );
    accepted
}

const MEGABYTES_10: usize = 10 << 20;

/// Ten-megabyte inputs built to go as far as possible before a parser can
/// tell they are wrong: long runs of characters each parser accepts, valid
/// text followed by a huge tail, huge fields and lines.
fn huge_inputs() -> Vec<String> {
    let n = MEGABYTES_10;
    let chess_start = chess::Position::START_FEN;
    let xiangqi_start = xiangqi::Position::START_FEN;
    vec![
        "a".repeat(n),
        "1".repeat(n),
        "0".repeat(n),
        "9".repeat(n),
        "K".repeat(n),
        "/".repeat(n),
        " ".repeat(n),
        "\n".repeat(n),
        "\0".repeat(n),
        "é".repeat(n / 2),
        "e2e4 ".repeat(n / 5),
        "0/".repeat(n / 2),
        "8/".repeat(n / 2),
        "1/".repeat(n / 2),
        "w ".repeat(n / 2),
        format!("0x{}", "_".repeat(n)),
        format!("0x1{}", "0".repeat(n)),
        format!("KRK{}", "A".repeat(n)),
        format!("K{}", "k".repeat(n)),
        format!("{chess_start} {}", "x".repeat(n)),
        format!("{xiangqi_start} {}", "x".repeat(n)),
        format!("{} w - - 0 1", "p".repeat(n)),
        format!("rnbqkbnr/{} w KQkq - 0 1", "8".repeat(n)),
        format!("4k3/8/8/8/8/8/8/4K3 w {} - 0 1", "K".repeat(n)),
        format!("4k3/8/8/8/8/8/8/4K3 w - - {} 1", "9".repeat(n)),
        format!("{} w", "9/".repeat(n / 2)),
        format!("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 {}", "1".repeat(n)),
        format!("h2e2{}", "2".repeat(n)),
        format!("e7e8{}", "q".repeat(n)),
        // One long line, then many short ones.
        format!("{}\n{}", "r".repeat(n / 2), "e2e4\n".repeat(n / 10)),
    ]
}

#[test]
fn huge_input_is_refused_without_a_heap_in_proportion() {
    let constructors = constructors();
    // Leading zeros: ten megabytes of them still make a valid bitboard.
    let zeros = format!("0x{}1", "0".repeat(MEGABYTES_10));
    assert!(call(constructors[2], &zeros) && call(constructors[3], &zeros));
    for text in huge_inputs() {
        for &constructor in &constructors {
            assert!(
                !call(constructor, &text),
                "{} accepted {} bytes starting {:?}",
                constructor.0,
                text.len(),
                &text[..text.len().min(20)]
            );
        }
    }
}

/// Text drawn from `alphabet` (characters each parser accepts
/// somewhere), and sometimes cut from a valid text and spliced with it, so
/// that random input gets past the first checks.
fn random_text(rng: &mut Xoshiro256PlusPlus, alphabet: &[char], valid: &[&str]) -> String {
    let pick = |rng: &mut Xoshiro256PlusPlus, n: usize| (rng.next_u64() % n as u64) as usize;
    let mut text = String::new();
    if rng.next_u64() % 2 == 0 {
        let base = valid[pick(rng, valid.len())];
        let cut = pick(rng, base.len() + 1);
        text.push_str(base.get(..cut).unwrap_or(base));
    }
    for _ in 0..pick(rng, 24) {
        text.push(alphabet[pick(rng, alphabet.len())]);
    }
    if rng.next_u64() % 4 == 0 {
        let base = valid[pick(rng, valid.len())];
        text.push_str(base);
    }
    text
}

#[test]
fn random_and_adversarial_text_never_panics() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x0bad_1a9e);
    let alphabet: Vec<char> = "rnbqkpRNBQKPabceEhHAKC0123456789/ -wbrWBR_xX\0\n\t\u{a0}é€😀"
        .chars()
        .collect();
    let valid = [
        chess::Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        xiangqi::Position::START_FEN,
        "00000000/00000000/00000000/00000000/00000000/00101000/10000001/00000000",
        "0x81",
        "e2e4",
        "e7e8q",
        "h2e2",
        "KRKAAEE",
    ];
    let fixed = [
        "",
        " ",
        "\0",
        "\0\0\0\0",
        "-",
        "/",
        "0x",
        "0X_",
        "e2e4\0",
        "\u{feff}e2e4",
        "h2e2\n",
        "K\0K",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 2",
    ];
    let constructors = constructors();
    let mut texts: Vec<String> = fixed.iter().map(|s| s.to_string()).collect();
    for _ in 0..3_000 {
        texts.push(random_text(&mut rng, &alphabet, &valid));
    }
    // Random bytes made into text the way a reader of untrusted files
    // would: invalid UTF-8 becomes U+FFFD.
    for length in 0..400 {
        let bytes: Vec<u8> = (0..length % 97).map(|_| rng.next_u64() as u8).collect();
        texts.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    for text in &texts {
        for &constructor in &constructors {
            call(constructor, text);
        }
    }
}

#[test]
fn valid_text_is_still_accepted() {
    let accepts = |name: &str, text: &str| {
        let constructor = constructors()
            .into_iter()
            .find(|(n, _)| *n == name)
            .expect("a constructor of that name");
        assert!(call(constructor, text), "{name} refused {text:?}");
    };
    accepts("chess Square", "e4");
    accepts("xiangqi Square", "i9");
    accepts("chess Bitboard", "0x8000_0000_0000_0001");
    accepts("xiangqi Bitboard", "0x3ffffffffffffffffffffff");
    accepts("xiangqi Move", "h2e2");
    accepts("chess Position::from_fen", chess::Position::START_FEN);
    accepts("xiangqi Position::from_fen", xiangqi::Position::START_FEN);
    accepts("chess parse_move", "e2e4");
    accepts("chess parse_move (Chess960)", "e1b1");
    accepts("xiangqi parse_move", " h2e2 ");
}

#[test]
fn the_counter_sees_a_copy_of_the_input() {
    let text = "x".repeat(MEGABYTES_10);
    let copies: Constructor = ("a copy", |t| !t.to_string().is_empty());
    let refused = catch_unwind(|| call(copies, &text)).is_err();
    assert!(refused, "a ten-megabyte copy went unseen");
}
