//! Polyglot books: the move encoding on every legal move of random
//! positions, entries laid out as the format says, and books built here
//! from random games, read from bytes and from a file, each lookup
//! checked against a plain scan of the entries.

use std::collections::BTreeMap;

use qiboard::chess::polyglot::{decode_move, encode_move, Book, BookError, BookMove, Entry};
use qiboard::chess::Position;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[path = "support/random_games.rs"]
mod random_games;

const STARTS: [&str; 3] = [
    Position::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

#[test]
fn moves_encode_as_polyglot_writes_them() {
    let start = Position::start();
    let e4 = start.parse_move("e2e4").unwrap();
    assert_eq!(encode_move(e4), 12 << 6 | 28);
    let entry = Entry::new(start.key(), e4, 7, 9);
    assert_eq!(
        entry.to_bytes(),
        [0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c, 0x03, 0x1c, 0, 7, 0, 0, 0, 9]
    );
    assert_eq!(Entry::from_bytes(entry.to_bytes()), entry);
    // Castling is the king taking its rook, and reads back either way.
    let castle = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let short = castle.parse_move("e1g1").unwrap();
    assert_eq!(encode_move(short), 4 << 6 | 7);
    assert_eq!(decode_move(&castle, 4 << 6 | 7), Some(short));
    assert_eq!(decode_move(&castle, 4 << 6 | 6), Some(short));
    // Promotions: 1 knight … 4 queen.
    let promote = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let knight = promote.parse_move("a7a8n").unwrap();
    assert_eq!(encode_move(knight), 1 << 12 | 48 << 6 | 56);
    assert_eq!(
        decode_move(&promote, 4 << 12 | 48 << 6 | 56),
        promote.parse_move("a7a8q").ok()
    );
    assert_eq!(decode_move(&promote, 5 << 12 | 48 << 6 | 56), None);
    assert_eq!(decode_move(&promote, 48 << 6 | 56), None);
    for position in random_games::positions::<Position>(&STARTS, 20, 60, 5) {
        for &mv in position.legal_moves().iter() {
            assert_eq!(
                decode_move(&position, encode_move(mv)),
                Some(mv),
                "{} in {}",
                mv.uci(false),
                position.fen()
            );
        }
    }
}

/// A book of the positions of random games: each position's legal moves
/// with random weights (some 0), an illegal move now and then, sorted by
/// key as Polyglot sorts them (stable within a key).
fn random_book(seed: u64) -> (Vec<Entry>, Vec<Position>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let positions = random_games::positions::<Position>(&STARTS, 10, 40, seed);
    let mut entries = Vec::new();
    for position in &positions {
        for &mv in position.legal_moves().iter().take(6) {
            if rng.next_u64() % 3 == 0 {
                let weight = (rng.next_u64() % 5) as u16;
                entries.push(Entry::new(
                    position.key(),
                    mv,
                    weight,
                    rng.next_u64() as u32,
                ));
            }
        }
        if rng.next_u64() % 10 == 0 {
            // A move from an empty square: skipped when read.
            let empty = (0..64u16).find(|&square| {
                position
                    .piece_at(qiboard::chess::Square::new(square.into()).unwrap())
                    .is_none()
            });
            let raw = empty.unwrap() << 6 | 1;
            entries.push(Entry {
                key: position.key(),
                raw_move: raw,
                weight: 5,
                learn: 0,
            });
        }
    }
    entries.sort_by_key(|entry| entry.key);
    (entries, positions)
}

fn bytes_of(entries: &[Entry]) -> Vec<u8> {
    entries.iter().flat_map(|entry| entry.to_bytes()).collect()
}

/// What a plain scan of every entry finds for `position`.
fn scanned(entries: &[Entry], position: &Position, minimum_weight: u16) -> Vec<BookMove> {
    entries
        .iter()
        .filter(|entry| entry.key == position.key() && entry.weight >= minimum_weight)
        .filter_map(|entry| {
            let mv = decode_move(position, entry.raw_move)?;
            Some(BookMove {
                mv,
                weight: entry.weight,
                learn: entry.learn,
            })
        })
        .collect()
}

fn check_book<S: qiboard::chess::polyglot::BookSource>(
    book: &Book<S>,
    entries: &[Entry],
    positions: &[Position],
) {
    assert_eq!(book.len(), entries.len() as u64);
    for position in positions {
        for minimum in [0, 1, 3] {
            assert_eq!(
                book.find_all(position, minimum).unwrap(),
                scanned(entries, position, minimum),
                "{}",
                position.fen()
            );
        }
        let found = scanned(entries, position, 1);
        let heaviest = found.iter().map(|entry| entry.weight).max();
        let main = book.find(position).unwrap();
        assert_eq!(main.map(|entry| entry.weight), heaviest);
        if let Some(main) = main {
            assert_eq!(
                found.iter().find(|entry| entry.weight == main.weight),
                Some(&main)
            );
        }
        // Every pick below the total weight: each move is chosen as often
        // as its weight says.
        let total: u64 = found.iter().map(|entry| u64::from(entry.weight)).sum();
        let mut chosen: BTreeMap<(u16, u32), u64> = BTreeMap::new();
        for pick in 0..total {
            let entry = book.weighted_choice(position, |all| {
                assert_eq!(all, total);
                pick
            });
            let entry = entry.unwrap().expect("an entry for a pick below the total");
            *chosen.entry((entry.mv.bits(), entry.learn)).or_default() += 1;
        }
        let mut expected: BTreeMap<(u16, u32), u64> = BTreeMap::new();
        for entry in &found {
            *expected.entry((entry.mv.bits(), entry.learn)).or_default() += u64::from(entry.weight);
        }
        expected.retain(|_, weight| *weight > 0);
        assert_eq!(chosen, expected, "{}", position.fen());
        if total == 0 {
            assert_eq!(book.weighted_choice(position, |_| 0).unwrap(), None);
        }
    }
}

#[test]
fn a_book_from_bytes_finds_what_a_scan_finds() {
    let (entries, positions) = random_book(1);
    assert!(entries.len() > 500, "{}", entries.len());
    let bytes = bytes_of(&entries);
    check_book(&Book::new(bytes.as_slice()).unwrap(), &entries, &positions);
    let unknown = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert!(Book::new(bytes)
        .unwrap()
        .find_all(&unknown, 0)
        .unwrap()
        .is_empty());
}

#[test]
fn a_book_file_is_read_entry_by_entry() {
    let (entries, positions) = random_book(2);
    let path = std::env::temp_dir().join(format!("qiboard-book-{}.bin", std::process::id()));
    std::fs::write(&path, bytes_of(&entries)).unwrap();
    let book = Book::open(&path).unwrap();
    check_book(&book, &entries, &positions);
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(Book::open(&path), Err(BookError::Io(_))));
}

#[test]
fn bad_books_are_errors() {
    assert_eq!(Book::new(vec![0u8; 17]).err(), Some(BookError::Size(17)));
    let empty = Book::new(Vec::new()).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.find(&Position::start()), Ok(None));
    assert!(matches!(empty.entry(0), Err(BookError::Io(_))));
    assert_eq!(
        BookError::Size(17).to_string(),
        "not a Polyglot book: 17 bytes is not a whole number of 16-byte entries"
    );
}
