//! Per-endgame statistics: for each side to move, the legal positions
//! (mirror images counted), how many are won, drawn and lost, how many the
//! repetition rules decided, and the longest win with an example.
//!
//! Computed once from the whole table ([`Generator::table`], which holds
//! it in memory: only for endgames within a limit of entries), then kept
//! in memory and written beside the tables as `MATERIAL.stats.json`, which
//! later runs read instead (a read-only directory keeps them in memory
//! only; statistics of larger endgames can be put there by hand).

use std::path::{Path, PathBuf};

use qiboard::xiangqi::Color;
use qiboard_tablebase::{Layout, Material, Table, Value};
use qiboard_tablebase_gen::{GenerateError, Generator};
use serde_json::{json, Value as Json};

/// Where `material`'s statistics are kept in `dir`.
pub fn stats_path(dir: &Path, material: Material) -> PathBuf {
    dir.join(format!("{material}.stats.json"))
}

fn side(table: &Table, color: Color) -> Json {
    let stats = table.stats(color);
    let longest = table
        .values(color)
        .filter_map(|(position, dtm)| match dtm.value {
            Value::Win(plies) => Some((plies, position)),
            _ => None,
        })
        .max_by_key(|(plies, _)| *plies)
        .map(|(plies, position)| json!({"plies": plies, "fen": position.fen()}));
    json!({
        "legal": stats.legal,
        "win": stats.win,
        "draw": stats.draw,
        "loss": stats.loss,
        "by_rules": stats.by_rule,
        "longest_win": longest,
    })
}

/// Why statistics could not be had.
#[derive(Debug)]
pub enum StatsError {
    /// The endgame has more entries than statistics are computed for.
    TooLarge {
        /// Its entries.
        entries: u64,
        /// The limit.
        limit: u64,
    },
    /// The table could not be read whole.
    Table(GenerateError),
}

impl std::fmt::Display for StatsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StatsError::TooLarge { entries, limit } => write!(
                f,
                "{entries} entries; statistics are computed here for endgames of at most {limit}"
            ),
            StatsError::Table(error) => write!(f, "{error}"),
        }
    }
}

/// The statistics of `material` (stored orientation) in `dir`, read from
/// the file beside the tables or computed and written there when the
/// endgame has at most `limit` entries.
///
/// # Errors
///
/// Too large an endgame, or a table that cannot be read whole.
pub fn compute(dir: &Path, material: Material, limit: u64) -> Result<Json, StatsError> {
    let path = stats_path(dir, material);
    if let Ok(text) = std::fs::read_to_string(&path) {
        if let Ok(json) = serde_json::from_str::<Json>(&text) {
            if json["material"] == material.to_string() {
                return Ok(json);
            }
        }
    }
    let entries = Layout::entries(material);
    if entries > limit {
        return Err(StatsError::TooLarge { entries, limit });
    }
    let generator = Generator::open(dir).map_err(StatsError::Table)?;
    let table = generator.table(&material).map_err(StatsError::Table)?;
    let json = json!({
        "material": material.to_string(),
        "pieces": material.piece_count(),
        "entries": entries,
        "rules": table.rules().to_string(),
        "red_to_move": side(&table, Color::Red),
        "black_to_move": side(&table, Color::Black),
    });
    // A read-only directory keeps them in memory only.
    let _ = std::fs::write(&path, json.to_string());
    Ok(json)
}
