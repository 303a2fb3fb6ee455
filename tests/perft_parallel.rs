//! `Perft` on many threads and with a hash table counts what plain perft
//! counts, in both games, at small depths; so does its divide.

use qiboard::{chess, xiangqi, Board, Perft, PerftError, MAX_PERFT_DEPTH};

/// Every combination of threads and table (including a table of a single
/// bucket, where nearly every store evicts another entry) against
/// `Board::perft` and `Board::divide`, at each depth up to `max_depth`.
fn agrees<B: Board + Sync + 'static>(fens: &[&str], max_depth: u32) {
    for fen in fens {
        let position = B::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for depth in 0..=max_depth {
            let expected = position.perft(depth).unwrap();
            let split = position.divide(depth).unwrap();
            for threads in [1, 2, 3, 0] {
                for hash_bytes in [0, 64, 1 << 20] {
                    let perft = Perft::new(depth).threads(threads).hash_bytes(hash_bytes);
                    let what = format!("{fen} depth {depth}, {threads} threads, {hash_bytes} B");
                    assert_eq!(perft.count(&position), Ok(expected), "{what}");
                    assert_eq!(perft.divide(&position).unwrap(), split, "{what}");
                }
            }
        }
    }
}

#[test]
fn xiangqi_threads_and_table_count_what_perft_counts() {
    agrees::<xiangqi::Position>(
        &[
            xiangqi::Position::START_FEN,
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
            "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w",
            "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
        ],
        4,
    );
}

#[test]
fn chess_threads_and_table_count_what_perft_counts() {
    agrees::<chess::Position>(
        &[
            chess::Position::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ],
        4,
    );
}

/// Deeper, once each: the published counts, where the table is hit often.
#[test]
fn published_counts_with_threads_and_table() {
    let perft = Perft::new(5).threads(2).hash_bytes(32 << 20);
    assert_eq!(perft.count(&xiangqi::Position::start()), Ok(133_312_995));
    assert_eq!(perft.count(&chess::Position::start()), Ok(4_865_609));
    let kiwipete = chess::Position::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(
        Perft::new(4).hash_bytes(1 << 20).count(&kiwipete),
        Ok(4_085_603)
    );
}

#[test]
fn errors() {
    let start = xiangqi::Position::start();
    let deep = MAX_PERFT_DEPTH + 1;
    let too_deep = Err(PerftError::TooDeep { depth: deep });
    assert_eq!(Perft::new(deep).threads(2).count(&start), too_deep);
    assert_eq!(
        Perft::new(deep).divide(&start).map(|_| ()),
        too_deep.map(|_: u64| ())
    );
    let huge = usize::MAX / 2;
    assert_eq!(
        Perft::new(3).hash_bytes(huge).count(&start),
        Err(PerftError::HashTooLarge { bytes: huge })
    );
}

/// Counts deeper than DESIGN.md's, as a public xiangqi engine's perft
/// suite publishes them (its shallower counts are DESIGN.md's), with
/// threads and a table so that they take seconds.
#[test]
fn published_deeper_xiangqi_counts() {
    let perft = |fen: &str, depth: u32| {
        let position = xiangqi::Position::from_fen(fen).unwrap();
        Perft::new(depth)
            .threads(2)
            .hash_bytes(64 << 20)
            .count(&position)
            .unwrap()
    };
    let fen4 = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w";
    assert_eq!(perft(fen4, 6), 100_055_401);
    assert_eq!(perft(fen4, 7), 2_447_759_037);
    assert_eq!(
        perft("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w", 6),
        380_156_340
    );
    assert_eq!(
        perft("CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w", 6),
        367_168_327
    );
    assert_eq!(
        perft(
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
            6
        ),
        1_663_640_378
    );
}

/// Xiangqi perft 7 from the start, 217,154,523,878 as published (the same
/// suite; also a public plot of the tree's growth). About a minute on two
/// threads with 2 GiB: `cargo test --release --test perft_parallel --
/// --ignored`, or `qiboard perft xiangqi 7 --threads 2 --hash 2048`.
#[test]
#[ignore = "about a minute on two cores and 2 GiB of memory"]
fn published_xiangqi_perft_7() {
    let perft = Perft::new(7).threads(0).hash_bytes(2 << 30);
    assert_eq!(
        perft.count(&xiangqi::Position::start()),
        Ok(217_154_523_878)
    );
}
