//! The `qiboard` command line.

mod chess_cmd;
mod tree;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use qiboard::chess::Position;

#[derive(Parser)]
#[command(
    name = "qiboard",
    version,
    about = "Chess and xiangqi board tables, attacks, legal moves and perft"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    Chess,
}

#[derive(Subcommand)]
enum Command {
    /// Print a bitboard as a diagram, its rank string and its hex value.
    Bb {
        game: Game,
        /// Rank string (rank 8 first, `/`-separated) or 0x hex.
        set: String,
    },
    /// Print the squares a piece attacks from a square.
    Attacks {
        game: Game,
        /// rook, bishop, queen, knight, king, pawn-white or pawn-black.
        piece: String,
        /// The piece's square, e.g. d4.
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
    },
    /// Print the legal moves of a FEN, sorted, on one line; with `-`, read
    /// one FEN per stdin line and print one line each.
    Moves {
        game: Game,
        /// A FEN, or `-` for stdin.
        fen: String,
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
        Command::Perft {
            game: Game::Chess,
            depth,
            fen,
            divide,
        } => {
            let fen = fen.as_deref().unwrap_or(Position::START_FEN);
            tree::perft::<Position>(fen, depth, divide)
        }
        Command::Moves {
            game: Game::Chess,
            fen,
        } => tree::moves::<Position>(&fen),
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
