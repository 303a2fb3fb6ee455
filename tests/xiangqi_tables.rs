//! Every xiangqi table and attack function against a plain board scan.
//!
//! The scans below are written from the rules, independently of `gen/`:
//! walk the board step by step and look at each square.

// The benchmark's file-major lookup, checked here like the library's.
#[path = "../benches/xiangqi_attacks/file_major.rs"]
mod file_major;

use file_major::FileMajor;
use proptest::prelude::*;
use qiboard::xiangqi::tables::{
    CANNON_FILE_ATTACKS, CANNON_RANK_ATTACKS, FILE_ENDS, FILE_REACH, RANK_ENDS, RANK_REACH,
    ROOK_FILE_ATTACKS, ROOK_RANK_ATTACKS, ZOBRIST_KEYS, ZOBRIST_KEY_BLACK_TO_MOVE, ZOBRIST_LOCKS,
    ZOBRIST_LOCK_BLACK_TO_MOVE,
};
use qiboard::xiangqi::{
    advisor_attacks, cannon_attacks, cannon_moves, cannon_quiet, cannon_super, elephant_attacks,
    file_moves, horse_attacks, horse_checkers, king_attacks, pawn_attacks, pawn_checkers,
    rank_moves, rook_attacks, Bitboard, Color, LineKind, Square,
};

const BOARD: u128 = (1 << 90) - 1;

fn at(file: i32, rank: i32) -> Option<Square> {
    if (0..9).contains(&file) && (0..10).contains(&rank) {
        Square::from_file_rank(file as usize, rank as usize)
    } else {
        None
    }
}

fn step(square: Square, df: i32, dr: i32) -> Option<Square> {
    at(square.file() as i32 + df, square.rank() as i32 + dr)
}

fn occupied(set: Bitboard, square: Square) -> bool {
    set.0 >> square.index() & 1 == 1
}

const ROOK_RAYS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Along each ray from `square`, the squares for which `keep(pieces seen
/// before it, whether it is occupied)` holds.
fn ray_scan(square: Square, occ: Bitboard, keep: impl Fn(u32, bool) -> bool) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for (df, dr) in ROOK_RAYS {
        let mut seen = 0;
        let mut here = square;
        while let Some(next) = step(here, df, dr) {
            let full = occupied(occ, next);
            if keep(seen, full) {
                set = set.with(next);
            }
            seen += u32::from(full);
            here = next;
        }
    }
    set
}

fn naive_rook(square: Square, occ: Bitboard) -> Bitboard {
    ray_scan(square, occ, |seen, _| seen == 0)
}

fn naive_cannon(square: Square, occ: Bitboard) -> Bitboard {
    ray_scan(square, occ, |seen, full| full && seen == 1)
}

fn naive_cannon_quiet(square: Square, occ: Bitboard) -> Bitboard {
    ray_scan(square, occ, |seen, full| !full && seen == 0)
}

fn naive_super(square: Square, occ: Bitboard) -> Bitboard {
    ray_scan(square, occ, |seen, full| full && seen == 2)
}

fn naive_horse(square: Square, occ: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for (df, dr) in [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ] {
        // The leg is one step along the long side of the L.
        let leg = if df * df == 4 {
            (df / 2, 0)
        } else {
            (0, dr / 2)
        };
        if let (Some(target), Some(leg)) = (step(square, df, dr), step(square, leg.0, leg.1)) {
            if !occupied(occ, leg) {
                set = set.with(target);
            }
        }
    }
    set
}

fn red_half(square: Square) -> bool {
    square.rank() <= 4
}

fn naive_elephant(square: Square, occ: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for (df, dr) in DIAGONALS {
        if let (Some(target), Some(eye)) = (step(square, 2 * df, 2 * dr), step(square, df, dr)) {
            if red_half(target) == red_half(square) && !occupied(occ, eye) {
                set = set.with(target);
            }
        }
    }
    set
}

