//! The bodies of the fuzz targets, one function per parser, each taking
//! the fuzzer's bytes. Every parser must refuse bad text with an error
//! value; what it accepts must survive a round trip through its printed
//! form, and positions must agree with themselves (keys recomputed from
//! scratch, every legal move's text read back as that move).
//!
//! The same functions are compiled without libFuzzer by the main crate's
//! `tests/fuzz_corpus.rs`, which replays every committed corpus on
//! stable. Adding a target: a function here and its line in [`TARGETS`],
//! a three-line `fuzz_targets/<name>.rs`, a `[[bin]]` in `Cargo.toml`,
//! and seed inputs in `corpus/<name>/`; the replay test fails until all
//! four agree.

use std::borrow::Cow;

#[path = "../../tests/support/heap.rs"]
mod heap;

// Every target runs under the counting allocator, so that a target can
// hold a reader to memory in proportion to its input.
#[global_allocator]
static ALLOCATOR: heap::Counting = heap::Counting;

use qiboard::record::{ProblemKind, ReadError, Record, RecordBoard};
use qiboard::xiangqi::notation::{ChineseStyle, Notation};
use qiboard::{chess, xiangqi};
use qiboard_tablebase::Material;

/// A target's body: it gets the fuzzer's bytes and panics on a bug.
pub type Target = fn(&[u8]);

/// Every target: its name (the `fuzz_targets/` file and `corpus/` folder)
/// and its body.
pub const TARGETS: &[(&str, Target)] = &[
    ("chess_fen", chess_fen),
    ("xiangqi_fen", xiangqi_fen),
    ("uci_move", uci_move),
    ("ucci_move", ucci_move),
    ("material", material),
    ("chess_bitboard", chess_bitboard),
    ("xiangqi_bitboard", xiangqi_bitboard),
    ("notation", notation),
    ("record", record),
    ("chess_pgn", chess_pgn),
    ("tablebase_file", tablebase_file),
];

/// The bytes as text, invalid UTF-8 replaced, as a reader of untrusted
/// files would pass them on.
fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// A chess position agrees with itself: its FEN reads back as itself, its
/// key is the one computed from scratch, and every legal move's text
/// reads back as that move.
fn check_chess(position: &chess::Position) {
    let fen = position.fen();
    let again = chess::Position::from_fen(&fen).expect("a position's own FEN parses");
    assert_eq!(&again, position, "{fen}");
    assert_eq!(position.key(), position.compute_key(), "{fen}");
    let moves = position.legal_moves();
    assert_eq!(moves.len() as u64, position.count_legal_moves(), "{fen}");
    for &mv in moves.iter() {
        let text = position.move_text(mv);
        assert_eq!(position.parse_move(&text), Ok(mv), "{fen}: {text}");
        let child = position.play(mv);
        assert_eq!(child.key(), child.compute_key(), "{fen}: {text}");
    }
}

/// The xiangqi counterpart of [`check_chess`], with the lock too.
fn check_xiangqi(position: &xiangqi::Position) {
    let fen = position.fen();
    let again = xiangqi::Position::from_fen(&fen).expect("a position's own FEN parses");
    assert_eq!(&again, position, "{fen}");
    assert_eq!(
        position.hashes_from_scratch(),
        (position.key(), position.lock()),
        "{fen}"
    );
    let moves = position.legal_moves();
    assert_eq!(moves.len() as u64, position.count_legal_moves(), "{fen}");
    for &mv in moves.iter() {
        assert!(position.is_legal(mv), "{fen}: {mv}");
        let text = position.move_text(mv);
        assert_eq!(position.parse_move(&text), Ok(mv), "{fen}: {text}");
        let child = position.play(mv);
        assert_eq!(
            child.hashes_from_scratch(),
            (child.key(), child.lock()),
            "{fen}: {text}"
        );
    }
}

/// Chess FEN.
pub fn chess_fen(data: &[u8]) {
    if let Ok(position) = chess::Position::from_fen(&text(data)) {
        check_chess(&position);
    }
}

