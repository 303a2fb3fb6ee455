//! What a run reports besides its answers, and the exit code it ends with.
//!
//! - 0: everything asked was done; warnings (on stderr) do not change it.
//! - 1: refused: the input was read, but something in it was dropped or
//!   refused (a bad line of a stream, a move of a record that cannot be
//!   played), or the data asked for cannot be had (a table missing or
//!   damaged, a value failing verification, an endgame that does not fit
//!   the memory); with `--strict`, warnings count as such too.
//! - 2: bad usage: an option unknown, an argument that is not what it
//!   must be ([`crate::Failure::Usage`]).
//! - 3: I/O failure: a file, stdin or stdout could not be read or
//!   written ([`crate::Failure::Io`]).

use std::fmt::Display;
use std::process::ExitCode;

/// Warnings and refusals seen so far.
#[derive(Debug, Default)]
pub struct Report {
    strict: bool,
    warned: bool,
    refused: bool,
}

impl Report {
    /// A report; with `strict`, a warning makes the run fail.
    pub fn new(strict: bool) -> Report {
        Report {
            strict,
            ..Report::default()
        }
    }

    /// `warning: …` on stderr: something was read another way than
    /// written (the side to move taken from the first move, a default
    /// assumed), with nothing lost.
    pub fn warn(&mut self, why: impl Display) {
        eprintln!("warning: {why}");
        self.warned = true;
    }

    /// `error: …` on stderr: something of the input was dropped or
    /// refused; the run goes on.
    pub fn refuse(&mut self, why: impl Display) {
        eprintln!("error: {why}");
        self.refused = true;
    }

    /// Marks a refusal already written where the answers go (a stream's
    /// `error: …` line).
    pub fn refused(&mut self) {
        self.refused = true;
    }

    /// The exit code of a run that finished.
    pub fn exit_code(&self) -> ExitCode {
        if self.refused || (self.strict && self.warned) {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// A text from the user, cut for a message: errors quote at most
/// [`qiboard::Excerpt::CAPACITY`] bytes of what they refuse.
pub fn quoted(text: &str) -> qiboard::Excerpt {
    qiboard::Excerpt::new(text)
}
