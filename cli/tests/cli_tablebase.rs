//! `qiboard tb …`, run as a user would.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;

use common::{qiboard_with_input, Conversation};

fn qiboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiboard"))
        .args(args)
        .output()
        .expect("qiboard runs")
}

fn stdout_lines(output: &Output) -> Vec<String> {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qiboard-cli-tb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn text(dir: &Path) -> &str {
    dir.to_str().expect("temporary paths are UTF-8")
}

/// `key=value` fields of a stats line.
/// `qiboard tb gen --all --attackers 0 --dir DIR`.
fn gen_family(dir: &Path) -> Output {
    qiboard(&["tb", "gen", "--all", "--attackers", "0", "--dir", text(dir)])
}

fn field(line: &str, key: &str) -> i64 {
    line.split_whitespace()
        .find_map(|word| word.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("{key} in {line:?}"))
        .parse()
        .unwrap()
}

const KRK_RED: &str = "3k5/9/9/9/9/9/9/9/4R4/5K3 w";

#[test]
fn gen_stats_verify_and_probe() {
    let dir = scratch("flow");
    let generated = stdout_lines(&qiboard(&["tb", "gen", "KRK", "--dir", text(&dir)]));
    assert!(
        generated.iter().any(|line| line.starts_with("KRK:")),
        "{generated:?}"
    );
    for name in ["KRK.qwdl", "KRK.qdtm", "KK.qwdl", "KK.qdtm"] {
        assert!(dir.join(name).exists(), "{name}");
    }

    let stats = stdout_lines(&qiboard(&["tb", "stats", "KRK", "--dir", text(&dir)]));
    assert_eq!(stats.len(), 2, "{stats:?}");
    assert_eq!(
        stats[0],
        "KRK red-to-move legal=3834 win=3834 draw=0 loss=0 max_dtm=3 by_rule=0"
    );
    assert!(
        stats[1].starts_with("KRK black-to-move legal=4914 win=0 draw=108 "),
        "{stats:?}"
    );
    assert_eq!(field(&stats[1], "loss"), 4914 - 108);
    // Without --dir, stats and verify read the current directory, as probe
    // and gen do (they used to solve again in memory).
    let here = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_qiboard"))
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("qiboard runs")
    };
    assert_eq!(stdout_lines(&here(&["tb", "stats", "KRK"])), stats);
    assert!(stdout_lines(&here(&["tb", "verify", "KRK"]))[0].contains("verified"));
    let elsewhere = scratch("no-tables");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let missing = Command::new(env!("CARGO_BIN_EXE_qiboard"))
        .args(["tb", "stats", "KRK"])
        .current_dir(&elsewhere)
        .output()
        .unwrap();
    assert_eq!(
        missing.status.code(),
        Some(1),
        "no table there: {missing:?}"
    );
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no table for KRK"));

    let verified = stdout_lines(&qiboard(&["tb", "verify", "KRK", "--dir", text(&dir)]));
    assert!(verified[0].contains("verified"), "{verified:?}");

    let probe = stdout_lines(&qiboard(&["tb", "probe", KRK_RED, "--dir", text(&dir)]));
    assert_eq!(probe.len(), 3, "{probe:?}");
    let (letter, plies) = probe[0].split_once(' ').unwrap();
    let plies: usize = plies.parse().unwrap();
    assert_eq!(letter, "W");
    assert!(plies % 2 == 1 && plies <= 3);
    let line: Vec<&str> = probe[2].split_whitespace().collect();
    assert_eq!(line.len(), plies);
    assert_eq!(line[0], probe[1]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tb probe -` answers each line before its input closes: a program can
/// drive it line by line through a pipe. Bad lines (not UTF-8, far too
/// long) are answered too, and the run goes on.
#[test]
fn probe_answers_each_line_as_it_comes() {
    let dir = scratch("pipe");
    stdout_lines(&qiboard(&["tb", "gen", "KRK", "--dir", text(&dir)]));
    let mut probe = Conversation::start(&["tb", "probe", "-", "--dir", text(&dir)]);
    // Each answer is read while the input is still open.
    assert!(probe
        .ask(format!("{KRK_RED}\n").as_bytes())
        .starts_with("W "));
    assert!(probe.ask(b"\xff\xfe not text\n").starts_with("error: "));
    let mut long = vec![b'x'; 1 << 20];
    long.push(b'\n');
    let answer = probe.ask(&long);
    assert!(
        answer.starts_with("error: ") && answer.len() < 200,
        "{answer}"
    );
    assert!(probe
        .ask(format!("{KRK_RED}\n").as_bytes())
        .starts_with("W "));
    assert_eq!(probe.end(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn probe_reads_fens_from_stdin() {
    let dir = scratch("stdin");
    stdout_lines(&qiboard(&["tb", "gen", "KRK", "--dir", text(&dir)]));
    let input =
        format!("{KRK_RED}\nnot a fen\n4k4/9/9/9/9/9/9/9/4R4/3K5 b\n3k5/9/9/9/9/9/9/9/4C4/5K3 w\n");
    let output = qiboard_with_input(&["tb", "probe", "-", "--dir", text(&dir)], &input);
    // Bad lines are answered and counted: the run ends with exit 1.
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    let first: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(first.len(), 3);
    assert_eq!(first[0], "W");
    assert!(lines[1].starts_with("error: "), "{lines:?}");
    // Black to move in check from the rook on the e-file, king beside it: a
    // value and either a move or `-`.
    assert!(lines[2].starts_with(['W', 'D', 'L']), "{lines:?}");
    // No KCK table in the directory.
    assert!(
        lines[3].starts_with("error: ") && lines[3].contains("KCK"),
        "{lines:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Exit codes by kind, each with a message: 2 for arguments that are not
/// what they must be, 1 for what the data refuses (a table missing or
/// damaged), 3 for a file that cannot be read or written.
#[test]
fn failures_exit_by_kind_with_a_message() {
    let dir = scratch("errors");
    std::fs::create_dir_all(&dir).unwrap();
    let not_a_dir = dir.join("a-file");
    std::fs::write(&not_a_dir, b"").unwrap();
    let unwritable = not_a_dir.join("tables");
    for (args, code) in [
        (vec!["tb", "gen", "KXK", "--dir", text(&dir)], 2),
        (vec!["tb", "stats", "KRRRK"], 2),
        (vec!["tb", "probe", "not a fen", "--dir", text(&dir)], 2),
        (vec!["tb", "probe", KRK_RED, "--dir", "/no/such/dir"], 2),
        (vec!["tb", "gen", "KRK", "--memory", "lots"], 2),
        (vec!["tb", "probe", KRK_RED, "--dir", text(&dir)], 1),
        (vec!["tb", "stats", "KRK", "--dir", text(&dir)], 1),
        (vec!["tb", "gen", "KRK", "--dir", text(&unwritable)], 3),
    ] {
        let output = qiboard(&args);
        assert_eq!(output.status.code(), Some(code), "{args:?}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    }
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let too_many = qiboard(&["tb", "probe", start, "--dir", text(&dir)]);
    assert_eq!(too_many.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&too_many.stderr);
    assert!(stderr.contains("too many for any table"), "{stderr}");
    let help = String::from_utf8(qiboard(&["--help"]).stdout).unwrap();
    for stated in ["1 refused", "2 bad usage", "3 I/O failure"] {
        assert!(help.contains(stated), "--help does not say {stated:?}");
    }

    stdout_lines(&qiboard(&["tb", "gen", "KRK", "--dir", text(&dir)]));
    let path = dir.join("KRK.qwdl");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 10]).unwrap();
    let output = qiboard(&["tb", "probe", KRK_RED, "--dir", text(&dir)]);
    assert_eq!(output.status.code(), Some(1), "a damaged table is refused");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("KRK.qwdl"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tb gen --all`: every endgame of the family, smallest first; a second
/// run finds them all present; a run that lost some tables (as a killed
/// one would) makes them again, byte for byte.
#[test]
fn families_build_skip_and_resume() {
    let first = scratch("family-a");
    let out = stdout_lines(&gen_family(&first));
    let summary = out.last().expect("a summary line");
    assert!(summary.contains("45 endgames"), "{summary}");
    assert!(summary.contains("45 solved"), "{summary}");
    let again = stdout_lines(&gen_family(&first));
    assert!(again.last().unwrap().contains("0 solved"), "{again:?}");

    let second = scratch("family-b");
    stdout_lines(&gen_family(&second));
    // The tables, not the writers' lock files beside them.
    let mut names: Vec<_> = std::fs::read_dir(&second)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .filter(|name| !name.to_string_lossy().starts_with('.'))
        .collect();
    names.sort();
    // Lose the last third of the tables, and damage one that stays.
    for name in &names[names.len() * 2 / 3..] {
        std::fs::remove_file(second.join(name)).unwrap();
    }
    std::fs::write(second.join(&names[0]), b"QITB").unwrap();
    stdout_lines(&gen_family(&second));
    for name in &names {
        assert_eq!(
            std::fs::read(first.join(name)).unwrap(),
            std::fs::read(second.join(name)).unwrap(),
            "{name:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&first);
    let _ = std::fs::remove_dir_all(&second);
}

/// `--rules`: the rule set is part of each table, and the rules decide some
/// positions of rook against horse.
#[test]
fn rules_option_and_rule_decided_values() {
    let dir = scratch("rules");
    let none = scratch("rules-none");
    stdout_lines(&qiboard(&["tb", "gen", "KRKN", "--dir", text(&dir)]));
    stdout_lines(&qiboard(&[
        "tb",
        "gen",
        "KRKN",
        "--rules",
        "none",
        "--dir",
        text(&none),
    ]));
    let stats = stdout_lines(&qiboard(&["tb", "stats", "KRKN", "--dir", text(&dir)]));
    assert!(field(&stats[1], "by_rule") > 0, "{stats:?}");
    let plain = stdout_lines(&qiboard(&[
        "tb",
        "stats",
        "KRKN",
        "--rules",
        "none",
        "--dir",
        text(&none),
    ]));
    assert_eq!(field(&plain[1], "by_rule"), 0, "{plain:?}");
    assert!(field(&plain[1], "draw") > field(&stats[1], "draw"));
    // The other rule set's tables are refused, naming both.
    let output = qiboard(&[
        "tb",
        "stats",
        "KRKN",
        "--rules",
        "none",
        "--dir",
        text(&dir),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("asian") && stderr.contains("none"),
        "{stderr}"
    );
    let output = qiboard(&[
        "tb",
        "gen",
        "KRK",
        "--rules",
        "chinese",
        "--dir",
        text(&dir),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&none);
}

/// `tb plan` lists a family at once; `tb gen --all` refuses, before any
/// work, a family with endgames that cannot be built here (a limit is
/// given, so that no machine has the memory for every one).
#[test]
fn plans_and_refusals_come_before_any_work() {
    let plan = stdout_lines(&qiboard(&[
        "tb",
        "plan",
        "--attackers",
        "2",
        "--memory",
        "4G",
    ]));
    assert_eq!(plan.len(), 1845 + 1, "every endgame, then the totals");
    assert!(plan[0].starts_with("KK entries=90 "), "{}", plan[0]);
    assert!(plan.last().unwrap().starts_with("1845 endgames, "));
    assert!(plan
        .iter()
        .any(|line| line.contains("blocked: more working memory than the limit")));
    let json = stdout_lines(&qiboard(&["tb", "plan", "--attackers", "1", "--json"]));
    assert_eq!(json.len(), 1);
    assert_eq!(json[0].matches("\"material\"").count(), 369);
    // The two-attacker endgames up to 10^8 entries, with what they need.
    let small = stdout_lines(&qiboard(&[
        "tb",
        "plan",
        "--attackers",
        "2",
        "--max-entries",
        "1e8",
    ]));
    assert_eq!(small.len(), 1029 + 1);
    for line in &small[..1029] {
        let entries: u64 = line
            .split(" entries=")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(entries <= 100_000_000, "{line}");
    }
    let bad = qiboard(&["tb", "plan", "--attackers", "2", "--max-entries", "1e99"]);
    assert_eq!(bad.status.code(), Some(2));

    let dir = scratch("refused");
    let refused = qiboard(&[
        "tb",
        "gen",
        "--all",
        "--attackers",
        "2",
        "--memory",
        "4G",
        "--dir",
        text(&dir),
    ]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("nothing was built"));
    let small = qiboard(&[
        "tb",
        "gen",
        "--all",
        "--attackers",
        "1",
        "--memory",
        "1M",
        "--dir",
        text(&dir),
    ]);
    assert_eq!(small.status.code(), Some(1));
    assert!(!dir.exists() || std::fs::read_dir(&dir).unwrap().next().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A memory limit below what a solve needs in memory solves it out of
/// core, a partition at a time, into the files the solve in memory
/// writes, and leaves no scratch file; the plan says so.
#[test]
fn a_solve_out_of_core_writes_the_files_a_solve_in_memory_does() {
    let (whole, parts) = (scratch("in-memory"), scratch("out-of-core"));
    // A limit counts the process's 16 MiB too, and the writer's buffers
    // (a zstd context a thread). KRRKA without rules at 25 MiB (27.3 MiB
    // in memory, with the tables it reads and its writer); KRKNA under
    // them (its own rule rounds decide some of it), 31.7 MiB in memory,
    // at 28 MiB.
    let (whole_ruled, parts_ruled) = (whole.join("asian"), parts.join("asian"));
    let runs = [
        (&whole, "1G", "KRRKA", "none"),
        (&parts, "25M", "KRRKA", "none"),
        (&whole_ruled, "1G", "KRKNA", "asian"),
        (&parts_ruled, "28M", "KRKNA", "asian"),
    ];
    for (dir, memory, material, rules) in runs {
        let args = ["tb", "gen", material, "--rules", rules, "--memory", memory];
        stdout_lines(&qiboard(&[&args[..], &["--dir", text(dir)]].concat()));
    }
    let files = [
        (&whole, &parts, "KRRKA.qwdl"),
        (&whole, &parts, "KRRKA.qdtm"),
        (&whole_ruled, &parts_ruled, "KRKNA.qwdl"),
        (&whole_ruled, &parts_ruled, "KRKNA.qdtm"),
    ];
    for (whole, parts, file) in files {
        let (a, b) = (whole.join(file), parts.join(file));
        assert_eq!(
            std::fs::read(a).unwrap(),
            std::fs::read(b).unwrap(),
            "{file}"
        );
    }
    let left: Vec<_> = [&parts, &parts_ruled]
        .into_iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.contains("scratch"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let plan = qiboard(&[
        "tb",
        "plan",
        "--attackers",
        "2",
        "--rules",
        "none",
        "--memory",
        "25M",
        "--json",
    ]);
    let plan = String::from_utf8(plan.stdout).unwrap();
    assert!(plan.contains("\"material\": \"KRRKA\", \"entries\": 1465830, \"working_bytes\": "));
    assert!(plan.contains("\"out_of_core\": true") && plan.contains("\"out_of_core\": false"));
    // Under the rules KRKNA is planned out of core at 28 MiB.
    let ruled_plan = qiboard(&[
        "tb",
        "plan",
        "--attackers",
        "2",
        "--max-entries",
        "3e6",
        "--memory",
        "28M",
        "--json",
    ]);
    let ruled_plan = String::from_utf8(ruled_plan.stdout).unwrap();
    let krkna = ruled_plan
        .split("{\"material\": ")
        .find(|endgame| endgame.starts_with("\"KRKNA\""))
        .expect("KRKNA planned");
    assert!(krkna.contains("\"out_of_core\": true"), "{krkna}");
    // Below what a rule round's search takes whatever its candidates
    // (5 MiB and more beside the process's 16), KRKN is refused, while
    // the endgames it needs fit with their writer.
    let ruled = scratch("out-of-core-ruled");
    let refused = qiboard(&[
        "tb",
        "gen",
        "KRKN",
        "--memory",
        "21M",
        "--dir",
        text(&ruled),
    ]);
    assert_eq!(refused.status.code(), Some(1), "{refused:?}");
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("KRKN: solving needs about 22.7 MiB"),
        "{message}"
    );
    for dir in [whole, parts, ruled] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The plan's memory bounds what the process takes: KRRKA without rules
/// at 25 MiB (out of core, its writer within the limit) and KRKNA under
/// them at 28 MiB (rule rounds out of core too), each with its
/// sub-endgames, peak below the limit, measured by `/usr/bin/time`
/// (skipped without it, unless `QIBOARD_REQUIRE_TOOLS=1`).
#[test]
fn a_solve_within_its_limit_peaks_below_it() {
    let time = Path::new("/usr/bin/time");
    if !time.exists() {
        assert!(
            std::env::var("QIBOARD_REQUIRE_TOOLS").as_deref() != Ok("1"),
            "/usr/bin/time is required"
        );
        eprintln!("skipped: no /usr/bin/time");
        return;
    }
    for (material, rules, limit) in [("KRRKA", "none", 25u64), ("KRKNA", "asian", 28)] {
        let dir = scratch(&format!("peak-{material}"));
        let memory = format!("{limit}M");
        let run = Command::new(time)
            .args(["-f", "peak %M"])
            .arg(env!("CARGO_BIN_EXE_qiboard"))
            .args(["tb", "gen", material, "--rules", rules, "--memory", &memory])
            .args(["--dir", text(&dir)])
            .output()
            .unwrap();
        assert!(run.status.success(), "{run:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        let peak: u64 = stderr
            .lines()
            .find_map(|line| line.strip_prefix("peak "))
            .and_then(|kib| kib.trim().parse().ok())
            .unwrap_or_else(|| panic!("no peak in {stderr}"));
        assert!(peak * 1024 <= limit << 20, "{material}: {peak} KiB");
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Many writers of mixed rule sets on one directory: each endgame's files
/// end a complete pair of one rule set, which the other rule set refuses
/// and its own verifies; `--no-subtables` builds only from what is there.
#[test]
fn many_writers_leave_only_whole_tables() {
    let dir = scratch("writers");
    let children: Vec<_> = (0..8)
        .map(|i| {
            let rules = if i % 2 == 0 { "asian" } else { "none" };
            Command::new(env!("CARGO_BIN_EXE_qiboard"))
                .args(["tb", "gen", "KRKN", "--rules", rules, "--dir", text(&dir)])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        let errors = String::from_utf8_lossy(&output.stderr);
        // A writer of the other rule set is refused, never let through.
        assert!(
            output.status.success() || errors.contains("rules were asked for"),
            "{errors}"
        );
    }
    for material in ["KK", "KRK", "KNK", "KRKN"] {
        let readable: Vec<&str> = ["asian", "none"]
            .into_iter()
            .filter(|rules| {
                let stats = qiboard(&[
                    "tb",
                    "stats",
                    material,
                    "--rules",
                    rules,
                    "--dir",
                    text(&dir),
                ]);
                stats.status.success()
            })
            .collect();
        assert_eq!(readable.len(), 1, "{material}: {readable:?}");
        let verified = qiboard(&[
            "tb",
            "verify",
            material,
            "--rules",
            readable[0],
            "--dir",
            text(&dir),
        ]);
        assert!(
            verified.status.success() || material == "KK",
            "{material}: {verified:?}"
        );
    }
    let leftovers: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // No sub-endgames solved: KRKA needs KRK (there) and KKA (missing).
    let fresh = scratch("no-subtables");
    let output = qiboard(&["tb", "gen", "KRKA", "--no-subtables", "--dir", text(&fresh)]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no table for"));
    assert!(
        !fresh.join("KRK.qwdl").exists(),
        "nothing solved on the way"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&fresh);
}

/// A family run writes each endgame's line as soon as it is built, to a
/// pipe too (the first long before the run ends), with progress lines on
/// stderr when that is no terminal; interrupted, it leaves the lines of
/// what it built, each endgame's files in place.
#[test]
fn a_family_run_streams_its_report_and_leaves_it_when_interrupted() {
    use std::io::{BufRead, BufReader, Read};
    use std::os::unix::process::CommandExt;
    let dir = scratch("streaming");
    let mut command = Command::new(env!("CARGO_BIN_EXE_qiboard"));
    // A test run started in the background by a shell without job control
    // (`cmd &`, nohup) ignores SIGINT, and its children inherit that: the
    // child is given the default back, as a terminal's Ctrl-C finds it.
    // SAFETY: only async-signal-safe `signal` runs between fork and exec.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = command
        .args([
            "tb",
            "gen",
            "--all",
            "--attackers",
            "1",
            "--dir",
            text(&dir),
        ])
        .env("QIBOARD_PROGRESS_SECONDS", "0.2")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("KK: 90 entries solved"), "{first:?}");
    assert!(
        child.try_wait().unwrap().is_none(),
        "the first line came only at the end"
    );
    // The whole family takes minutes: interrupt it a few tables in.
    let mut lines = vec![first];
    while lines.len() < 4 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        lines.push(line);
    }
    // SAFETY: kill only sends a signal to the child this test started.
    #[allow(unsafe_code)]
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(sent, 0);
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    lines.extend(rest.lines().map(|line| format!("{line}\n")));
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success(), "interrupted, it ends unsuccessfully");
    assert!(errors.contains("progress: "), "{errors}");
    for line in &lines {
        let material = line.split(':').next().unwrap();
        for extension in ["qwdl", "qdtm"] {
            let path = dir.join(format!("{material}.{extension}"));
            assert!(
                path.exists(),
                "{line:?} reported, {} missing",
                path.display()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A finished family run leaves only tables: each writer's lock file goes
/// once its endgame is done.
#[test]
fn a_finished_family_leaves_no_lock_files() {
    let dir = scratch("no-locks");
    let output = qiboard(&[
        "tb",
        "gen",
        "--all",
        "--attackers",
        "1",
        "--max-entries",
        "2e5",
        "--dir",
        text(&dir),
    ]);
    assert!(output.status.success(), "{output:?}");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.len() > 20, "{names:?}");
    assert!(
        names
            .iter()
            .all(|name| name.ends_with(".qwdl") || name.ends_with(".qdtm")),
        "{names:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