/// Xiangqi FEN.
pub fn xiangqi_fen(data: &[u8]) {
    if let Ok(position) = xiangqi::Position::from_fen(&text(data)) {
        check_xiangqi(&position);
    }
}

/// Positions UCI text is read against: the start, Kiwipete (castling, en
/// passant), promotions, and Chess960 castling.
const CHESS_POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
];

/// UCI move text, against fixed positions; a first line that is a FEN
/// adds its position.
pub fn uci_move(data: &[u8]) {
    let text = text(data);
    let (first, rest) = text.split_once('\n').unwrap_or(("", &text));
    let extra = chess::Position::from_fen(first).ok();
    let fixed = CHESS_POSITIONS.map(|fen| chess::Position::from_fen(fen).expect("a valid FEN"));
    for position in fixed.iter().chain(&extra) {
        if let Ok(mv) = position.parse_move(rest) {
            assert!(position.legal_moves().contains(&mv), "{rest:?}");
            let written = position.move_text(mv);
            assert_eq!(position.parse_move(&written), Ok(mv), "{rest:?}");
        }
    }
}

/// Positions UCCI text is read against: the start and two middle games.
const XIANGQI_POSITIONS: [&str; 3] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
];

/// UCCI move text: on its own, and against fixed positions; a first line
/// that is a FEN adds its position.
pub fn ucci_move(data: &[u8]) {
    let text = text(data);
    let (first, rest) = text.split_once('\n').unwrap_or(("", &text));
    if let Ok(mv) = rest.parse::<xiangqi::Move>() {
        assert_eq!(mv.to_string().parse::<xiangqi::Move>(), Ok(mv));
    }
    let extra = xiangqi::Position::from_fen(first).ok();
    let fixed = XIANGQI_POSITIONS.map(|fen| xiangqi::Position::from_fen(fen).expect("a valid FEN"));
    for position in fixed.iter().chain(&extra) {
        if let Ok(mv) = position.parse_move(rest) {
            assert!(position.is_legal(mv), "{rest:?}");
            assert!(position.legal_moves().contains(&mv), "{rest:?}");
            assert_eq!(position.parse_move(&position.move_text(mv)), Ok(mv));
        }
    }
}

/// Tablebase material signatures.
pub fn material(data: &[u8]) {
    if let Ok(material) = text(data).parse::<Material>() {
        let written = material.to_string();
        assert_eq!(written.parse::<Material>(), Ok(material), "{written}");
        assert!(material.piece_count() <= 32, "{written}");
    }
}

/// Chess bitboard text (rank strings, hex) and square names.
pub fn chess_bitboard(data: &[u8]) {
    let text = text(data);
    if let Ok(board) = text.parse::<chess::Bitboard>() {
        assert_eq!(board.to_string().parse(), Ok(board));
        assert_eq!(format!("0x{board:x}").parse(), Ok(board));
    }
    if let Ok(square) = text.parse::<chess::Square>() {
        assert_eq!(square.to_string(), text);
    }
}

/// Xiangqi bitboard text (rank strings, hex) and square names.
pub fn xiangqi_bitboard(data: &[u8]) {
    let text = text(data);
    if let Ok(board) = text.parse::<xiangqi::Bitboard>() {
        assert_eq!(board.to_string().parse(), Ok(board));
        assert_eq!(format!("0x{board:x}").parse(), Ok(board));
        assert_eq!(board, board & xiangqi::Bitboard::FULL);
    }
    if let Ok(square) = text.parse::<xiangqi::Square>() {
        assert_eq!(square.to_string(), text);
    }
}

