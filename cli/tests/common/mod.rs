//! Running the `qiboard` binary from the CLI tests. Each test file uses
//! only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `qiboard` run with `args` and no input.
pub fn qiboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiboard"))
        .args(args)
        .output()
        .expect("qiboard runs")
}

/// `qiboard` run with `args`, reading `stdin`.
pub fn qiboard_with_input(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qiboard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qiboard runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the input");
    child.wait_with_output().expect("qiboard finishes")
}

/// What the run printed.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// What the run printed, line by line.
pub fn stdout_lines(output: &Output) -> Vec<String> {
    stdout(output).lines().map(str::to_string).collect()
}

/// The error message of a run that must fail as bad usage (code 2) and
/// print nothing on stdout.
pub fn usage_error(args: &[&str]) -> String {
    let output = qiboard(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
    String::from_utf8_lossy(&output.stderr)
        .trim_end()
        .to_string()
}
