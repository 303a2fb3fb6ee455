//! Every chess lookup against a direct computation written here, apart
//! from the generator.

use proptest::prelude::*;
use qiboard::chess::*;

fn on_board(file: i32, rank: i32) -> Option<Square> {
    Square::from_file_rank(usize::try_from(file).ok()?, usize::try_from(rank).ok()?)
}

fn ray_scan(square: Square, occupied: Bitboard, directions: &[(i32, i32)]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &(df, dr) in directions {
        let (mut file, mut rank) = (square.file() as i32, square.rank() as i32);
        while let Some(next) = on_board(file + df, rank + dr) {
            attacks = attacks.with(next);
            if occupied.contains(next) {
                break;
            }
            (file, rank) = (file + df, rank + dr);
        }
    }
    attacks
}

const ROOK: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn leaper(square: Square, accept: impl Fn(i32, i32) -> bool) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|target| {
            let df = target.file() as i32 - square.file() as i32;
            let dr = target.rank() as i32 - square.rank() as i32;
            accept(df, dr)
        })
        .collect()
}

#[test]
fn leapers_match_direct_computation() {
    for square in Square::ALL {
        assert_eq!(
            knight_attacks(square),
            leaper(square, |df, dr| df * df + dr * dr == 5),
            "knight {square}"
        );
        assert_eq!(
            king_attacks(square),
            leaper(square, |df, dr| (df, dr) != (0, 0)
                && df.abs() <= 1
                && dr.abs() <= 1),
            "king {square}"
        );
        assert_eq!(
            pawn_attacks(Color::White, square),
            leaper(square, |df, dr| dr == 1 && df.abs() == 1)
        );
        assert_eq!(
            pawn_attacks(Color::Black, square),
            leaper(square, |df, dr| dr == -1 && df.abs() == 1)
        );
    }
}

/// The lookups are `const fn`, usable in another crate's constants (they
/// read statics at compile time).
#[test]
fn lookups_work_in_constants() {
    const KNIGHT_B1: Bitboard = knight_attacks(Square::B1);
    const ROOK_A1: Bitboard = rook_attacks(Square::A1, Bitboard::EMPTY);
    const BISHOP_C1: Bitboard = bishop_attacks(Square::C1, Bitboard::FULL);
    const A1_H8: Bitboard = between(Square::A1, Square::H8);
    let knight = leaper(Square::B1, |df, dr| df * df + dr * dr == 5);
    assert_eq!(KNIGHT_B1, knight);
    assert_eq!(ROOK_A1, ray_scan(Square::A1, Bitboard::EMPTY, &ROOK));
    assert_eq!(BISHOP_C1, ray_scan(Square::C1, Bitboard::FULL, &BISHOP));
    assert_eq!(A1_H8.count(), 6);
}

/// The empty-board rays that spare generation a lookup when no enemy
/// slider is in line.
#[test]
fn rays_are_empty_board_attacks() {
    use qiboard::chess::tables::{BISHOP_RAYS, ROOK_RAYS};
    for square in Square::ALL {
        let index = square.index();
        assert_eq!(
            Bitboard(ROOK_RAYS[index]),
            ray_scan(square, Bitboard::EMPTY, &ROOK)
        );
        assert_eq!(
            Bitboard(BISHOP_RAYS[index]),
            ray_scan(square, Bitboard::EMPTY, &BISHOP)
        );
    }
}

/// The PEXT-indexed bishop table, read through the portable `pext`, for
/// every square and every occupancy of its mask (and of the squares
/// outside the mask, which must not matter).
#[test]
fn pext_bishop_windows_match_ray_scan() {
    use qiboard::chess::tables::BISHOP_PEXT_WINDOWS;
    for square in Square::ALL {
        let window = &BISHOP_PEXT_WINDOWS[square.index()];
        let edges = 0xff00_0000_0000_00ff | 0x8181_8181_8181_8181;
        let rays = ray_scan(square, Bitboard::EMPTY, &BISHOP);
        assert_eq!(window.mask, rays.0 & !edges, "mask of {square}");
        // Every subset of the mask (carry-rippler), with and without the rest.
        let mut subset = 0u64;
        loop {
            for outside in [0, !window.mask] {
                let occupied = Bitboard(subset | outside);
                assert_eq!(
                    window.attacks(occupied),
                    ray_scan(square, occupied, &BISHOP),
                    "{square} {occupied:?}"
                );
            }
            subset = subset.wrapping_sub(window.mask) & window.mask;
            if subset == 0 {
                break;
            }
        }
    }
}

