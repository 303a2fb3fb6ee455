//! What a file stores per entry, and how a block of entries is packed
//! before compression.
//!
//! The WDL file stores a symbol (0 loss, 1 draw, 2 win) in two bits; the
//! DTM file, for a win or loss, half its distance (the WDL symbol gives
//! the parity) shifted up two, with a bit for a value the rules decided
//! and a bit for a distance that counts to a rule decision. Entries that
//! hold no legal position, and draws in the DTM file, are "don't care":
//! they repeat the entry before them, which costs the compressor nothing.
//! A best move is not stored: probing every successor finds it.

use crate::value::{Value, CHANGED_FLAG, DRAW, DTM_BASE, ILLEGAL_CODE, MAX_PLIES, RULE_FLAG};

/// WDL entries per block: 8 KiB before compression at two bits an entry.
/// A probe whose block is not cached decompresses the whole block, so its
/// cost grows with the block; compression loses context as blocks shrink
/// (`docs/benchmarks.md`, "Compression choices", has both measured).
pub const WDL_BLOCK_ENTRIES: u32 = 1 << 15;
/// DTM bytes per block before compression: 8 KiB, for the same trade
/// (a DTM probe decompresses a WDL block too).
pub const DTM_BLOCK_BYTES: u32 = 8 << 10;
/// The zstd level of WDL blocks. From 15 on zstd parses optimally, which
/// pays on two-bit entries packed four to a byte.
pub const WDL_LEVEL: i32 = 15;
/// The zstd level of DTM blocks: at 8 KiB a block, level 12 gives back
/// what the small blocks lose; level 15 makes them smaller still, but
/// takes several times as long to write.
pub const DTM_LEVEL: i32 = 12;

/// The WDL symbol of a table code: 0 loss, 1 draw, 2 win (`None`: don't
/// care).
#[inline]
pub fn wdl_symbol(code: u16) -> Option<u8> {
    match Value::from_code(code)? {
        Value::Loss(_) => Some(0),
        Value::Draw => Some(1),
        Value::Win(_) => Some(2),
    }
}

/// The DTM entry of a table code (`None`: don't care, for draws and
/// entries without a legal position).
#[inline]
pub fn dtm_entry(code: u16) -> Option<u16> {
    if code == ILLEGAL_CODE || code == DRAW {
        return None;
    }
    let plies = (code & !(RULE_FLAG | CHANGED_FLAG)) - DTM_BASE;
    let changed = u16::from(code & CHANGED_FLAG != 0);
    Some((plies / 2) << 2 | changed << 1 | u16::from(code & RULE_FLAG != 0))
}

/// The table code of a WDL symbol and a DTM entry.
///
/// # Errors
///
/// A symbol other than 0, 1 or 2, or a distance beyond any table: the
/// file is damaged.
#[inline]
pub fn code_of(symbol: u8, entry: u16) -> Result<u16, String> {
    let half = entry >> 2;
    let rule = if entry & 1 != 0 { RULE_FLAG } else { 0 };
    let changed = if entry & 2 != 0 { CHANGED_FLAG } else { 0 };
    let plies = match symbol {
        0 => 2 * half,
        1 => return Ok(DRAW),
        2 => 2 * half + 1,
        other => return Err(format!("WDL symbol {other} is not 0, 1 or 2")),
    };
    if plies >= MAX_PLIES {
        return Err(format!("distance {plies} is beyond any table"));
    }
    Ok((DTM_BASE + plies) | rule | changed)
}

/// Packs one block of table `codes` into `out` (which it replaces) as
/// entries of `width` bits (2, 8 or 16) made by `entry`
/// ([`wdl_symbol`], [`dtm_entry`]); a don't-care entry repeats the one
/// before it.
pub fn pack_block(codes: &[u16], width: u8, entry: impl Fn(u16) -> Option<u16>, out: &mut Vec<u8>) {
    out.clear();
    let mut previous = codes.iter().find_map(|&code| entry(code)).unwrap_or(0);
    let mut values = codes.iter().map(|&code| {
        let value = entry(code).unwrap_or(previous);
        previous = value;
        value
    });
    match width {
        2 => {
            while let Some(first) = values.next() {
                let byte = (1..4).fold(first as u8, |byte, i| {
                    byte | (values.next().unwrap_or(0) as u8) << (2 * i)
                });
                out.push(byte);
            }
        }
        8 => out.extend(values.map(|value| value as u8)),
        _ => {
            for value in values {
                out.extend_from_slice(&value.to_le_bytes());
            }
        }
    }
}
