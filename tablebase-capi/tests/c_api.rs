//! The C API from C and C++: `tests/c/probe.c` and `tests/c/engine.cpp`,
//! compiled with the system's compiler against the static library this
//! test build produced, probe tables generated here and must give the
//! Rust `Tablebase`'s answers. The extern functions are also called from
//! Rust. Skipped, saying so, when no C compiler is found.
//!
//! The timing mode of the C program measures warm WDL probes through the
//! C API:
//!
//! ```sh
//! cargo test -p qiboard-tablebase-capi --test c_api -- --ignored --nocapture
//! ```

use std::ffi::{c_char, CStr, CString};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use qiboard::xiangqi::{Color, Position};
use qiboard_tablebase::{DistanceTo, Dtm, Material, ProbeError, Tablebase, Value};
use qiboard_tablebase_capi::{
    self as capi, QtbDtm, QtbError, QtbPosition, QtbRootMove, QtbTablebase,
};
use qiboard_tablebase_gen::{Generator, Quiet};

const ENDGAMES: [&str; 3] = ["KRK", "KRKA", "KNKE"];

/// The tables of [`ENDGAMES`] (and their sub-endgames), generated once
/// into a scratch directory, and the positions the tests probe.
struct Fixture {
    dir: PathBuf,
    fens: Vec<String>,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = scratch().join("tables");
        let generator = Generator::open(&dir).unwrap();
        let mut fens = Vec::new();
        for name in ENDGAMES {
            let material: Material = name.parse().unwrap();
            generator.generate(&material, &Quiet).unwrap();
            let table = generator.table(&material).unwrap();
            for side in Color::ALL {
                let mut lost_now = 0;
                for (at, (position, dtm)) in table.values(side).enumerate() {
                    // A spread of positions, every one with no legal move
                    // among the first, and the other colour orientation.
                    let terminal = dtm.value == Value::Loss(0) && lost_now < 3;
                    if at % 97 == 0 || terminal {
                        lost_now += usize::from(terminal);
                        fens.push(position.fen());
                        if at % 3 == 0 {
                            fens.push(position.flipped().fen());
                        }
                    }
                }
            }
        }
        fens.extend(
            [
                // No table (KRKR), and one whose captures lead into tables.
                "3k1r3/9/9/9/9/9/9/9/4R4/5K3 w",
                "3k5/9/9/9/9/9/9/9/4R4/5K3 w",
                "3k5/4a4/9/9/9/9/9/9/4R4/5K3 b",
                // Not FEN, and not a position the rules allow.
                "not a fen",
                "4k4/9/9/9/9/9/9/9/4R4/4K4 w",
                "9/9/9/9/9/9/9/9/4R4/5K3 w",
            ]
            .map(String::from),
        );
        Fixture { dir, fens }
    })
}

/// A directory of this test's own in the target dir, made afresh by each
/// run: the tables and the compiled programs.
fn scratch() -> &'static Path {
    static SCRATCH: OnceLock<PathBuf> = OnceLock::new();
    SCRATCH.get_or_init(|| {
        let exe = std::env::current_exe().unwrap();
        let dir = exe.parent().unwrap().join("c-api-scratch");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    })
}

/// The code the C API gives a failure of the Rust API.
fn code(error: &ProbeError) -> i32 {
    (match error {
        ProbeError::Missing { .. } => QtbError::Missing,
        ProbeError::OffDomain { .. } => QtbError::OffDomain,
        ProbeError::Io { .. } => QtbError::Io,
        ProbeError::Corrupt { .. } | ProbeError::BrokenEntry { .. } => QtbError::Corrupt,
        ProbeError::RulesMismatch { .. } => QtbError::RulesMismatch,
        ProbeError::OldFormat { .. } => QtbError::OldFormat,
        ProbeError::TooLarge(_) => QtbError::TooLarge,
        _ => QtbError::Other,
    }) as i32
}

