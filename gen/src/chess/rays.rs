//! `ROOK_RAYS` and `BISHOP_RAYS`: a slider's lines on an empty board; the
//! castling paths of each king file and rook file.

use super::geometry::slide;

/// For each square, the squares a slider moving in `directions` attacks
/// on an empty board.
pub fn rays(directions: &[(i32, i32)]) -> Vec<u64> {
    (0..64).map(|square| slide(square, 0, directions)).collect()
}

/// Castling with the king on file `king` and the rook on file `rook` of a
/// side's first rank (Chess960 included): the king lands on the g-file
/// when the rook is above it, else on the c-file, and the rook next to it
/// on the f- or d-file. Returns, by `[color][8 * king + rook]` (white
/// first, on rank 1; black on rank 8), the squares the king crosses and
/// lands on (its own square only if it does not move), and the squares
/// that must be empty (both paths, but for king and rook). Zero where the
/// files are equal.
pub fn castling_paths() -> (Vec<Vec<u64>>, Vec<Vec<u64>>) {
    // The files from `a` to `b`, both included, on rank 1.
    let span = |a: usize, b: usize| (a.min(b)..=a.max(b)).fold(0u64, |set, file| set | 1 << file);
    let mut king_paths = vec![vec![0; 64]; 2];
    let mut must_be_empty = vec![vec![0; 64]; 2];
    for king in 0..8 {
        for rook in (0..8).filter(|&rook| rook != king) {
            let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
            let king_path = span(king, king_to) & !(1 << king) | 1 << king_to;
            let empty = (span(king, king_to) | span(rook, rook_to)) & !(1 << king | 1 << rook);
            for (color, rank_shift) in [(0, 0), (1, 56)] {
                king_paths[color][8 * king + rook] = king_path << rank_shift;
                must_be_empty[color][8 * king + rook] = empty << rank_shift;
            }
        }
    }
    (king_paths, must_be_empty)
}
