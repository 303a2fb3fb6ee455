//! `qiboard bb chess` and `qiboard attacks chess`.

use qiboard::chess::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
    Bitboard, Color, Square,
};

use crate::Failure;

const PIECES: &str = "rook, bishop, queen, knight, king, pawn-white, pawn-black";

fn parse_set(text: &str) -> Result<Bitboard, Failure> {
    text.parse().map_err(|e| Failure::Usage(format!("{e}")))
}

/// Diagram, then the rank string alone on a line, then hex.
fn show(set: Bitboard) -> String {
    format!("{}{set}\n{:#018x}\n", set.diagram(), set.0)
}

pub fn bitboard(text: &str) -> Result<String, Failure> {
    parse_set(text).map(show)
}

pub fn attacks(piece: &str, square: &str, occupancy: Option<&str>) -> Result<String, Failure> {
    let square: Square = square.parse().map_err(|e| Failure::Usage(format!("{e}")))?;
    let occupied = occupancy.map(parse_set).transpose()?.unwrap_or_default();
    let set = match piece {
        "rook" => rook_attacks(square, occupied),
        "bishop" => bishop_attacks(square, occupied),
        "queen" => queen_attacks(square, occupied),
        "knight" => knight_attacks(square),
        "king" => king_attacks(square),
        "pawn-white" => pawn_attacks(Color::White, square),
        "pawn-black" => pawn_attacks(Color::Black, square),
        other => {
            return Err(Failure::Usage(format!(
                "unknown chess piece {:?}; expected one of: {PIECES}",
                crate::report::quoted(other)
            )))
        }
    };
    Ok(show(set))
}