/// A value as the C program prints it: letter, plies, `m` or `r`, and 1
/// when the rules decided it.
fn shown(dtm: &Dtm) -> String {
    let to = match dtm.to {
        DistanceTo::Mate => 'm',
        DistanceTo::Rule => 'r',
    };
    format!(
        "{}{}{to}{}",
        dtm.value.letter(),
        dtm.value.plies(),
        u8::from(dtm.by_rules)
    )
}

/// What the C program prints for `fen`, from the Rust API.
fn expected(tablebase: &Tablebase, fen: &str) -> String {
    let position = match qiboard::xiangqi::Setup::from_fen(fen) {
        Err(_) => return "covers=E2 wdl=E2 dtm=E2 best=E2 root=E2".into(),
        Ok(setup) => match Position::from_setup(setup) {
            Err(_) => return "covers=E3 wdl=E3 dtm=E3 best=E3 root=E3".into(),
            Ok(position) => position,
        },
    };
    let error = |error: ProbeError| format!("E{}", code(&error));
    let covers = u8::from(tablebase.covers(&position));
    let wdl = tablebase
        .probe_wdl(&position)
        .map_or_else(error, |wdl| wdl.letter().to_string());
    let dtm = tablebase
        .probe_dtm(&position)
        .map_or_else(error, |dtm| shown(&dtm));
    let best = match tablebase.best_move(&position) {
        Ok(Some((mv, value))) => format!("{mv}:{}", shown(&value)),
        Ok(None) => format!("0000:{}", shown(&tablebase.probe_dtm(&position).unwrap())),
        Err(failure) => error(failure),
    };
    let root = match tablebase.probe_root(&position) {
        Ok(ranked) => {
            let moves: Vec<String> = ranked
                .iter()
                .map(|(mv, value)| format!("{mv}:{}", shown(value)))
                .collect();
            if moves.is_empty() {
                "0".to_string()
            } else {
                format!("{}:{}", moves.len(), moves.join(","))
            }
        }
        Err(failure) => error(failure),
    };
    format!("covers={covers} wdl={wdl} dtm={dtm} best={best} root={root}")
}

/// The C compiler to use (`$CC`, else `cc`), if there is one.
fn compiler(variable: &str, default: &str) -> Option<String> {
    let name = std::env::var(variable).unwrap_or_else(|_| default.to_string());
    let works = Command::new(&name)
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    works.then_some(name)
}

/// The static libraries this test build may have produced, the likeliest
/// first: the copy cargo makes one level above the test binary (of the
/// last build), then those in `deps/` (one per set of features and
/// profile), newest first.
fn static_libraries() -> Vec<PathBuf> {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let mut found: Vec<PathBuf> = std::fs::read_dir(deps)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with("libqiboard_tablebase_capi") && name.ends_with(".a")
        })
        .collect();
    found.sort_by_key(|path| {
        std::fs::metadata(path)
            .and_then(|meta| meta.modified())
            .ok()
    });
    found.push(deps.parent().unwrap().join("libqiboard_tablebase_capi.a"));
    found.reverse();
    found.retain(|path| path.exists());
    assert!(
        !found.is_empty(),
        "no libqiboard_tablebase_capi.a in or above {}: run the test through \
         `cargo test -p qiboard-tablebase-capi`",
        deps.display()
    );
    found
}

/// Libraries the Rust standard library needs beside a static library.
fn system_libraries() -> &'static [&'static str] {
    if cfg!(target_os = "macos") {
        &["-lSystem", "-lc", "-lm"]
    } else {
        &["-lpthread", "-ldl", "-lm", "-lrt", "-lutil"]
    }
}

