//! Progress reports from long runs (generation, verification), so that a
//! front end can draw a bar, and report each table as it is done, without
//! the library depending on one.

use qiboard_tablebase::Material;

use crate::Generated;

/// Receives progress from a long run; called from several threads.
pub trait Progress: Sync {
    /// A stage starts: `total` units of work under `name`.
    fn start(&self, name: &str, total: u64) {
        let _ = (name, total);
    }

    /// `units` more units of the current stage are done.
    fn advance(&self, units: u64) {
        let _ = units;
    }

    /// The current stage is over.
    fn finish(&self) {}

    /// A run over many tables has done `done` of `total` index entries
    /// (tables solved or found already present).
    fn overall(&self, done: u64, total: u64) {
        let _ = (done, total);
    }

    /// A table was solved and written (or kept in memory): called as soon
    /// as it is, smallest sub-endgames first.
    fn generated(&self, generated: &Generated) {
        let _ = generated;
    }

    /// A family run found `material`'s table in place, intact, and left
    /// it.
    fn present(&self, material: Material) {
        let _ = material;
    }

    /// A writer waits for another process that holds `material`'s lock.
    fn waiting(&self, material: Material) {
        let _ = material;
    }
}

/// Reports nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Progress for Quiet {}
