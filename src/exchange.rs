//! What both games' static exchange evaluation shares: the list of
//! speculative gains, settled from the last capture back.

/// The most captures one exchange counts.
pub(crate) const MAX_CAPTURES: usize = 32;

/// The first capture's gain once each side, from the last capture back,
/// takes only where taking does not lose: `gains[i]` is what the side
/// making capture `i` has if it takes and is taken back, and `depth` is
/// the last capture.
#[inline]
pub(crate) fn settle(gains: &mut [i32; MAX_CAPTURES], mut depth: usize) -> i32 {
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}
