//! The record readers' memory is bounded by the largest record, not by
//! the input: measured with a counting allocator around each read.
#![cfg(all(feature = "record", feature = "std"))]

use std::io::Read;

use qiboard::record::RecordBoard;
use qiboard::xiangqi::record::{self, ReadError, Records};

#[path = "support/heap.rs"]
mod heap;

use heap::peak_of;

#[global_allocator]
static ALLOCATOR: heap::Counting = heap::Counting;

const MB: usize = 1 << 20;

#[test]
fn four_megabytes_of_parentheses_take_little_memory() {
    // Used to take 2.26 GB: every `(` kept two positions.
    let text = "(".repeat(4 * MB);
    let (records, peak) = peak_of(|| record::read(text.as_bytes()));
    let records = records.expect("a record of nothing but variations");
    assert_eq!(records[0].tree().move_count(), 0);
    assert!(peak < MB, "{peak} bytes for 4 MB of '('");
    let (_, streamed) = peak_of(|| Records::new(text.as_bytes()).count());
    assert!(streamed < 6 * MB, "{streamed} bytes streaming 4 MB of '('");
}

/// The moves of every game of `bytes`, read as a stream of `B`'s records,
/// and the heap's peak while reading.
fn streamed_moves<B: RecordBoard>(bytes: &[u8]) -> (usize, usize) {
    peak_of(|| {
        qiboard::record::Records::<_, B>::new(bytes)
            .map(|record| record.expect("every game reads").tree().move_count())
            .sum()
    })
}

/// `count` short games, as a collection.
fn collection(count: usize) -> Vec<u8> {
    let game = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 2. h0g2 *\n\n";
    game.repeat(count).into_bytes()
}

#[test]
fn a_large_collection_streams_in_constant_memory() {
    let bytes = collection(200_000); // 9.6 MB
    let (moves, peak) = streamed_moves::<qiboard::xiangqi::Position>(&bytes);
    assert_eq!(moves, 600_000);
    assert!(peak < MB, "{peak} bytes streaming {} bytes", bytes.len());
    // Twice the games, the same bound: memory does not grow with the file.
    let twice = collection(400_000);
    let (_, peak_twice) = peak_of(|| Records::new(twice.as_slice()).count());
    assert!(peak_twice < MB, "{peak_twice}");
}

/// Endless zero bytes, like `/dev/zero`.
struct Zeros;

impl Read for Zeros {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        buffer.fill(0);
        Ok(buffer.len())
    }
}

#[test]
fn endless_zeros_are_no_record_and_end_the_reading() {
    let (items, peak) = peak_of(|| Records::new(Zeros).collect::<Vec<_>>());
    assert_eq!(items, [Err(ReadError::NotText)]);
    assert!(peak < MB, "{peak}");
}

#[test]
fn a_record_past_the_limit_is_passed_over_with_an_error() {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(b"[Event \"one\"]\n1. h2e2 *\n\n");
    bytes.extend_from_slice(b"[Event \"huge\"]\n{");
    bytes.extend(std::iter::repeat_n(b'x', 3 * MB));
    bytes.extend_from_slice(b"}\n1. h2e2 *\n\n[Event \"three\"]\n1. c3c4 *\n");
    let limit = MB;
    let (items, peak) =
        peak_of(|| Records::with_limit(bytes.as_slice(), limit).collect::<Vec<_>>());
    assert_eq!(items.len(), 3, "{items:?}");
    assert!(items[0].is_ok() && items[2].is_ok());
    assert_eq!(items[1], Err(ReadError::TooLarge { limit }));
    assert!(peak < 3 * limit, "{peak}");
}

#[test]
fn empty_input_is_an_error_that_says_so() {
    for empty in ["", "  \n\n", "\u{feff}"] {
        assert_eq!(
            record::read(empty.as_bytes()),
            Err(ReadError::Empty),
            "{empty:?}"
        );
        let items: Vec<_> = Records::new(empty.as_bytes()).collect();
        assert_eq!(items, [Err(ReadError::Empty)], "{empty:?}");
    }
}

#[test]
fn the_stream_reads_what_the_whole_file_reader_reads() {
    // Comments over several lines with `[` at a line start, `;` comments,
    // results, XQ Wizard footers and UTF-8 text: the same games either way.
    let text = "[Game \"Chinese Chess\"]\n1. 炮二平五 {a comment\n[not a tag] still} 马８进７ ; rest {\n2. h0g2 *\nfooter text\n\n[Event \"2\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/5K3 w\"]\n1. e1e2 1-0\n";
    let whole = record::read(text.as_bytes()).unwrap();
    let streamed: Vec<_> = Records::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(whole.len(), 2);
    assert_eq!(streamed, whole);
    // GB18030, found from the bytes (in blocks) as from the whole file.
    let encoded = record::text::encode(text, record::TextEncoding::Gb18030);
    let from_blocks: Vec<_> = Records::new(encoded.as_slice())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(from_blocks, whole);
}

#[test]
fn a_large_chess_collection_streams_in_constant_memory() {
    use qiboard::chess::record as chess_record;
    let game = "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 {a} e5 (1... c5 $2) 2. Nf3 Nc6 *\n\n";
    let bytes = game.repeat(200_000).into_bytes(); // 13 MB
    let (moves, peak) = streamed_moves::<qiboard::chess::Position>(&bytes);
    assert_eq!(moves, 1_000_000);
    assert!(peak < MB, "{peak} bytes streaming {} bytes", bytes.len());
    // Four megabytes of '(' hold no variation open beyond the depth limit.
    let text = "1. e4 ".to_string() + &"(".repeat(4 * MB);
    let (records, peak) = peak_of(|| chess_record::read(text.as_bytes()));
    assert_eq!(records.expect("a record")[0].tree().move_count(), 1);
    assert!(peak < MB, "{peak} bytes for 4 MB of '('");
}