/// Compiles `source` (of `tests/c/`) into a program of the scratch
/// directory, against the first static library that links.
fn compile(compiler: &str, source: &str, flags: &[&str]) -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = scratch().join(source).with_extension("");
    let mut errors = String::new();
    for library in static_libraries() {
        let output = Command::new(compiler)
            .args(flags)
            .arg("-I")
            .arg(crate_dir.join("include"))
            .arg(crate_dir.join("tests/c").join(source))
            .arg(&library)
            .args(system_libraries())
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        if output.status.success() {
            return out;
        }
        errors += &format!(
            "{compiler} {source} with {}:\n{}\n",
            library.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    panic!("{errors}");
}

fn run(program: &Path, args: &[&str]) -> String {
    let output = Command::new(program).args(args).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{} {args:?} failed ({}):\n{stdout}\n{}",
        program.display(),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// Says that a part is skipped, past the test harness's capture of
/// `eprintln!`, so that a plain `cargo test` shows it.
fn skipped(why: &str) {
    use std::io::Write;
    // In CI every tool is there: a skip would hide a missing one.
    if std::env::var_os("QIBOARD_REQUIRE_TOOLS").is_some_and(|v| v == "1") {
        panic!("QIBOARD_REQUIRE_TOOLS=1 but {why}");
    }
    let _ = writeln!(std::io::stderr(), "SKIPPED: {why}");
}

/// The C program, once per test binary.
fn probe_program() -> Option<&'static Path> {
    static PROGRAM: OnceLock<Option<PathBuf>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| {
            let Some(cc) = compiler("CC", "cc") else {
                skipped("no C compiler (`cc`, or $CC) found: the C program is not run");
                return None;
            };
            if !cfg!(unix) {
                skipped("the C program is only built on Unix here");
                return None;
            }
            let flags = [
                "-std=c99",
                "-O2",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-pedantic",
            ];
            Some(compile(&cc, "probe.c", &flags))
        })
        .as_deref()
}

fn dir_arg() -> &'static str {
    fixture().dir.to_str().unwrap()
}

fn fens_file() -> PathBuf {
    let path = fixture().dir.join("fens.txt");
    std::fs::write(&path, fixture().fens.join("\n") + "\n").unwrap();
    path
}

#[test]
fn the_c_program_probes_what_rust_probes() {
    let fixture = fixture();
    let Some(program) = probe_program() else {
        return;
    };
    let path = fens_file();
    let printed = run(program, &[dir_arg(), path.to_str().unwrap()]);
    let tablebase = Tablebase::open(&fixture.dir).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), fixture.fens.len(), "{printed}");
    let mut decided = [0; 3];
    for (line, fen) in lines.iter().zip(&fixture.fens) {
        let (printed_fen, answer) = line.split_once('\t').unwrap();
        assert_eq!(printed_fen, fen);
        assert_eq!(answer, expected(&tablebase, fen), "{fen}");
        if let Ok(position) = Position::from_fen(fen) {
            if let Ok(wdl) = tablebase.probe_wdl(&position) {
                decided[wdl as usize] += 1;
            }
        }
    }
    // Wins, draws and losses among them, and positions with no move.
    assert!(decided.iter().all(|&n| n > 10), "{decided:?}");
    assert!(printed.contains("best=0000:L0m0 root=0\n"), "{printed}");
    assert!(printed.contains("wdl=E5"), "{printed}");
}

#[test]
fn the_c_program_checks_arguments_and_errors() {
    let Some(program) = probe_program() else {
        return;
    };
    let printed = run(program, &["--selftest", dir_arg()]);
    assert_eq!(printed, "selftest ok\n");
}

/// The C program's timing mode: `probes` warm WDL probes on each of
/// `threads` threads; what it printed, every probe having answered.
fn timed_probes(probes: &str, threads: &str) -> Option<String> {
    let program = probe_program()?;
    let path = fens_file();
    let printed = run(
        program,
        &[
            "--bench",
            dir_arg(),
            path.to_str().unwrap(),
            probes,
            threads,
        ],
    );
    println!("{printed}");
    assert!(printed.contains("(0 errors)"), "{printed}");
    Some(printed)
}

#[test]
fn the_c_program_times_warm_probes() {
    timed_probes("200000", "2");
}

/// The warm-probe benchmark of `docs/c-api.md` (five million WDL probes
/// of filled positions on one thread): it prints the rates, which go into
/// the docs, and checks only that every probe answered. Ignored: it takes
/// a few seconds, and a speed is measured, not asserted.
#[test]
#[ignore]
fn warm_probe_rates() {
    if let Some(printed) = timed_probes("5000000", "1") {
        assert!(
            printed.lines().any(|line| line.starts_with("wdl_pieces")),
            "{printed}"
        );
    }
}