fn in_palace(square: Square) -> Option<bool> {
    let file_ok = (3..=5).contains(&square.file());
    match square.rank() {
        0..=2 if file_ok => Some(true),
        7..=9 if file_ok => Some(false),
        _ => None,
    }
}

fn naive_palace(square: Square, steps: &[(i32, i32)]) -> Bitboard {
    let Some(home) = in_palace(square) else {
        return Bitboard::EMPTY;
    };
    steps
        .iter()
        .filter_map(|&(df, dr)| step(square, df, dr))
        .filter(|&target| in_palace(target) == Some(home))
        .collect()
}

fn naive_pawn(color: Color, square: Square) -> Bitboard {
    let (forward, crossed) = match color {
        Color::Red => (1, !red_half(square)),
        Color::Black => (-1, red_half(square)),
    };
    let mut steps = vec![(0, forward)];
    if crossed {
        steps.extend([(1, 0), (-1, 0)]);
    }
    steps
        .iter()
        .filter_map(|&(df, dr)| step(square, df, dr))
        .collect()
}

/// A board-wide set from `bits`, with bits above 89 dropped.
fn board(bits: u128) -> Bitboard {
    Bitboard(bits & BOARD)
}

/// Occupancies from empty to full: the AND of several random words thins
/// them out.
fn occupancy() -> impl Strategy<Value = Bitboard> {
    (any::<u128>(), any::<u128>(), 0..4u32).prop_map(|(a, b, thinning)| {
        let bits = match thinning {
            0 => a,
            1 => a & b,
            2 => a & b & (a >> 7 | b << 3),
            _ => a & b & a.rotate_left(17) & b.rotate_left(41),
        };
        board(bits)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn sliders_match_a_ray_scan(occ in occupancy()) {
        let file_major = FileMajor::from_bitboard(occ);
        for square in Square::ALL {
            let rook = naive_rook(square, occ);
            let cannon = naive_cannon(square, occ);
            prop_assert_eq!(rook_attacks(square, occ), rook, "rook {}", square);
            prop_assert_eq!(cannon_attacks(square, occ), cannon, "cannon {}", square);
            prop_assert_eq!(cannon_quiet(square, occ), naive_cannon_quiet(square, occ), "quiet {}", square);
            prop_assert_eq!(cannon_super(square, occ), naive_super(square, occ), "super {}", square);
            prop_assert_eq!(cannon_moves(square, occ), (naive_cannon_quiet(square, occ), cannon), "cannon moves {}", square);
            prop_assert_eq!(file_major::rook_attacks(square, occ, file_major), rook, "rotated rook {}", square);
            prop_assert_eq!(file_major::cannon_attacks(square, occ, file_major), cannon, "rotated cannon {}", square);
        }
    }

    #[test]
    fn blockable_leapers_match_a_board_scan(occ in occupancy()) {
        for square in Square::ALL {
            prop_assert_eq!(horse_attacks(square, occ), naive_horse(square, occ), "horse {}", square);
            prop_assert_eq!(elephant_attacks(square, occ), naive_elephant(square, occ), "elephant {}", square);
            let checkers: Bitboard = Square::ALL
                .into_iter()
                .filter(|&from| naive_horse(from, occ).contains(square))
                .collect();
            prop_assert_eq!(horse_checkers(square, occ), checkers, "horse checks on {}", square);
        }
    }

    #[test]
    fn line_moves_match_a_ray_scan(occ in occupancy()) {
        for square in Square::ALL {
            for kind in [LineKind::Quiet, LineKind::RookCapture, LineKind::CannonCapture, LineKind::SuperCapture] {
                let rank = rank_moves(kind, square, occ);
                let file = file_moves(kind, square, occ);
                let expected = match kind {
                    LineKind::Quiet => naive_cannon_quiet(square, occ),
                    LineKind::RookCapture => naive_rook(square, occ) & occ,
                    LineKind::CannonCapture => naive_cannon(square, occ),
                    LineKind::SuperCapture => naive_super(square, occ),
                };
                prop_assert_eq!(
                    Bitboard::from_rank_word(square.rank(), rank.reach) | Bitboard::from_file_word(square.file(), file.reach),
                    expected,
                    "{:?} from {}", kind, square
                );
            }
        }
    }

    #[test]
    fn words_gather_and_spread(bits in any::<u128>()) {
        let set = board(bits);
        for rank in 0..10 {
            let word = set.rank_word(rank);
            let expected = (0..9).filter(|&f| occupied(set, at(f, rank as i32).unwrap())).fold(0, |w, f| w | 1 << f);
            prop_assert_eq!(word, expected);
            prop_assert_eq!(Bitboard::from_rank_word(rank, word), set & Bitboard::from_rank_word(rank, 0x1ff));
        }
        for file in 0..9 {
            let word = set.file_word(file);
            let expected = (0..10).filter(|&r| occupied(set, at(file as i32, r).unwrap())).fold(0, |w, r| w | 1 << r);
            prop_assert_eq!(word, expected);
            prop_assert_eq!(FileMajor::from_bitboard(set).file_word(file), expected);
            prop_assert_eq!(Bitboard::from_file_word(file, word), set & Bitboard::from_file_word(file, 0x3ff));
        }
    }

    #[test]
    fn bitboard_operations_stay_on_the_board(a in any::<u128>(), b in any::<u128>(), n in 0u32..130) {
        let (x, y) = (board(a), board(b));
        prop_assert_eq!((!x).0, !x.0 & BOARD);
        prop_assert_eq!(!!x, x);
        prop_assert_eq!((x << n).0 & !BOARD, 0);
        prop_assert_eq!(x << n, board(x.0.checked_shl(n).unwrap_or(0)));
        prop_assert_eq!(x >> n, Bitboard(x.0.checked_shr(n).unwrap_or(0)));
        prop_assert_eq!(x - y, x & !y);
        prop_assert_eq!((x ^ y) | (x & y), x | y);
        prop_assert_eq!(x.count() as usize, x.iter().count());
        prop_assert_eq!(x.iter().collect::<Bitboard>(), x);
        prop_assert_eq!(x.first(), x.iter().next());
        prop_assert_eq!(x.last(), x.iter().last());
        prop_assert_eq!(x.has_many(), x.count() > 1);
        prop_assert_eq!(x.is_empty(), x.count() == 0);
        // Both printed forms read back.
        prop_assert_eq!(x.to_string().parse::<Bitboard>(), Ok(x));
        prop_assert_eq!(format!("{:#x}", x).parse::<Bitboard>(), Ok(x));
    }
}

#[test]
fn line_tables_match_a_line_scan_for_every_point_and_word() {
    // Exhaustive: 9 × 512 rank entries and 10 × 1024 file entries.
    fn check(
        length: usize,
        point: usize,
        word: u32,
        reach: u64,
        ends: u32,
        rook: u16,
        cannon: u16,
    ) {
        // The compact attack tables are unions of the packed kinds.
        assert_eq!(
            u64::from(rook),
            (reach | reach >> 16) & 0xffff,
            "rook, point {point} word {word:#b}"
        );
        assert_eq!(
            u64::from(cannon),
            reach >> 32 & 0xffff,
            "cannon, point {point} word {word:#b}"
        );
        for (k, (pieces_before, wants_piece)) in [(0, false), (0, true), (1, true), (2, true)]
            .into_iter()
            .enumerate()
        {
            let mut expected_reach = 0u64;
            let mut low = point;
            let mut high = point;
            for direction in [-1isize, 1] {
                let mut seen = 0;
                let mut p = point as isize + direction;
                while (0..length as isize).contains(&p) {
                    let full = word >> p & 1 == 1;
                    if seen == pieces_before && full == wants_piece {
                        expected_reach |= 1 << p;
                        if direction < 0 {
                            low = p as usize;
                        } else {
                            high = p as usize;
                        }
                    }
                    seen += usize::from(full);
                    p += direction;
                }
            }
            assert_eq!(
                reach >> (16 * k) & 0xffff,
                expected_reach,
                "kind {k} point {point} word {word:#b}"
            );
            assert_eq!(
                (ends >> (8 * k) & 0xf) as usize,
                low,
                "low end, kind {k} point {point} word {word:#b}"
            );
            assert_eq!(
                (ends >> (8 * k + 4) & 0xf) as usize,
                high,
                "high end, kind {k} point {point} word {word:#b}"
            );
        }
    }
    for point in 0..9 {
        for word in 0..512 {
            check(
                9,
                point,
                word,
                RANK_REACH[point][word as usize],
                RANK_ENDS[point][word as usize],
                ROOK_RANK_ATTACKS[point][word as usize],
                CANNON_RANK_ATTACKS[point][word as usize],
            );
        }
    }
    for point in 0..10 {
        for word in 0..1024 {
            check(
                10,
                point,
                word,
                FILE_REACH[point][word as usize],
                FILE_ENDS[point][word as usize],
                ROOK_FILE_ATTACKS[point][word as usize],
                CANNON_FILE_ATTACKS[point][word as usize],
            );
        }
    }
}

#[test]
fn fixed_leapers_match_a_board_scan() {
    for square in Square::ALL {
        assert_eq!(
            advisor_attacks(square),
            naive_palace(square, &DIAGONALS),
            "advisor {square}"
        );
        assert_eq!(
            king_attacks(square),
            naive_palace(square, &ROOK_RAYS),
            "king {square}"
        );
        for color in Color::ALL {
            assert_eq!(
                pawn_attacks(color, square),
                naive_pawn(color, square),
                "{color:?} pawn {square}"
            );
            let checkers: Bitboard = Square::ALL
                .into_iter()
                .filter(|&pawn| naive_pawn(color, pawn).contains(square))
                .collect();
            assert_eq!(
                pawn_checkers(color, square),
                checkers,
                "{color:?} pawn checks on {square}"
            );
        }
    }
}

#[test]
fn rules_spot_checks() {
    let sq = |text: &str| text.parse::<Square>().unwrap();
    let set = |squares: &[&str]| squares.iter().map(|s| sq(s)).collect::<Bitboard>();
    // A Red king in the palace corner, an advisor on the palace centre.
    assert_eq!(king_attacks(sq("d0")), set(&["e0", "d1"]));
    assert_eq!(advisor_attacks(sq("e1")), set(&["d0", "f0", "d2", "f2"]));
    assert_eq!(advisor_attacks(sq("e8")), set(&["d7", "f7", "d9", "f9"]));
    assert_eq!(king_attacks(sq("e4")), Bitboard::EMPTY);
    // Elephants never cross the river, and a filled eye blocks.
    assert_eq!(
        elephant_attacks(sq("c4"), Bitboard::EMPTY),
        set(&["a2", "e2"])
    );
    assert_eq!(elephant_attacks(sq("c4"), set(&["d3"])), set(&["a2"]));
    assert_eq!(
        elephant_attacks(sq("g5"), Bitboard::EMPTY),
        set(&["e7", "i7"])
    );
    // Pawns: forward only before the river, sideways after it.
    assert_eq!(pawn_attacks(Color::Red, sq("e3")), set(&["e4"]));
    assert_eq!(pawn_attacks(Color::Red, sq("e5")), set(&["e6", "d5", "f5"]));
    assert_eq!(pawn_attacks(Color::Black, sq("e6")), set(&["e5"]));
    assert_eq!(pawn_attacks(Color::Black, sq("a4")), set(&["a3", "b4"]));
    // A horse with its northern leg blocked.
    assert_eq!(horse_attacks(sq("b0"), set(&["b1"])), set(&["d1"]));
    // The start position's h2 cannon takes the h9 horse over the h7 cannon.
    let start = set(&[
        "a0", "b0", "c0", "d0", "e0", "f0", "g0", "h0", "i0", "b2", "h2", "a3", "c3", "e3", "g3",
        "i3", "a6", "c6", "e6", "g6", "i6", "b7", "h7", "a9", "b9", "c9", "d9", "e9", "f9", "g9",
        "h9", "i9",
    ]);
    assert_eq!(cannon_attacks(sq("h2"), start), set(&["h9"]));
    assert_eq!(cannon_attacks(sq("b2"), start), set(&["b9"]));
}

#[test]
fn squares_print_and_parse() {
    for square in Square::ALL {
        assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        assert_eq!(Square::new(square.index()), Some(square));
        assert_eq!(
            Square::from_file_rank(square.file(), square.rank()),
            Some(square)
        );
        assert_eq!(square.flip_rank().flip_rank(), square);
        assert_eq!(square.flip_file().flip_file(), square);
        assert_eq!(
            (square.flip_file().file(), square.flip_file().rank()),
            (8 - square.file(), square.rank())
        );
    }
    assert_eq!(Square::H2.to_string(), "h2");
    assert_eq!(Square::I9.index(), 89);
    assert_eq!(Square::new(90), None);
    assert_eq!(Square::from_file_rank(9, 0), None);
    for bad in ["", "h", "j0", "a10", "A0", "h2 ", "0h", "a-1"] {
        let error = bad.parse::<Square>().unwrap_err().to_string();
        assert!(
            error.contains(&format!("{bad:?}")) && error.contains("a-i"),
            "{error}"
        );
    }
}

#[test]
fn bitboards_print_and_parse() {
    let corners: Bitboard = [Square::A0, Square::I0, Square::A9, Square::I9]
        .into_iter()
        .collect();
    let text = "100000001/000000000/000000000/000000000/000000000/000000000/000000000/000000000/000000000/100000001";
    assert_eq!(corners.to_string(), text);
    assert_eq!(text.parse(), Ok(corners));
    assert_eq!("0x20200000000000000000101".parse(), Ok(corners));
    assert_eq!(Bitboard::FULL.count(), 90);
    assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
    assert_eq!(Bitboard::FULL << 1, Bitboard::FULL.without(Square::A0));
    assert!(corners
        .diagram()
        .to_string()
        .starts_with("9 1 . . . . . . . 1\n"));
    assert!(corners
        .diagram()
        .to_string()
        .ends_with("0 1 . . . . . . . 1\n  a b c d e f g h i\n"));
    let cases = [
        ("", "10 ranks"),
        ("000000000/000000000", "10 ranks"),
        (&text.replacen('1', "2", 1), "only '0' and '1'"),
        (&text.replacen("100000001", "10000001", 1), "9 digits"),
        ("0x", "hexadecimal"),
        ("0xg", "hexadecimal"),
        ("0x40000000000000000000000", "above 89"),
        ("0x1000000000000000000000000000000000", "hexadecimal"),
    ];
    for (bad, why) in cases {
        let error = bad.parse::<Bitboard>().unwrap_err().to_string();
        assert!(error.contains(why), "{bad:?}: {error}");
    }
}

#[test]
fn zobrist_streams_are_distinct_and_full() {
    let mut all: Vec<u64> = ZOBRIST_KEYS
        .iter()
        .chain(ZOBRIST_LOCKS.iter())
        .flatten()
        .copied()
        .collect();
    all.push(ZOBRIST_KEY_BLACK_TO_MOVE);
    all.push(ZOBRIST_LOCK_BLACK_TO_MOVE);
    assert_eq!(all.len(), 2 * 14 * 90 + 2);
    let count = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), count, "a Zobrist number repeats");
    // Every bit position is used by both streams (a broken stream would
    // leave bits stuck).
    let ors = |t: &[[u64; 90]; 14]| t.iter().flatten().fold(0, |a, &b| a | b);
    let ands = |t: &[[u64; 90]; 14]| t.iter().flatten().fold(!0, |a, &b| a & b);
    assert_eq!((ors(&ZOBRIST_KEYS), ands(&ZOBRIST_KEYS)), (!0, 0));
    assert_eq!((ors(&ZOBRIST_LOCKS), ands(&ZOBRIST_LOCKS)), (!0, 0));
}
