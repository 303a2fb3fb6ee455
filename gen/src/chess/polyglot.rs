//! Polyglot's 781 Zobrist keys, so chess hashes match opening books.
//! They are a published constant list, not drawn from the seed.

const POLYGLOT_KEYS: &str = include_str!("../../data/polyglot-random64.txt");

/// Number of keys: 12 × 64 pieces, 4 castling, 8 en passant files, 1 side.
pub const KEY_COUNT: usize = 781;

pub fn keys() -> Result<Vec<u64>, String> {
    let keys = POLYGLOT_KEYS
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let hex = line.strip_prefix("0x").unwrap_or(line);
            u64::from_str_radix(hex, 16).map_err(|_| format!("bad Polyglot key line {line:?}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if keys.len() != KEY_COUNT {
        return Err(format!(
            "expected {KEY_COUNT} Polyglot keys, found {}",
            keys.len()
        ));
    }
    Ok(keys)
}
