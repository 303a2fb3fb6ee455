//! `qiboard moves … --notation`: the legal moves in the notation asked for.

use clap::ValueEnum;
use qiboard::xiangqi::Notation;
use qiboard::{chess, xiangqi};

use crate::report::Report;
use crate::tree;
use crate::{Failure, Game};

/// The notations `moves` can write.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MoveNotation {
    /// Coordinates: UCCI in xiangqi (`h2e2`), UCI in chess (`e2e4`).
    #[value(alias = "uci")]
    Ucci,
    /// WXF (xiangqi): `C2.5`.
    Wxf,
    /// Chinese (xiangqi): 炮二平五.
    Chinese,
    /// SAN (chess): `Nf3`.
    San,
}

pub fn moves(
    game: Game,
    fen: &str,
    notation: MoveNotation,
    report: &mut Report,
) -> Result<String, Failure> {
    match (game, notation) {
        (Game::Chess, MoveNotation::Ucci) => {
            tree::moves::<chess::Position>(fen, |position, mv| Ok(position.move_text(mv)), report)
        }
        (Game::Chess, MoveNotation::San) => tree::moves::<chess::Position>(
            fen,
            |position, mv| position.san(mv).map_err(|e| e.to_string()),
            report,
        ),
        (Game::Xiangqi, MoveNotation::Ucci) => {
            tree::moves::<xiangqi::Position>(fen, |position, mv| Ok(position.move_text(mv)), report)
        }
        (Game::Xiangqi, MoveNotation::Wxf) => tree::moves::<xiangqi::Position>(
            fen,
            |position, mv| {
                position
                    .notation_text(mv, Notation::Wxf)
                    .map_err(|e| e.to_string())
            },
            report,
        ),
        (Game::Xiangqi, MoveNotation::Chinese) => tree::moves::<xiangqi::Position>(
            fen,
            |position, mv| {
                position
                    .notation_text(mv, Notation::CHINESE)
                    .map_err(|e| e.to_string())
            },
            report,
        ),
        (Game::Chess, _) => Err(Failure::Usage(
            "chess moves are written in ucci (UCI) or san".to_string(),
        )),
        (Game::Xiangqi, MoveNotation::San) => Err(Failure::Usage(
            "xiangqi moves are written in ucci, wxf or chinese".to_string(),
        )),
    }
}
