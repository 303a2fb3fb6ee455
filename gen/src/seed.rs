//! The master seed and the per-table random streams derived from it.
//!
//! Every table that needs randomness gets its own stream, keyed by a table
//! name (and an optional index such as a square), so that changing how one
//! table draws numbers never reshuffles another. Streams use
//! `Xoshiro256PlusPlus`, whose output is specified and portable, drawn
//! through `rand`'s [`Rng`] as whole `u64`s only (`random::<u64>()` is
//! the stream's `next_u64`): rand's range and float sampling are not
//! promised to stay the same across its versions, so none is used.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The seed used when `QIBOARD_SEED` is not set.
pub const DEFAULT_SEED: u64 = 0x5149_424F_4152_4421; // "QIBOARD!"

/// The environment variable that overrides [`DEFAULT_SEED`].
pub const SEED_VAR: &str = "QIBOARD_SEED";

/// Parses a seed written in decimal or as `0x` hexadecimal.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let parsed = match trimmed
        .strip_prefix("0x")
        .or_else(|| trimmed.strip_prefix("0X"))
    {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => trimmed.replace('_', "").parse::<u64>(),
    };
    parsed.map_err(|_| {
        format!(
            "{SEED_VAR}={text:?} is not a seed: write a 64-bit number in decimal (12345) or hexadecimal (0x3039)"
        )
    })
}

/// The seed from an optional environment value: the default when unset.
pub fn seed_from_env_value(value: Option<&str>) -> Result<u64, String> {
    match value {
        None => Ok(DEFAULT_SEED),
        Some(text) => parse_seed(text),
    }
}

/// The independent stream for one table (and one index within it).
pub fn stream(master: u64, table: &str, index: u64) -> Xoshiro256PlusPlus {
    // FNV-1a names the table; SplitMix-style mixing spreads the index, so
    // nearby seeds and indices still give unrelated streams.
    let mut name = 0xcbf2_9ce4_8422_2325u64;
    for byte in table.bytes() {
        name = (name ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    let key = mix(master ^ mix(name ^ mix(index.wrapping_add(0x9e37_79b9_7f4a_7c15))));
    Xoshiro256PlusPlus::seed_from_u64(key)
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Draws a sparse 64-bit number (about 8 bits set), as magic searches want.
pub fn sparse_u64(rng: &mut Xoshiro256PlusPlus) -> u64 {
    rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>()
}
