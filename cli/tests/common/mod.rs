//! Running the `qiboard` binary from the CLI tests. Each test file uses
//! only some of these.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};

/// `qiboard` run with `args` and no input.
pub fn qiboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiboard"))
        .args(args)
        .output()
        .expect("qiboard runs")
}

/// `qiboard` started with `args`, its stdin and stdout piped and its
/// stderr as given.
fn spawn(args: &[&str], stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_qiboard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("qiboard runs")
}

/// `qiboard` run with `args`, reading `stdin`.
pub fn qiboard_with_input(args: &[&str], stdin: &str) -> Output {
    let mut child = spawn(args, Stdio::piped());
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

/// `qiboard` run with `args` and fed one line at a time, as a program
/// driving it through a pipe would: each answer is read while the input
/// is still open.
pub struct Conversation {
    child: Child,
    input: ChildStdin,
    answers: BufReader<ChildStdout>,
}

impl Conversation {
    /// Starts `qiboard` with `args`; its stderr is dropped.
    pub fn start(args: &[&str]) -> Conversation {
        let mut child = spawn(args, Stdio::null());
        let input = child.stdin.take().expect("stdin is piped");
        let answers = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Conversation {
            child,
            input,
            answers,
        }
    }

    /// Writes `bytes` (a line) and reads one line of answer.
    pub fn ask(&mut self, bytes: &[u8]) -> String {
        self.input.write_all(bytes).expect("stdin takes the line");
        self.input.flush().expect("stdin flushes");
        let mut answer = String::new();
        self.answers.read_line(&mut answer).expect("stdout answers");
        answer
    }

    /// Closes the input and waits for the end: the exit code.
    pub fn end(self) -> Option<i32> {
        let Conversation {
            mut child, input, ..
        } = self;
        drop(input);
        child.wait().expect("qiboard finishes").code()
    }
}
