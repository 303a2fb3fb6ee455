//! The `qiboard` command line.

mod chess_cmd;
mod convert_cmd;
mod game_cmd;
mod lines;
mod notation_cmd;
mod report;
mod svg_cmd;
mod tb_cmd;
mod tree;
mod xiangqi_cmd;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use qiboard::{chess, xiangqi};

#[derive(Parser)]
#[command(
    name = "qiboard",
    version,
    about = "Chess and xiangqi board tables, attacks, legal moves and perft",
    after_help = "Exit codes: 0 success (warnings, if any, on stderr); 1 refused: input \
                  read but something in it dropped or refused (with --strict, warnings too), \
                  a table missing, damaged or failing verification, a request that cannot \
                  be met; 2 bad usage: unknown options, arguments that are not what they \
                  must be (a FEN, a material, a size); 3 I/O failure: a file or the output \
                  could not be read or written. Output is written as it is made. The game \
                  is the first argument of every command but `tb`, which is xiangqi's. A \
                  FEN without a side to move means White (chess) or Red (xiangqi) to move, \
                  with a warning."
)]
struct Cli {
    /// Treat warnings (a default assumed, a header corrected) as failures:
    /// exit 1 after them.
    #[arg(long, global = true)]
    strict: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    Chess,
    Xiangqi,
}

#[derive(Subcommand)]
enum Command {
    /// Print a bitboard as a diagram, its rank string and its hex value.
    Bb {
        game: Game,
        /// Rank string (top rank first, `/`-separated) or 0x hex.
        set: String,
    },
    /// Print the squares a piece attacks from a square.
    Attacks {
        game: Game,
        /// Chess: rook, bishop, queen, knight, king, pawn-white, pawn-black.
        /// Xiangqi: rook, cannon, cannon-quiet, horse, elephant, advisor, king,
        /// pawn-red, pawn-black.
        piece: String,
        /// The piece's square, e.g. d4 (chess) or h2 (xiangqi).
        square: String,
        /// Occupied squares as a rank string or 0x hex (default: empty board).
        occupancy: Option<String>,
    },
    /// Count the leaves of the legal move tree (last line: `nodes <N>`).
    Perft {
        game: Game,
        depth: u32,
        /// The root position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Also print `<move>: <count>` for each legal first move.
        #[arg(long)]
        divide: bool,
        /// Threads to count on (0: every core the machine has).
        #[arg(long, default_value_t = 1, value_name = "N")]
        threads: usize,
        /// Hash table size in MiB (0: no table).
        #[arg(long, default_value_t = 0, value_name = "MB")]
        hash: usize,
    },
    /// Print the legal moves of a FEN, sorted by their coordinates, on one
    /// line; with `-`, read one FEN per stdin line and answer each as it
    /// comes (a bad line gets `error: …` and the run goes on, exit 1).
    Moves {
        game: Game,
        /// A FEN, or `-` for stdin.
        fen: String,
        /// How to write the moves: ucci (coordinates, UCI in chess), wxf or
        /// chinese (xiangqi), san (chess).
        #[arg(long, value_enum, default_value_t = notation_cmd::MoveNotation::Ucci)]
        notation: notation_cmd::MoveNotation,
    },
    /// Convert game records (xiangqi: XQF or PGN, found from the content;
    /// chess: PGN; a PGN collection is read one game at a time) to PGN, or
    /// to UCCI/UCI: the start FEN on one line, the main line's moves on
    /// the next. Each
    /// record is written as soon as it is read; a move that cannot be
    /// played, or a game that cannot be read, is an error on stderr (exit
    /// 1) and the rest goes on; a header corrected is a warning.
    Convert {
        game: Game,
        /// The record file, or `-` for stdin.
        input: String,
        /// What to write.
        #[arg(long, value_enum)]
        to: convert_cmd::Target,
        /// The notation of PGN moves: xiangqi chinese (default), wxf or ucci
        /// (ICCS); chess san (default).
        #[arg(long, value_enum)]
        notation: Option<notation_cmd::MoveNotation>,
    },
    /// Play moves from a position; the last line is `result <score>
    /// <ending>` (`1-0` = White/Red wins, `*` while the game goes on).
    Game {
        game: Game,
        /// The start position (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
        /// Xiangqi only: plies without a capture that draw (default 120),
        /// or `none`.
        #[arg(long)]
        move_limit: Option<String>,
        /// The moves, UCI (chess) or UCCI (xiangqi).
        moves: Vec<String>,
    },
    /// Draw a position as an SVG image (with the last move, arrows,
    /// marks), on stdout.
    Svg(svg_cmd::SvgArgs),
    /// Xiangqi endgame tablebases: gen, plan, probe, verify, stats.
    Tb {
        #[command(subcommand)]
        command: tb_cmd::TbCommand,
    },
}

