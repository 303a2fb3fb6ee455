//! The xiangqi part of the generator: what depends on the seed and what
//! does not.

use qiboard_gen::pretty::generate_pretty;
use qiboard_gen::seed::DEFAULT_SEED;
use qiboard_gen::xiangqi::{lines, zobrist};

#[test]
fn zobrist_streams_follow_the_seed_and_differ() {
    let key = zobrist::numbers(DEFAULT_SEED, "key");
    let lock = zobrist::numbers(DEFAULT_SEED, "lock");
    let other_key = zobrist::numbers(12345, "key");
    assert_eq!(key.pieces.len(), 14);
    assert!(key.pieces.iter().all(|row| row.len() == 90));
    // Key and lock are separate streams, and another seed moves both.
    assert_ne!(key.pieces, lock.pieces);
    assert_ne!(key.pieces, other_key.pieces);
    assert_ne!(key.black_to_move, other_key.black_to_move);
    // The same seed gives the same numbers.
    assert_eq!(key.pieces, zobrist::numbers(DEFAULT_SEED, "key").pieces);
}

#[test]
fn generated_sources_name_every_table_once() {
    let files = generate_pretty(DEFAULT_SEED).unwrap();
    let xiangqi: Vec<&String> = files
        .iter()
        .filter(|(name, _)| name.starts_with("xiangqi/"))
        .map(|(_, text)| text)
        .collect();
    // Lines, leapers, Zobrist numbers, lines of sight; the formats the
    // tables are read in are qiboard-types', not generated.
    assert_eq!(xiangqi.len(), 4);
    for table in [
        "RANK_REACH",
        "FILE_REACH",
        "RANK_ENDS",
        "FILE_ENDS",
        "ROOK_RANK_ATTACKS",
        "CANNON_FILE_ATTACKS",
        "HORSE_LEGS",
        "HORSE_CHECK_LEGS",
        "ELEPHANT_EYES",
        "PAWN_CHECKERS",
        "ZOBRIST_KEYS",
        "ZOBRIST_LOCK_BLACK_TO_MOVE",
        "SIGHT",
        "LINES",
    ] {
        let declared = format!(" {table}: ");
        let count = xiangqi
            .iter()
            .map(|text| text.matches(&declared).count())
            .sum::<usize>();
        assert_eq!(count, 1, "{table}");
    }
}

#[test]
fn line_moves_ignore_the_piece_bit() {
    for (length, point) in [(9, 4), (10, 0), (10, 9)] {
        for occupied in 0..1u32 << length {
            for kind in lines::LineKind::ALL {
                assert_eq!(
                    lines::moves(length, point, occupied, kind),
                    lines::moves(length, point, occupied ^ 1 << point, kind)
                );
            }
        }
    }
}
