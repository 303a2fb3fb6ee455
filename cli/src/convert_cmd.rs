//! `qiboard convert xiangqi <FILE | -> --to <pgn|ucci>`.

use std::io::{Read, Write};

use clap::ValueEnum;
use qiboard::xiangqi::{record, Notation};

use crate::notation_cmd::MoveNotation;
use crate::{Game, UsageError};

/// What `convert` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// PGN with comments and variations.
    Pgn,
    /// The start FEN, then the main line in UCCI.
    Ucci,
}

fn read_input(input: &str) -> Result<Vec<u8>, UsageError> {
    let mut bytes = Vec::new();
    let read = if input == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(input).and_then(|mut file| file.read_to_end(&mut bytes).map(|_| ()))
    };
    read.map_err(|e| UsageError(format!("cannot read {input}: {e}")))?;
    Ok(bytes)
}

pub fn run(
    game: Game,
    input: &str,
    target: Target,
    notation: MoveNotation,
) -> Result<String, UsageError> {
    if matches!(game, Game::Chess) {
        return Err(UsageError(
            "only xiangqi records are converted (XQF and PGN)".to_string(),
        ));
    }
    let notation = match notation {
        MoveNotation::Chinese => Notation::CHINESE,
        MoveNotation::Wxf => Notation::Wxf,
        MoveNotation::Ucci => Notation::Iccs,
        MoveNotation::San => {
            return Err(UsageError(
                "xiangqi moves are written in chinese, wxf or ucci".to_string(),
            ))
        }
    };
    let records =
        record::read(&read_input(input)?).map_err(|e| UsageError(format!("{input}: {e}")))?;
    let mut text = String::new();
    let mut problems = Vec::new();
    for (index, record) in records.iter().enumerate() {
        text.push_str(&match target {
            Target::Pgn => record.to_pgn(notation),
            Target::Ucci => record.to_ucci(),
        });
        if target == Target::Pgn && index + 1 < records.len() {
            text.push('\n');
        }
        let game = if records.len() > 1 {
            format!("game {}: ", index + 1)
        } else {
            String::new()
        };
        problems.extend(
            record
                .problems()
                .iter()
                .map(|problem| format!("{input}: {game}{problem}")),
        );
    }
    if problems.is_empty() {
        return Ok(text);
    }
    // What could be read is printed; the problems make the run fail.
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| UsageError(format!("cannot write the output: {e}")))?;
    Err(UsageError(problems.join("\nerror: ")))
}