#[test]
fn the_cpp_engine_example_runs() {
    let fixture = fixture();
    let Some(cxx) = compiler("CXX", "c++") else {
        skipped("no C++ compiler (`c++`, or $CXX) found: the engine example is not run");
        return;
    };
    if !cfg!(unix) {
        return;
    }
    let flags = [
        "-std=c++11",
        "-O2",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pthread",
    ];
    let program = compile(&cxx, "engine.cpp", &flags);
    let fens = [
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w",
        "3k5/4a4/9/9/9/9/9/9/4R4/5K3 b",
        "3k5/9/9/9/9/9/9/9/3R5/5K3 b",
    ];
    let mut args = vec![dir_arg()];
    args.extend(fens);
    let printed = run(&program, &args);
    let tablebase = Tablebase::open(&fixture.dir).unwrap();
    let mut expected = format!("max_pieces {}\n", tablebase.max_pieces());
    for fen in fens {
        let position = Position::from_fen(fen).unwrap();
        let dtm = tablebase.probe_dtm(&position).unwrap();
        let wdl = dtm.value.order().signum();
        let (best, _) = tablebase.best_move(&position).unwrap().unwrap();
        expected += &format!(
            "{fen}: wdl {wdl} score {} at ply 3 {} best {best}\n",
            dtm.score(0),
            dtm.score(3)
        );
    }
    assert_eq!(printed, expected);
}

// ---------------------------------------------------------------------
// The extern functions called from Rust.

struct Handle(*mut QtbTablebase);

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: a handle from `qtb_open`, closed once.
        unsafe { capi::qtb_close(self.0) };
    }
}

fn open() -> Handle {
    let dir = CString::new(dir_arg()).unwrap();
    let mut err = QtbError::Other;
    // SAFETY: a NUL-terminated path and a writable code.
    let tb = unsafe {
        capi::qtb_open(
            dir.as_ptr(),
            capi::QTB_DEFAULT_CACHE_BYTES,
            0,
            &mut err,
            std::ptr::null_mut(),
            0,
        )
    };
    assert_eq!(err, QtbError::Ok);
    assert!(!tb.is_null());
    Handle(tb)
}

/// The piece lists of `position`, filled square by square as an engine
/// fills them from its own board.
fn lists_of(position: &Position) -> QtbPosition {
    let mut lists = QtbPosition {
        side: position.side_to_move() as i32,
        ..QtbPosition::default()
    };
    for square in qiboard::xiangqi::Square::ALL {
        if let Some(piece) = position.piece_at(square) {
            let (c, k) = (piece.color as usize, piece.kind as usize);
            lists.squares[c][k][usize::from(lists.count[c][k])] = square as u8;
            lists.count[c][k] += 1;
        }
    }
    lists
}

/// The position of a FEN, read by `qtb_position_from_fen`.
fn from_fen(fen: &str) -> QtbPosition {
    let fen = CString::new(fen).unwrap();
    let mut lists = QtbPosition::default();
    // SAFETY: a NUL-terminated FEN and a writable position.
    let code =
        unsafe { capi::qtb_position_from_fen(fen.as_ptr(), &mut lists, std::ptr::null_mut(), 0) };
    assert_eq!(code, QtbError::Ok);
    lists
}

#[test]
fn a_fen_reads_into_the_lists_an_engine_fills() {
    for fen in &fixture().fens {
        if let Ok(position) = Position::from_fen(fen) {
            assert_eq!(from_fen(fen), lists_of(&position), "{fen}");
        }
    }
}