/// Move text in every xiangqi notation (and SAN for chess) against the
/// fixed positions: what is read is a legal move, and that move written in
/// each notation reads back as itself.
pub fn notation(data: &[u8]) {
    let text = text(data);
    let written = [
        Notation::Ucci,
        Notation::Iccs,
        Notation::Wxf,
        Notation::CHINESE,
        Notation::Chinese(ChineseStyle::TRADITIONAL),
    ];
    for fen in XIANGQI_POSITIONS {
        let position = xiangqi::Position::from_fen(fen).expect("a valid FEN");
        if let Ok(mv) = position.parse_any_notation(&text) {
            assert!(position.is_legal(mv), "{text:?}");
            for notation in written {
                let again = position
                    .notation_text(mv, notation)
                    .expect("a legal move prints");
                assert_eq!(position.parse_notation(&again, notation), Ok(mv), "{again}");
            }
        }
    }
    for fen in CHESS_POSITIONS {
        let position = chess::Position::from_fen(fen).expect("a valid FEN");
        if let Ok(mv) = position.parse_san(&text) {
            assert!(position.legal_moves().contains(&mv), "{text:?}");
            let san = position.san(mv).expect("a legal move prints");
            assert_eq!(position.parse_san(&san), Ok(mv), "{san}");
        }
    }
}

/// Game records (XQF or PGN, any encoding): whatever is read writes to PGN
/// and reads back with the same start and main line.
pub fn record(data: &[u8]) {
    check_records(
        data,
        xiangqi::record::read,
        |data| xiangqi::record::Records::new(data).collect(),
        |record| record.to_pgn(Notation::Ucci),
    );
}

/// Chess PGN (UTF-8, UTF-16 or ISO 8859-1): whatever is read writes to PGN
/// and reads back with the same start and main line.
pub fn chess_pgn(data: &[u8]) {
    check_records(
        data,
        chess::record::read,
        |data| chess::record::Records::new(data).collect(),
        chess::record::Record::to_pgn,
    );
}

/// What a game's records read from `data` whole (`read`) and as a stream
/// (`stream`), in memory bounded by the input, must hold: the same records
/// either way, each written by `write` reading back with its start and
/// main line.
fn check_records<B: RecordBoard>(
    data: &[u8],
    read: fn(&[u8]) -> Records<B>,
    stream: fn(&[u8]) -> Records<B>,
    write: fn(&Record<B>) -> String,
) {
    // Memory in proportion to the input: a record's tree takes some tens
    // of bytes a move and every move takes a few bytes of text; nesting
    // and the stream's buffers are bounded by constants.
    let (read, peak) = heap::peak_of(|| read(data));
    assert!(
        peak <= 100 * data.len() + (2 << 20),
        "{peak} heap bytes reading {} bytes",
        data.len()
    );
    let (streamed, peak) = heap::peak_of(|| stream(data));
    assert!(
        peak <= 100 * data.len() + (2 << 20),
        "{peak} heap bytes streaming {} bytes",
        data.len()
    );
    // The stream reads what the whole reader reads: the same records, the
    // same problems but for where bytes that did not decode are reported
    // (the whole reader marks every record of such a file, the stream the
    // games around the bytes).
    let without_encoding = |records: &Records<B>| {
        records.clone().map(|records| {
            records
                .into_iter()
                .map(|record| {
                    let problems: Vec<_> = record
                        .problems()
                        .iter()
                        .filter(|problem| problem.kind != ProblemKind::Encoding)
                        .cloned()
                        .collect();
                    (write(&record), problems)
                })
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(without_encoding(&streamed), without_encoding(&read));
    let Ok(records) = read else {
        return;
    };
    for read in records {
        let pgn = write(&read);
        let again = qiboard::record::read_pgn::<B>(&pgn).expect("its own PGN reads");
        assert_eq!(again.len(), 1, "{pgn}");
        assert_eq!(again[0].start(), read.start(), "{pgn}");
        assert_eq!(again[0].main_line(), read.main_line(), "{pgn}");
    }
}

/// Every record of an input, or why it gave none.
type Records<B> = Result<Vec<Record<B>>, ReadError<<B as qiboard::Board>::FenError>>;

/// Tablebase files (WDL or DTM): refused with a reason or read whole.
pub fn tablebase_file(data: &[u8]) {
    let _ = qiboard_tablebase::check_file_bytes(data);
}
