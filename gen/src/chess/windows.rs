//! The types the slider tables are written in, and each square's window of
//! the shared attack table: the one place that says how the runtime reads
//! what [`super::magics`] found.

use quote::quote;

use super::magics::{Slider, SliderTables};
use crate::emit::{count, doc, ident, Cell, SourceFile, Table};

/// `chess/windows.rs`: `Magic` and `Window`, and `ROOK_WINDOWS` and
/// `BISHOP_WINDOWS` built from `tables`.
pub fn file(seed: u64, tables: &SliderTables) -> SourceFile {
    let mut file = SourceFile::new(
        "chess/windows.rs",
        seed,
        "The slider tables' types and each square's window of SLIDER_ATTACKS.",
    );
    file.push(types());
    for slider in Slider::BOTH {
        let size = count(slider.window());
        let windows = tables
            .magics(slider)
            .iter()
            .map(|magic| {
                let (outside, factor) = ((!magic.mask).literal(), magic.factor.literal());
                let (offset, shift) = (count(magic.offset), count(magic.shift as usize));
                quote!(Window { outside: #outside, factor: #factor, attacks: window(#offset), shift: #shift })
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

/// `Magic`, `Window` and the `window` function that cuts one out of
/// `SLIDER_ATTACKS`.
fn types() -> proc_macro2::TokenStream {
    let magic_doc = [
        "One square's magic. A slider on the square attacks",
        "`SLIDER_ATTACKS[offset + ((occupied | outside) * factor >> shift)]`.",
        "",
        "With the default seed ([`FIXED_SHIFTS`]), `shift` is `64 - 12` for every",
        "rook square and `64 - 9` for every bishop square, so a lookup shifts by a",
        "constant; the squares' windows of the table overlap, each using only the",
        "slots its own occupancies reach. Other seeds give each square the shift",
        "its mask needs and lay the slices side by side.",
    ]
    .map(doc);
    let window_doc = [
        "A square's magic with its window of [`SLIDER_ATTACKS`] as a reference to",
        "an array of `N` entries, so that a lookup adds no offset and checks no",
        "bounds: `attacks[(occupied | outside) * factor >> shift]`.",
    ]
    .map(doc);
    let outside = doc("The squares whose occupancy does not matter (the complement of the rays without their edge squares): ORed in, so they never vary.");
    let factor = doc("The multiplier found by the generator's search.");
    let offset = doc("Where this square's window of [`SLIDER_ATTACKS`] starts.");
    let shift = doc("How far the product is shifted right.");
    let attacks = doc("The square's `N` entries of [`SLIDER_ATTACKS`].");
    let window_fn = doc("The `N` entries of [`SLIDER_ATTACKS`] from `offset` on; the generator checked that every window lies inside the table, so the panic cannot happen (and would stop the build, not a program).");
    let (magic, window) = (ident("Magic"), ident("Window"));
    quote! {
        #(#[doc = #magic_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct #magic {
            #[doc = #outside]
            pub outside: u64,
            #[doc = #factor]
            pub factor: u64,
            #[doc = #offset]
            pub offset: u32,
            #[doc = #shift]
            pub shift: u32,
        }

        #(#[doc = #window_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct #window<const N: usize> {
            #[doc = #outside]
            pub outside: u64,
            #[doc = #factor]
            pub factor: u64,
            #[doc = #attacks]
            pub attacks: &'static [u64; N],
            #[doc = #shift]
            pub shift: u32,
        }

        #[doc = #window_fn]
        const fn window<const N: usize>(offset: usize) -> &'static [u64; N] {
            let (_, from_offset) = SLIDER_ATTACKS.split_at(offset);
            match from_offset.first_chunk::<N>() {
                Some(window) => window,
                None => panic!("a window ends past SLIDER_ATTACKS"),
            }
        }
    }
}
