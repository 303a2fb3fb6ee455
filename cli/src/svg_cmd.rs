//! `qiboard svg`: a position drawn as an SVG image on stdout, with the
//! last move, arrows and marked squares, by the library's renderer
//! (`qiboard::xiangqi::svg`, `qiboard::chess::svg`).

use std::str::FromStr;

use clap::{Args, ValueEnum};
use qiboard::{chess, xiangqi};

use crate::report::{quoted, Report};
use crate::{check_side, Failure, Game};

/// The arguments of `qiboard svg`.
#[derive(Args)]
pub struct SvgArgs {
    game: Game,
    /// The position (default: the start position); quote it, a FEN has
    /// spaces.
    fen: Option<String>,
    /// Seen from the second side: Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// The last move, highlighted: two squares (`h2e2`, chess `e2e4`),
    /// not checked against the position.
    #[arg(long, value_name = "MOVE")]
    last: Option<String>,
    /// Arrows from square to square, written as moves (`h2e2 b0c2`).
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    arrow: Vec<String>,
    /// Squares to mark with a ring (`e4 e5`).
    #[arg(long, value_name = "SQUARE", num_args = 1..)]
    mark: Vec<String>,
    /// Xiangqi: the WXF letters K A E H R C P instead of Chinese
    /// characters; the image then needs no CJK font to be read.
    #[arg(long)]
    latin: bool,
    /// The coordinates around the board: ucci (files and ranks), wxf
    /// (xiangqi's file numbers, from each side's right) or none.
    #[arg(long, value_enum, default_value_t = Coords::Ucci)]
    coords: Coords,
    /// The image's width in pixels (default 450 for xiangqi, 405 for
    /// chess).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    size: Option<u32>,
}

/// The `--coords` choices.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Coords {
    /// Files and ranks (UCCI in xiangqi, algebraic in chess).
    #[value(alias = "uci")]
    Ucci,
    /// Xiangqi's WXF file numbers.
    Wxf,
    /// No coordinates.
    None,
}

/// `$options` (either game's `svg::Options`) with the squares of a
/// [`Marked`]: both games' options have these builder methods.
macro_rules! marked {
    ($options:expr, $marked:expr) => {{
        let marked: Marked<_> = $marked;
        let options = $options.arrows(marked.arrows).marks(marked.marks);
        if let Some((from, to)) = marked.last {
            options.last_move(from, to)
        } else {
            options
        }
    }};
}

/// Runs `qiboard svg`; the image is the answer.
pub fn run(args: &SvgArgs, report: &mut Report) -> Result<String, Failure> {
    match args.game {
        Game::Xiangqi => xiangqi(args, report),
        Game::Chess => chess(args, report),
    }
}

fn xiangqi(args: &SvgArgs, report: &mut Report) -> Result<String, Failure> {
    let fen = args.fen.as_deref().unwrap_or(xiangqi::Position::START_FEN);
    let position = xiangqi::Position::from_fen(fen).map_err(|why| bad_fen(fen, why))?;
    check_side(fen, "Red", report);
    let marked = Marked::read(args, 4)?;
    let mut options = xiangqi::svg::Options::new()
        .flipped(args.flip)
        .coordinates(match args.coords {
            Coords::Ucci => xiangqi::svg::Coordinates::Ucci,
            Coords::Wxf => xiangqi::svg::Coordinates::Wxf,
            Coords::None => xiangqi::svg::Coordinates::None,
        })
        .size(args.size.unwrap_or(xiangqi::svg::Options::DEFAULT_SIZE));
    if args.latin {
        options = options.pieces(xiangqi::svg::PieceStyle::Latin);
    }
    Ok(xiangqi::svg::board(&position, &marked!(options, marked)))
}

fn chess(args: &SvgArgs, report: &mut Report) -> Result<String, Failure> {
    if args.latin {
        return Err(Failure::Usage(
            "--latin applies to xiangqi only (chess pieces are always letters)".to_string(),
        ));
    }
    if args.coords == Coords::Wxf {
        return Err(Failure::Usage(
            "--coords wxf applies to xiangqi only".to_string(),
        ));
    }
    let fen = args.fen.as_deref().unwrap_or(chess::Position::START_FEN);
    let position = chess::Position::from_fen(fen).map_err(|why| bad_fen(fen, why))?;
    check_side(fen, "White", report);
    // A UCI promotion's piece letter says nothing about its squares.
    let marked = Marked::read(args, 5)?;
    let options = chess::svg::Options::new()
        .flipped(args.flip)
        .coordinates(args.coords != Coords::None)
        .size(args.size.unwrap_or(chess::svg::Options::DEFAULT_SIZE));
    Ok(chess::svg::board(&position, &marked!(options, marked)))
}

/// The squares `--last`, `--arrow` and `--mark` name.
struct Marked<S> {
    last: Option<(S, S)>,
    arrows: Vec<(S, S)>,
    marks: Vec<S>,
}

impl<S> Marked<S>
where
    S: FromStr,
    S::Err: std::fmt::Display,
{
    /// Reads the options' values, moves of up to `longest` bytes.
    fn read(args: &SvgArgs, longest: usize) -> Result<Marked<S>, Failure> {
        Ok(Marked {
            last: args
                .last
                .as_deref()
                .map(|text| squares("--last", text, longest))
                .transpose()?,
            arrows: args
                .arrow
                .iter()
                .map(|text| squares("--arrow", text, longest))
                .collect::<Result<_, _>>()?,
            marks: args
                .mark
                .iter()
                .map(|text| square("--mark", text))
                .collect::<Result<_, _>>()?,
        })
    }
}

fn bad_fen(fen: &str, why: impl std::fmt::Display) -> Failure {
    Failure::Usage(format!("bad FEN {:?}: {why}", quoted(fen)))
}

/// A square named by `option`'s value.
fn square<S>(option: &str, text: &str) -> Result<S, Failure>
where
    S: FromStr,
    S::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|why| Failure::Usage(format!("{option} {:?}: {why}", quoted(text))))
}

/// The two squares of a move written as coordinates (`h2e2`); up to
/// `longest` bytes, the rest (a chess promotion's letter) is read as one
/// of `q r b n`.
fn squares<S>(option: &str, text: &str, longest: usize) -> Result<(S, S), Failure>
where
    S: FromStr,
    S::Err: std::fmt::Display,
{
    let promotion_ok = match text.get(4..) {
        None | Some("") => true,
        Some(letter) => text.len() <= longest && matches!(letter, "q" | "r" | "b" | "n"),
    };
    match (text.get(..2), text.get(2..4)) {
        (Some(from), Some(to)) if promotion_ok => {
            let read = |part: &str| {
                part.parse()
                    .map_err(|why| Failure::Usage(format!("{option} {:?}: {why}", quoted(text))))
            };
            Ok((read(from)?, read(to)?))
        }
        _ => Err(Failure::Usage(format!(
            "{option} {:?} is not a move written as two squares (like {})",
            quoted(text),
            if longest == 4 { "h2e2" } else { "e2e4" }
        ))),
    }
}
