//! Each square's window of the shared attack table: the magics of
//! [`super::magics`] as `qiboard-types`' `Window`, a reference to the
//! square's slice of `SLIDER_ATTACKS`, so that a lookup adds no offset and
//! checks no bounds. The types and their index function are
//! `qiboard-types`'; this file holds data only.

use quote::quote;

use super::magics::{Slider, SliderTables};
use crate::emit::{count, Cell, SourceFile, Table};

/// `chess/windows.rs`: `ROOK_WINDOWS` and `BISHOP_WINDOWS` built from
/// `tables`.
pub fn file(seed: u64, tables: &SliderTables) -> SourceFile {
    let mut file = SourceFile::new(
        "chess/windows.rs",
        seed,
        "Each square's window of SLIDER_ATTACKS.",
    );
    for slider in Slider::BOTH {
        let size = count(slider.window());
        let windows = tables
            .magics(slider)
            .iter()
            .map(|magic| {
                let (outside, factor) = (magic.outside.literal(), magic.factor.literal());
                let (offset, shift) = (count(magic.offset as usize), count(magic.shift as usize));
                quote!(Window { outside: #outside, factor: #factor, attacks: window(&SLIDER_ATTACKS, #offset), shift: #shift })
            })
            .collect();
        file.table(
            &format!(
                "Each square's {} magic with its window of `SLIDER_ATTACKS` (the same numbers as `{}_MAGICS`).",
                slider.name(),
                slider.name().to_uppercase()
            ),
            &format!("{}_WINDOWS", slider.name().to_uppercase()),
            Table::of(quote!(Window<#size>), windows),
        );
    }
    file
}