/// Why a run failed, reported as `error: …`; the kind decides the exit
/// code (see the help's `after_help` and `report`).
#[derive(Debug)]
pub enum Failure {
    /// Bad usage: an argument that is not what it must be (exit 2).
    Usage(String),
    /// Input or data refused: a table missing or damaged, a value that
    /// fails verification, a request that cannot be met (exit 1).
    Refused(String),
    /// A file or the output could not be read or written (exit 3).
    Io(String),
}

impl Failure {
    /// The exit code of a run that ends with this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Refused(_) => 1,
            Failure::Usage(_) => 2,
            Failure::Io(_) => 3,
        }
    }

    /// Writing the output failed.
    pub fn output(error: std::io::Error) -> Failure {
        Failure::Io(format!("cannot write the output: {error}"))
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Usage(why) | Failure::Refused(why) | Failure::Io(why) => f.write_str(why),
        }
    }
}

/// A warning for a FEN that names no side to move (the side defaults).
pub fn check_side(fen: &str, first: &str, report: &mut report::Report) {
    if fen.split_whitespace().nth(1).is_none() && !fen.trim().is_empty() {
        report.warn(format_args!(
            "the FEN {:?} names no side to move; {first} to move is assumed",
            report::quoted(fen.trim())
        ));
    }
}

/// Parses a command-line value; its parse error becomes the message.
pub fn parse_arg<T>(text: &str) -> Result<T, Failure>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.parse().map_err(|e| Failure::Usage(format!("{e}")))
}

/// Keeps glibc's allocator from holding on to freed memory: it serves
/// blocks larger than 128 KiB with their own mappings, returned to the
/// system when freed, but by default raises that bound after each such
/// free, after which tablebase generation's large temporary vectors stay in
/// the heap (a sixth of a large solve's peak).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn return_freed_memory() {
    // SAFETY: mallopt only sets a tuning parameter of the allocator; it is
    // called first thing in main, before any other thread exists.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn return_freed_memory() {}

fn main() -> ExitCode {
    return_freed_memory();
    let cli = Cli::parse();
    let mut report = report::Report::new(cli.strict);
    let report = &mut report;
    let result = match cli.command {
        Command::Bb {
            game: Game::Chess,
            set,
        } => chess_cmd::bitboard(&set),
        Command::Attacks {
            game: Game::Chess,
            piece,
            square,
            occupancy,
        } => chess_cmd::attacks(&piece, &square, occupancy.as_deref()),
        Command::Perft {
            game: Game::Chess,
            depth,
            fen,
            divide,
            threads,
            hash,
        } => tree::perft::<chess::Position>(
            fen.as_deref(),
            tree::PerftArgs {
                depth,
                divide,
                threads,
                hash_mib: hash,
            },
            report,
        ),
        Command::Bb {
            game: Game::Xiangqi,
            set,
        } => xiangqi_cmd::bitboard(&set),
        Command::Attacks {
            game: Game::Xiangqi,
            piece,
            square,
            occupancy,
        } => xiangqi_cmd::attacks(&piece, &square, occupancy.as_deref()),
        Command::Perft {
            game: Game::Xiangqi,
            depth,
            fen,
            divide,
            threads,
            hash,
        } => tree::perft::<xiangqi::Position>(
            fen.as_deref(),
            tree::PerftArgs {
                depth,
                divide,
                threads,
                hash_mib: hash,
            },
            report,
        ),
        Command::Moves {
            game,
            fen,
            notation,
        } => notation_cmd::moves(game, &fen, notation, report),
        Command::Convert {
            game,
            input,
            to,
            notation,
        } => convert_cmd::run(game, &input, to, notation, report),
        Command::Game {
            game,
            fen,
            move_limit,
            moves,
        } => match game {
            Game::Chess => game_cmd::chess(fen.as_deref(), move_limit.as_deref(), &moves, report),
            Game::Xiangqi => {
                game_cmd::xiangqi(fen.as_deref(), move_limit.as_deref(), &moves, report)
            }
        },
        Command::Svg(args) => svg_cmd::run(&args, report),
        Command::Tb { command } => tb_cmd::run(command, report),
    };
    // A closed pipe (`| head`) is an error to report, not a panic.
    let written = result.and_then(|text| {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(Failure::output)
    });
    match written {
        Ok(()) => report.exit_code(),
        Err(failure) => {
            eprintln!("error: {failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}
