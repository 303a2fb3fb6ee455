//! Record files in every encoding the readers know — UTF-8 with and
//! without a byte-order mark, UTF-16 in both byte orders, GB18030 and
//! Big5 — and collections that mix them or hold a game no encoding
//! decodes: each game is read in its own encoding, by the whole-file
//! reader and by the stream alike. The inputs are made here, by encoding
//! one text.
#![cfg(all(feature = "record", feature = "std"))]

use qiboard::xiangqi::record::{self, text, ProblemKind, Record, Records, TextEncoding};

/// A game in traditional characters (Big5 has no simplified ones): its
/// event, and its three moves in Chinese notation.
fn game(event: &str) -> String {
    format!(
        "[Game \"Chinese Chess\"]\n[Event \"{event}\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1\"]\n\n\
         1. 車五進八 將４進１ 2. 車五平六 *\n\n"
    )
}

const EVENTS: [&str; 3] = ["象棋比賽第一輪", "全國象棋個人賽", "紅先勝"];

fn utf16(text: &str, little: bool) -> Vec<u8> {
    let mut bytes = if little {
        vec![0xff, 0xfe]
    } else {
        vec![0xfe, 0xff]
    };
    for unit in text.encode_utf16() {
        bytes.extend(if little {
            unit.to_le_bytes()
        } else {
            unit.to_be_bytes()
        });
    }
    bytes
}

/// Both readers' records of `bytes`, which must agree.
fn read_both(bytes: &[u8]) -> Vec<Record> {
    let whole = record::read(bytes).expect("the whole-file reader reads it");
    let streamed: Vec<Record> = Records::new(bytes)
        .collect::<Result<_, _>>()
        .expect("the stream reads it");
    assert_eq!(whole.len(), streamed.len());
    for (a, b) in whole.iter().zip(&streamed) {
        assert_eq!(a.tags(), b.tags());
        assert_eq!(a.main_line(), b.main_line());
        assert_eq!(a.problems(), b.problems());
    }
    whole
}

fn assert_games(records: &[Record], events: &[&str], what: &str) {
    let found: Vec<&str> = records.iter().map(|r| r.tag("Event").unwrap()).collect();
    assert_eq!(found, events, "{what}");
    for record in records {
        assert_eq!(record.main_line().len(), 3, "{what}: {record:?}");
        assert!(
            record.problems().is_empty(),
            "{what}: {:?}",
            record.problems()
        );
    }
}

#[test]
fn a_collection_reads_in_each_encoding() {
    let collection: String = EVENTS.iter().map(|event| game(event)).collect();
    let cases: [(&str, Vec<u8>, TextEncoding); 6] = [
        (
            "UTF-8",
            text::encode(&collection, TextEncoding::Utf8),
            TextEncoding::Utf8,
        ),
        (
            "UTF-8 with a mark",
            [&[0xef, 0xbb, 0xbf][..], collection.as_bytes()].concat(),
            TextEncoding::Utf8,
        ),
        ("UTF-16LE", utf16(&collection, true), TextEncoding::Utf16Le),
        ("UTF-16BE", utf16(&collection, false), TextEncoding::Utf16Be),
        (
            "GB18030",
            text::encode(&collection, TextEncoding::Gb18030),
            TextEncoding::Gb18030,
        ),
        (
            "Big5",
            text::encode(&collection, TextEncoding::Big5),
            TextEncoding::Big5,
        ),
    ];
    for (what, bytes, encoding) in cases {
        let decoded = text::decode(&bytes);
        assert_eq!(decoded.encoding, encoding, "{what}");
        assert!(!decoded.lossy, "{what}");
        assert_eq!(decoded.text, collection, "{what}");
        assert_games(&read_both(&bytes), &EVENTS, what);
    }
}

#[test]
fn big5_and_gb18030_are_told_apart_by_what_the_text_says() {
    // Either decodes the other's bytes without an error, into other
    // characters: the record's own characters decide.
    for encoding in [TextEncoding::Big5, TextEncoding::Gb18030] {
        let bytes = text::encode(&game("第一輪"), encoding);
        assert_eq!(text::decode(&bytes).encoding, encoding);
    }
}

#[test]
fn each_game_of_a_collection_is_decoded_in_its_own_encoding() {
    let mixed = [
        text::encode(&game(EVENTS[0]), TextEncoding::Utf8),
        text::encode(&game(EVENTS[1]), TextEncoding::Big5),
        text::encode(&game(EVENTS[2]), TextEncoding::Gb18030),
    ]
    .concat();
    assert_games(&read_both(&mixed), &EVENTS, "UTF-8, Big5, GB18030");
}

#[test]
fn a_game_no_encoding_decodes_is_reported_and_the_others_read() {
    let good = game(EVENTS[0]);
    // 0xff starts a character in neither GB18030 nor Big5.
    let junk = b"[Event \"junk\"]\n\n1. \xff\xfe\xff \xff\x80 *\n\n";
    let bytes = [good.as_bytes(), &junk[..], good.as_bytes()].concat();
    let records = read_both(&bytes);
    assert_eq!(records.len(), 3);
    for record in [&records[0], &records[2]] {
        assert_games(std::slice::from_ref(record), &EVENTS[..1], "a good game");
    }
    assert_eq!(records[1].tag("Event"), Some("junk"));
    assert!(
        matches!(records[1].problems()[0].kind, ProblemKind::Encoding),
        "{:?}",
        records[1].problems()
    );
}

#[test]
fn the_stream_turns_to_per_game_decoding_where_utf8_stops() {
    // More than the stream's first block of UTF-8, then a Big5 game and
    // a UTF-8 one: the UTF-8 guess ends there, not for the games before.
    let utf8 = game(EVENTS[0]);
    let count = (70 << 10) / utf8.len() + 1;
    let mut bytes = utf8.repeat(count).into_bytes();
    bytes.extend(text::encode(&game(EVENTS[1]), TextEncoding::Big5));
    bytes.extend(utf8.as_bytes());
    let records = read_both(&bytes);
    assert_eq!(records.len(), count + 2);
    let mut events = vec![EVENTS[0]; count];
    events.extend([EVENTS[1], EVENTS[0]]);
    assert_games(&records, &events, "UTF-8, Big5, UTF-8");
}