/// Castling paths for every king file and rook file (Chess960), written
/// from the rule: the king goes to the g- or c-file and the rook to the f-
/// or d-file; every square either crosses or lands on must be empty but
/// for the two, and the king's own path is what must not be attacked.
#[test]
fn castling_paths_follow_the_rule() {
    use qiboard::chess::tables::{CASTLING_EMPTY, CASTLING_KING_PATH};
    let span = |a: usize, b: usize| (a.min(b)..=a.max(b)).fold(0u64, |set, f| set | 1 << f);
    for (color, shift) in [(0, 0), (1, 56)] {
        for king in 0..8 {
            for rook in 0..8 {
                let (path, empty) = (
                    CASTLING_KING_PATH[color][8 * king + rook],
                    CASTLING_EMPTY[color][8 * king + rook],
                );
                if king == rook {
                    assert_eq!((path, empty), (0, 0));
                    continue;
                }
                let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
                let king_path = if king == king_to {
                    1 << king
                } else {
                    span(king, king_to) & !(1 << king)
                };
                let must_be_empty =
                    (span(king, king_to) | span(rook, rook_to)) & !(1 << king | 1 << rook);
                assert_eq!(
                    path,
                    king_path << shift,
                    "king path, king {king} rook {rook}"
                );
                assert_eq!(
                    empty,
                    must_be_empty << shift,
                    "empty, king {king} rook {rook}"
                );
            }
        }
    }
}

#[test]
fn sliders_on_empty_and_full_boards() {
    for square in Square::ALL {
        for occupied in [Bitboard::EMPTY, Bitboard::FULL, !square.bitboard()] {
            assert_eq!(
                rook_attacks(square, occupied),
                ray_scan(square, occupied, &ROOK)
            );
            assert_eq!(
                bishop_attacks(square, occupied),
                ray_scan(square, occupied, &BISHOP)
            );
        }
    }
}

#[test]
fn between_and_line_match_ray_scans() {
    for a in Square::ALL {
        for b in Square::ALL {
            let aligned = [&ROOK[..], &BISHOP[..]]
                .into_iter()
                .find(|directions| ray_scan(a, Bitboard::EMPTY, directions).contains(b));
            let (expected_between, expected_line) = match aligned {
                Some(directions) if a != b => (
                    ray_scan(a, b.bitboard(), directions) & ray_scan(b, a.bitboard(), directions),
                    // The line: squares c where a, b, c are collinear along the directions.
                    Square::ALL
                        .into_iter()
                        .filter(|&c| {
                            c == a
                                || c == b
                                || (ray_scan(a, Bitboard::EMPTY, directions).contains(c)
                                    && ray_scan(b, Bitboard::EMPTY, directions).contains(c)
                                    && collinear(a, b, c))
                        })
                        .collect(),
                ),
                _ => (Bitboard::EMPTY, Bitboard::EMPTY),
            };
            assert_eq!(between(a, b), expected_between, "between {a} {b}");
            assert_eq!(line(a, b), expected_line, "line {a} {b}");
        }
    }
}

