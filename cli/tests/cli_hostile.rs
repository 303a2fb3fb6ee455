//! The command line under hostile and careless input: bounded memory,
//! bounded messages, streams that answer line by line, exit codes that
//! say what happened, and one meaning of a position everywhere.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{qiboard, qiboard_with_input, Conversation};

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `qiboard` with `args` under a cap of `cap_mib` MiB on its data
/// (heap and private mappings, `RLIMIT_DATA`: an allocation past it fails
/// and the run aborts), feeding `input` from a thread so that a large
/// input can be written while the output is read. Returns the exit code
/// (`None` when a signal ended it), the stdout length and stderr.
fn run_capped(args: &[&str], input: Option<Vec<u8>>, cap_mib: u64) -> (Option<i32>, usize, String) {
    use std::os::unix::process::CommandExt;
    let cap = cap_mib << 20;
    let mut command = Command::new(env!("CARGO_BIN_EXE_qiboard"));
    command
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and touches only the child.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: cap,
                rlim_max: cap,
            };
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = command.spawn().expect("qiboard runs");
    let writer = input.map(|bytes| {
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            // The child may stop reading early; a broken pipe is fine.
            let _ = stdin.write_all(&bytes);
        })
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    let mut errors = String::new();
    let _ = std::io::Read::read_to_string(&mut stderr, &mut errors);
    let status = child.wait().unwrap();
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    let out = reader.join().unwrap().unwrap_or(0) as usize;
    (status.code(), out, errors)
}

/// The cap the runs below must fit in: the limit the issue set for a
/// gigabyte collection.
const CAP_MIB: u64 = 64;