#[test]
fn extern_functions_agree_with_the_rust_api_from_many_threads() {
    let fixture = fixture();
    let handle = open();
    let tablebase = Tablebase::open(&fixture.dir).unwrap();
    let positions: Vec<Position> = fixture
        .fens
        .iter()
        .filter_map(|fen| Position::from_fen(fen).ok())
        .filter(|position| tablebase.covers(position))
        .collect();
    assert!(positions.len() > 100);
    /// The handle, for threads (`QtbTablebase` is `Sync`).
    struct Shared(*const QtbTablebase);
    // SAFETY: the tablebase behind the handle is `Send + Sync`, and the
    // handle outlives the scope of the threads.
    unsafe impl Sync for Shared {}
    let shared = Shared(handle.0);
    std::thread::scope(|scope| {
        for thread in 0..4 {
            let (positions, tablebase, shared) = (&positions, &tablebase, &shared);
            scope.spawn(move || {
                for position in positions.iter().skip(thread).step_by(2) {
                    let lists = lists_of(position);
                    let mut dtm = QtbDtm::default();
                    let mut wdl = 9;
                    // SAFETY: a live handle, valid lists and out-pointers.
                    let (a, b) = unsafe {
                        (
                            capi::qtb_probe_dtm(
                                shared.0,
                                &lists,
                                &mut dtm,
                                std::ptr::null_mut(),
                                0,
                            ),
                            capi::qtb_probe_wdl(
                                shared.0,
                                &lists,
                                &mut wdl,
                                std::ptr::null_mut(),
                                0,
                            ),
                        )
                    };
                    assert_eq!((a, b), (QtbError::Ok, QtbError::Ok));
                    let rust = tablebase.probe_dtm(position).unwrap();
                    assert_eq!(dtm.plies, u32::from(rust.value.plies()));
                    assert_eq!(wdl, rust.value.order().signum());
                    assert_eq!(dtm.wdl, wdl);
                    assert_eq!(capi::qtb_score(dtm, 5), rust.score(5));
                }
            });
        }
    });
}

