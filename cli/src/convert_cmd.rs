//! `qiboard convert <chess|xiangqi> <FILE | -> --to <pgn|ucci|uci>`.

use std::io::{Read, Write};

use clap::ValueEnum;
use qiboard::record::{ReadError, Record, RecordBoard, Records};
use qiboard::xiangqi::Notation;
use qiboard::{chess, xiangqi};

use crate::notation_cmd::MoveNotation;
use crate::report::Report;
use crate::{Failure, Game};

/// What `convert` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// PGN with comments and variations.
    Pgn,
    /// The start FEN, then the main line in coordinates (UCCI in xiangqi,
    /// UCI in chess).
    #[value(alias = "uci")]
    Ucci,
}

/// The records of `input` (a file, or `-` for stdin), read one at a time.
fn records<B: RecordBoard>(input: &str) -> Result<Records<Box<dyn Read>, B>, Failure> {
    let reader: Box<dyn Read> = if input == "-" {
        Box::new(std::io::stdin())
    } else {
        let file = std::fs::File::open(input)
            .map_err(|e| Failure::Io(format!("cannot read {input}: {e}")))?;
        Box::new(std::io::BufReader::new(file))
    };
    Ok(Records::new(reader))
}

/// Converts the records of `input`: xiangqi records (XQF or PGN) with PGN
/// moves in Chinese (the default), WXF or ICCS; chess PGN with moves in
/// SAN.
pub fn run(
    game: Game,
    input: &str,
    target: Target,
    notation: Option<MoveNotation>,
    report: &mut Report,
) -> Result<String, Failure> {
    match game {
        Game::Chess => {
            if !matches!(notation, None | Some(MoveNotation::San)) {
                return Err(Failure::Usage(
                    "chess PGN moves are written in san".to_string(),
                ));
            }
            convert::<chess::Position>(input, target, report, |record| record.to_pgn())
        }
        Game::Xiangqi => {
            let notation = match notation.unwrap_or(MoveNotation::Chinese) {
                MoveNotation::Chinese => Notation::CHINESE,
                MoveNotation::Wxf => Notation::Wxf,
                MoveNotation::Ucci => Notation::Iccs,
                MoveNotation::San => {
                    return Err(Failure::Usage(
                        "xiangqi moves are written in chinese, wxf or ucci".to_string(),
                    ))
                }
            };
            convert::<xiangqi::Position>(input, target, report, |record| record.to_pgn(notation))
        }
    }
}

/// Writes each record of `input` as `target` asks (PGN as `pgn` writes
/// it), reporting what could not be read; the whole input unreadable is
/// the error.
fn convert<B: RecordBoard>(
    input: &str,
    target: Target,
    report: &mut Report,
    pgn: impl Fn(&Record<B>) -> String,
) -> Result<String, Failure> {
    let records = records::<B>(input)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let write_error = Failure::output;
    let mut written = 0usize;
    let mut unread = 0usize;
    for (index, record) in records.enumerate() {
        let game = format!("game {}", index + 1);
        let record = match record {
            Ok(record) => record,
            // The input itself failing.
            Err(error @ ReadError::Io(_)) => return Err(Failure::Io(format!("{input}: {error}"))),
            // Nothing usable at all.
            Err(error @ (ReadError::Empty | ReadError::NotText)) if written == 0 => {
                return Err(Failure::Refused(format!("{input}: {error}")));
            }
            Err(error) => {
                unread += 1;
                report.refuse(format_args!("{input}: {game}: {error}"));
                continue;
            }
        };
        if target == Target::Pgn && written > 0 {
            out.write_all(b"\n").map_err(write_error)?;
        }
        let text = match target {
            Target::Pgn => pgn(&record),
            Target::Ucci => record.to_coordinates(),
        };
        out.write_all(text.as_bytes()).map_err(write_error)?;
        written += 1;
        for problem in record.problems() {
            if problem.kind.is_warning() {
                report.warn(format_args!("{input}: {game}: {problem}"));
            } else {
                report.refuse(format_args!("{input}: {game}: {problem}"));
            }
        }
    }
    out.flush().map_err(write_error)?;
    if written == 0 {
        // Not one record: the input as a whole could not be read.
        return Err(Failure::Refused(format!(
            "{input}: none of its {unread} record(s) could be read"
        )));
    }
    Ok(String::new())
}