fn collinear(a: Square, b: Square, c: Square) -> bool {
    let (ax, ay) = (a.file() as i32, a.rank() as i32);
    let (bx, by) = (b.file() as i32, b.rank() as i32);
    let (cx, cy) = (c.file() as i32, c.rank() as i32);
    (bx - ax) * (cy - ay) == (by - ay) * (cx - ax)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn sliders_match_ray_scan(index in 0usize..64, occupied in any::<u64>(), sparse in any::<u64>()) {
        let square = Square::new(index).unwrap();
        // Mix dense and sparse boards: real positions are mostly sparse.
        for occupied in [Bitboard(occupied), Bitboard(occupied & sparse)] {
            prop_assert_eq!(rook_attacks(square, occupied), ray_scan(square, occupied, &ROOK));
            prop_assert_eq!(bishop_attacks(square, occupied), ray_scan(square, occupied, &BISHOP));
            prop_assert_eq!(queen_attacks(square, occupied), rook_attacks(square, occupied) | bishop_attacks(square, occupied));
        }
    }

    /// The portable `pext` the generator lays the PEXT table out with, and
    /// `pdep`, its inverse on the mask.
    #[test]
    fn pext_and_pdep_invert_each_other(value in any::<u64>(), mask in any::<u64>()) {
        use qiboard_types::chess::{pdep, pext};
        let packed = pext(value, mask);
        prop_assert!(mask.count_ones() == 64 || packed >> mask.count_ones() == 0);
        prop_assert_eq!(pdep(packed, mask), value & mask);
        let low = if mask.count_ones() == 64 { !0 } else { (1 << mask.count_ones()) - 1 };
        prop_assert_eq!(pext(pdep(value, mask), mask), value & low);
    }

    #[test]
    fn bitboard_text_round_trips(bits in any::<u64>()) {
        let set = Bitboard(bits);
        prop_assert_eq!(set.to_string().parse::<Bitboard>(), Ok(set));
        prop_assert_eq!(format!("{:#x}", set).parse::<Bitboard>(), Ok(set));
        prop_assert_eq!(set.iter().count() as u32, set.count());
        prop_assert_eq!(set.iter().collect::<Bitboard>(), set);
        prop_assert_eq!(set.first(), set.iter().next());
        prop_assert_eq!(set.last(), set.iter().last());
    }

    #[test]
    fn bitboard_parser_never_panics(text in "\\PC{0,80}") {
        let _ = text.parse::<Bitboard>();
        let _ = text.parse::<Square>();
    }
}

#[test]
fn squares_print_and_parse() {
    for square in Square::ALL {
        assert_eq!(square.to_string().parse::<Square>(), Ok(square));
    }
    assert_eq!(Square::E4.to_string(), "e4");
    for bad in ["", "e", "e9", "i1", "E4", "e44", "4e"] {
        assert!(bad.parse::<Square>().is_err(), "{bad:?}");
    }
}

#[test]
fn bitboard_parse_errors_name_the_problem() {
    let short = "0000/1111".parse::<Bitboard>().unwrap_err().to_string();
    assert!(short.contains("8 ranks"), "{short}");
    let digit = "00000000/00000000/00000000/00000000/00000000/00102000/10000001/00000000"
        .parse::<Bitboard>()
        .unwrap_err()
        .to_string();
    assert!(digit.contains("rank 3") && digit.contains("'2'"), "{digit}");
    assert!("0xzz".parse::<Bitboard>().is_err());
}

#[test]
fn diagram_marks_members() {
    let diagram = Bitboard::EMPTY
        .with(Square::A1)
        .with(Square::H8)
        .diagram()
        .to_string();
    let lines: Vec<&str> = diagram.lines().collect();
    assert_eq!(lines[0], "8 . . . . . . . 1");
    assert_eq!(lines[7], "1 1 . . . . . . .");
    assert_eq!(lines[8], "  a b c d e f g h");
}

proptest! {
    /// The one lookup for every piece answers as the lookup of its kind.
    #[test]
    fn attacks_agrees_with_each_kind(
        square in 0..64usize,
        occupied in any::<u64>(),
        sparse in any::<u64>(),
        color in any::<bool>(),
    ) {
        let square = Square::new(square).unwrap();
        let color = if color { Color::White } else { Color::Black };
        for (kind, occupied) in PieceKind::ALL
            .into_iter()
            .flat_map(|kind| [(kind, Bitboard(occupied)), (kind, Bitboard(occupied & sparse))])
        {
            let expected = match kind {
                PieceKind::Pawn => pawn_attacks(color, square),
                PieceKind::Knight => knight_attacks(square),
                PieceKind::Bishop => bishop_attacks(square, occupied),
                PieceKind::Rook => rook_attacks(square, occupied),
                PieceKind::Queen => queen_attacks(square, occupied),
                PieceKind::King => king_attacks(square),
            };
            prop_assert_eq!(attacks(Piece { color, kind }, square, occupied), expected, "{:?}", kind);
        }
    }
}