#[test]
fn errors_have_messages_and_details() {
    let handle = open();
    let position = from_fen("3k1r3/9/9/9/9/9/9/9/4R4/5K3 w");
    let mut detail = [0 as c_char; 200];
    let mut root = [QtbRootMove::default(); 4];
    let mut count = 0;
    // SAFETY: a live handle, a position, buffers of the sizes given.
    let code = unsafe {
        capi::qtb_probe_root(
            handle.0,
            &position,
            root.as_mut_ptr(),
            root.len(),
            &mut count,
            detail.as_mut_ptr(),
            detail.len(),
        )
    };
    assert_eq!(code, QtbError::Missing);
    // SAFETY: NUL-terminated by the call; the messages are static.
    let (detail, message) = unsafe {
        (
            CStr::from_ptr(detail.as_ptr()).to_str().unwrap(),
            CStr::from_ptr(capi::qtb_error_message(code as i32))
                .to_str()
                .unwrap(),
        )
    };
    assert!(detail.contains("KRKR"), "{detail}");
    assert!(message.contains("no table"), "{message}");
    // SAFETY: the version is a static string.
    let version = unsafe { CStr::from_ptr(capi::qtb_version()) };
    assert_eq!(version.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

/// The shared library this test build made: beside the test binary (in
/// `deps/`), or one level up where a plain build copies it.
fn shared_library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let name = "libqiboard_tablebase_capi.so";
    [deps.join(name), deps.parent().unwrap().join(name)]
        .into_iter()
        .find(|path| path.exists())
        .unwrap_or_else(|| deps.join(name))
}

/// The shared library records its SONAME, and a C program linked against
/// it runs through that name; the install script lays the libraries, the
/// header and a pkg-config file out under a prefix from which `cc` builds
/// the same program with `pkg-config --cflags --libs`.
#[test]
fn the_shared_library_installs_and_links_through_pkg_config() {
    let fixture = fixture();
    if !cfg!(target_os = "linux") {
        skipped("the shared library's SONAME and install are checked on Linux");
        return;
    }
    let Some(cc) = compiler("CC", "cc") else {
        skipped("no C compiler (`cc`, or $CC) found: the shared library is not linked");
        return;
    };
    let library = shared_library();
    assert!(library.exists(), "{} was not built", library.display());
    let Ok(elf) = Command::new("readelf").arg("-d").arg(&library).output() else {
        skipped("no readelf: the SONAME is not read");
        return;
    };
    let dynamic = String::from_utf8_lossy(&elf.stdout);
    let version = env!("CARGO_PKG_VERSION");
    let (major, minor) = {
        let mut parts = version.split('.');
        (parts.next().unwrap(), parts.next().unwrap())
    };
    let abi = if major == "0" {
        format!("0.{minor}")
    } else {
        major.to_string()
    };
    let soname = format!("libqiboard_tablebase_capi.so.{abi}");
    assert!(
        dynamic.contains(&format!("[{soname}]")),
        "no SONAME {soname}:\n{dynamic}"
    );

    let prefix = scratch().join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("install.sh");
    let built = library.parent().unwrap();
    let installed = Command::new("sh")
        .arg(&script)
        .arg("--built")
        .arg(built)
        .arg(&prefix)
        .output()
        .unwrap();
    assert!(
        installed.status.success(),
        "install.sh: {}",
        String::from_utf8_lossy(&installed.stderr)
    );
    let lib = prefix.join("lib");
    for name in [
        "libqiboard_tablebase_capi.so".to_string(),
        soname.clone(),
        format!("libqiboard_tablebase_capi.so.{version}"),
        "libqiboard_tablebase_capi.a".to_string(),
        "pkgconfig/qiboard_tablebase.pc".to_string(),
    ] {
        assert!(lib.join(&name).exists(), "{name} not installed");
    }
    assert!(prefix.join("include/qiboard_tablebase.h").exists());
    let Ok(flags) = Command::new("pkg-config")
        .args(["--cflags", "--libs", "qiboard_tablebase"])
        .env("PKG_CONFIG_PATH", lib.join("pkgconfig"))
        .output()
    else {
        skipped("no pkg-config: the installed .pc is not read");
        return;
    };
    assert!(flags.status.success(), "pkg-config: {flags:?}");
    let flags = String::from_utf8(flags.stdout).unwrap();
    let program = scratch().join("probe-shared");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/probe.c");
    let built_program = Command::new(&cc)
        .args(["-std=c99", "-O2", "-Wall", "-Werror"])
        .arg(&source)
        .args(flags.split_whitespace())
        .arg("-lpthread")
        .arg("-o")
        .arg(&program)
        .output()
        .unwrap();
    assert!(
        built_program.status.success(),
        "{cc} {flags}: {}",
        String::from_utf8_lossy(&built_program.stderr)
    );
    let ran = Command::new(&program)
        .args(["--selftest", fixture.dir.to_str().unwrap()])
        .env("LD_LIBRARY_PATH", &lib)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&ran.stdout),
        "selftest ok\n",
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    let needed = Command::new("readelf")
        .arg("-d")
        .arg(&program)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&needed.stdout).contains(&format!("[{soname}]")));
}

/// A handle that missed a table sees it once `qtb_refresh` is called,
/// while it stays open: what an engine calls after tables are added.
#[test]
fn a_refreshed_handle_finds_tables_written_after_a_miss() {
    let dir = scratch().join("refresh");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = CString::new(dir.to_str().unwrap()).unwrap();
    let mut err = QtbError::Other;
    // SAFETY: a NUL-terminated path and a writable code.
    let handle = Handle(unsafe {
        capi::qtb_open(path.as_ptr(), 1 << 20, 0, &mut err, std::ptr::null_mut(), 0)
    });
    assert_eq!(err, QtbError::Ok);
    let position = from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    let probe = || {
        let mut wdl = 7;
        // SAFETY: a live handle, a position, a writable result.
        let code =
            unsafe { capi::qtb_probe_wdl(handle.0, &position, &mut wdl, std::ptr::null_mut(), 0) };
        (code, wdl)
    };
    assert_eq!(probe().0, QtbError::Missing);
    Generator::open(&dir)
        .unwrap()
        .generate(&"KRK".parse().unwrap(), &Quiet)
        .unwrap();
    assert_eq!(probe().0, QtbError::Missing, "remembered as missing");
    // SAFETY: a live handle.
    unsafe { capi::qtb_refresh(handle.0) };
    assert_eq!(probe(), (QtbError::Ok, 1));
}
