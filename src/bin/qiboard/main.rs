//! The `qiboard` command line.

mod chess_cmd;
mod tb_cmd;
mod xiangqi_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(
    name = "qiboard",
    version,
    about = "Chess and xiangqi board tables, attacks and bitboards"
)]
struct Cli {
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
    /// Xiangqi endgame tablebases: gen, probe, verify, stats.
    Tb {
        #[command(subcommand)]
        command: tb_cmd::TbCommand,
    },
}

/// A failure to report as `error: …` with exit code 2.
pub struct UsageError(pub String);

fn main() -> ExitCode {
    let cli = Cli::parse();
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
        Command::Tb { command } => tb_cmd::run(command),
    };
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(UsageError(why)) => {
            eprintln!("error: {why}");
            ExitCode::from(2)
        }
    }
}
