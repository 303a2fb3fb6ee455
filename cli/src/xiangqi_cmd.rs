//! `qiboard bb xiangqi` and `qiboard attacks xiangqi`.

use qiboard::xiangqi::{
    advisor_attacks, cannon_attacks, cannon_quiet, elephant_attacks, horse_attacks, king_attacks,
    pawn_attacks, rook_attacks, Bitboard, Color, Square,
};

use crate::{parse_arg, Failure};

const PIECES: &str =
    "rook, cannon, cannon-quiet, horse, elephant, advisor, king, pawn-red, pawn-black";

/// Diagram, then the rank string alone on a line, then hex (90 bits: 23
/// digits).
fn show(set: Bitboard) -> String {
    format!("{}{set}\n{:#025x}\n", set.diagram(), set.0)
}

pub fn bitboard(text: &str) -> Result<String, Failure> {
    parse_arg::<Bitboard>(text).map(show)
}

pub fn attacks(piece: &str, square: &str, occupancy: Option<&str>) -> Result<String, Failure> {
    let square: Square = parse_arg(square)?;
    let occupied: Bitboard = occupancy.map(parse_arg).transpose()?.unwrap_or_default();
    let set = match piece {
        "rook" => rook_attacks(square, occupied),
        "cannon" => cannon_attacks(square, occupied),
        "cannon-quiet" => cannon_quiet(square, occupied),
        "horse" => horse_attacks(square, occupied),
        "elephant" => elephant_attacks(square, occupied),
        "advisor" => advisor_attacks(square),
        "king" => king_attacks(square),
        "pawn-red" => pawn_attacks(Color::Red, square),
        "pawn-black" => pawn_attacks(Color::Black, square),
        other => {
            return Err(Failure::Usage(format!(
                "unknown xiangqi piece {:?}; expected one of: {PIECES}",
                crate::report::quoted(other)
            )))
        }
    };
    Ok(show(set))
}