/// Finding 1: a large collection converts in bounded memory, and
/// `/dev/zero` is refused at once instead of read until memory runs out.
#[test]
fn records_convert_in_bounded_memory() {
    let game = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n";
    let dir = std::env::temp_dir().join(format!("qiboard-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("many.pgn");
    {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        for _ in 0..600_000 {
            file.write_all(game.as_bytes()).unwrap();
        }
    }
    // Used to grow with the file: a million short games took 1.07 GB. The
    // collection (30 MB) is more than the cap.
    let (code, out, errors) = run_capped(
        &["convert", "xiangqi", path.to_str().unwrap(), "--to", "ucci"],
        None,
        CAP_MIB / 2,
    );
    assert_eq!(code, Some(0), "{errors}");
    assert!(out > 30 << 20, "{out} bytes written");
    let _ = std::fs::remove_dir_all(&dir);

    let (code, _, errors) = run_capped(
        &["convert", "xiangqi", "/dev/zero", "--to", "pgn"],
        None,
        CAP_MIB,
    );
    assert_eq!(code, Some(1), "{errors}");
    assert!(errors.contains("NUL"), "{errors}");

    // Four megabytes of '(' (2.26 GB before): one record, one problem.
    let parens = vec![b'('; 4 << 20];
    let (code, _, errors) = run_capped(
        &["convert", "xiangqi", "-", "--to", "pgn"],
        Some(parens),
        CAP_MIB / 2,
    );
    assert_eq!(code, Some(1), "{errors}");
    assert!(errors.contains("deeper than"), "{errors}");
}

/// Finding 2: perft at any depth answers, with an error past the bound.
#[test]
fn perft_of_any_depth_answers() {
    for game in ["xiangqi", "chess"] {
        let output = qiboard(&["perft", game, "4294967295"]);
        assert_eq!(output.status.code(), Some(2), "{game}: {output:?}");
        assert!(
            stderr(&output).contains("deeper than"),
            "{}",
            stderr(&output)
        );
    }
}

/// Finding 3: errors quote at most a short excerpt of what they refuse,
/// and a huge line costs no memory in proportion.
#[test]
fn errors_quote_only_an_excerpt() {
    // As long as one argument may be (128 KiB).
    let huge = "x".repeat(100 << 10);
    for args in [
        vec!["moves", "xiangqi", huge.as_str()],
        vec!["perft", "chess", "1", "--fen", huge.as_str()],
        vec!["game", "xiangqi", huge.as_str()],
        vec!["attacks", "xiangqi", huge.as_str(), "e4"],
    ] {
        let output = qiboard(&args);
        assert_eq!(output.status.code(), Some(2), "{:?}", &args[..2]);
        assert!(
            stderr(&output).len() < 600,
            "{} bytes",
            stderr(&output).len()
        );
    }
    let mut input = vec![b'r'; 200 << 20];
    input.push(b'\n');
    // It took 785 MB and wrote the 200 MB back.
    let (code, out, errors) = run_capped(&["tb", "probe", "-", "--dir", "."], Some(input), CAP_MIB);
    assert_eq!(code, Some(1), "{errors}");
    assert!(out < 200, "{out} bytes of answers");
}

/// Finding 4: `moves -` answers each line as it is read.
#[test]
fn moves_answers_line_by_line() {
    let mut moves = Conversation::start(&["moves", "xiangqi", "-"]);
    let start = format!("{}\n", qiboard::xiangqi::Position::START_FEN);
    assert_eq!(moves.ask(start.as_bytes()).split_whitespace().count(), 44);
    assert!(moves.ask(b"\xc3\x28 no text\n").starts_with("error: "));
    assert_eq!(moves.ask(start.as_bytes()).split_whitespace().count(), 44);
    assert_eq!(moves.end(), Some(1));
}

/// An XQF file whose header says Red moves first while its first move is
/// Black's (d9d8).
fn xqf_with_wrong_side() -> Vec<u8> {
    let mut bytes = vec![0u8; 0x400];
    bytes[..3].copy_from_slice(b"XQ\x0a");
    let mut table = [0xffu8; 32];
    table[4] = 40; // Red king on e0
    table[20] = 39; // Black king on d9
    table[24] = 18; // Black rook on b8
    bytes[0x10..0x30].copy_from_slice(&table);
    bytes.extend([0x18, 0x20, 0xf0, 0, 0, 0, 0, 0]);
    bytes.extend([0x18 + 39, 0x20 + 38, 0, 0, 0, 0, 0, 0]);
    bytes
}

/// Finding 5: a corrected header is a warning (exit 0; `--strict` makes
/// it 1), an empty input is an error that says so, an empty move is a
/// bad move.
#[test]
fn warnings_errors_and_empty_input() {
    let bytes = xqf_with_wrong_side();
    let (code, _, errors) = run_capped(
        &["convert", "xiangqi", "-", "--to", "ucci"],
        Some(bytes.clone()),
        CAP_MIB,
    );
    assert_eq!(code, Some(0), "{errors}");
    assert!(
        errors.starts_with("warning: ") && errors.contains("header"),
        "{errors}"
    );
    let (code, _, _) = run_capped(
        &["--strict", "convert", "xiangqi", "-", "--to", "ucci"],
        Some(bytes),
        CAP_MIB,
    );
    assert_eq!(code, Some(1));

    let output = qiboard_with_input(&["convert", "xiangqi", "-", "--to", "pgn"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("no record"), "{}", stderr(&output));

    for moves in [vec![""], vec!["h2e2", " "]] {
        let mut args = vec!["game", "xiangqi"];
        args.extend(moves);
        let output = qiboard(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains("empty move"),
            "{}",
            stderr(&output)
        );
    }
}

/// Finding 6: one meaning of a position in every command, and the side
/// to move's default said.
#[test]
fn every_command_reads_a_fen_alike() {
    // A red pawn on a0, where it can never go.
    let unreachable = "3k5/9/9/9/9/9/9/9/9/P3K4 w";
    for args in [
        vec!["moves", "xiangqi", unreachable],
        vec!["perft", "xiangqi", "1", "--fen", unreachable],
        vec!["game", "xiangqi", "--fen", unreachable],
        vec!["tb", "probe", unreachable, "--dir", "."],
    ] {
        let output = qiboard(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains("never go"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let no_side = "3k5/9/9/9/9/9/9/9/9/4K4";
    let output = qiboard(&["moves", "xiangqi", no_side]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stderr(&output).contains("Red to move is assumed"),
        "{}",
        stderr(&output)
    );
    let output = qiboard(&["--strict", "moves", "xiangqi", no_side]);
    assert_eq!(output.status.code(), Some(1));
}
