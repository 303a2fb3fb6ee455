//! The runtime's types for the packed line tables, written from the
//! generator's own definitions so that the two cannot drift apart: the
//! kinds in their packing order and the packing widths.

use quote::quote;

use super::lines::{LineKind, ENDS_BITS, REACH_BITS};
use crate::emit::{count, doc, ident, SourceFile};

/// `xiangqi/line_types.rs`: `LineKind`, `LineMoves` and the packing widths
/// of `RANK_REACH`, `FILE_REACH`, `RANK_ENDS` and `FILE_ENDS`.
pub fn file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new(
        "xiangqi/line_types.rs",
        seed,
        "The kinds of line moves and how the line tables pack them.",
    );
    let kind_doc = [
        "What a rook or cannon move along a line does; the order of the packed",
        "tables ([`RANK_REACH`], [`FILE_REACH`], …).",
    ]
    .map(doc);
    let variants = LineKind::ALL.iter().map(|&kind| {
        let (name, text, index) = (ident(kind.name()), doc(kind.doc()), count(kind as usize));
        quote!(#[doc = #text] #name = #index)
    });
    let all = LineKind::ALL.iter().map(|kind| ident(kind.name()));
    let all_doc = doc("Every kind, in the order the packed tables hold them.");
    let kinds = count(LineKind::ALL.len());
    let moves_doc = [
        "The moves of one [`LineKind`] from one point of a rank or file.",
        "",
        "Points are files (0 = a) on a rank and ranks (0 … 9) on a file.",
    ]
    .map(doc);
    let reach = doc("Bit `p` set when point `p` is a target.");
    let low = doc("The target nearest point 0 (the farthest that way), or the piece's own point when there is none that way.");
    let high = doc(
        "The target nearest the far end, or the piece's own point when there is none that way.",
    );
    let reach_bits_doc = doc("Bits each kind's reach takes in a `*_REACH` entry: kind `k` from bit `LINE_REACH_BITS * k`.");
    let ends_bits_doc = doc("Bits each kind's two ends take in a `*_ENDS` entry, from bit `LINE_ENDS_BITS * k`: the low end in the lower half, the high end in the upper half.");
    let (reach_bits, ends_bits) = (count(REACH_BITS as usize), count(ENDS_BITS as usize));
    file.push(quote! {
        #(#[doc = #kind_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum LineKind {
            #(#variants,)*
        }

        impl LineKind {
            #[doc = #all_doc]
            pub const ALL: [LineKind; #kinds] = [#(LineKind::#all),*];
        }

        #(#[doc = #moves_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct LineMoves {
            #[doc = #reach]
            pub reach: u16,
            #[doc = #low]
            pub low: u8,
            #[doc = #high]
            pub high: u8,
        }

        #[doc = #reach_bits_doc]
        pub const LINE_REACH_BITS: u32 = #reach_bits;
        #[doc = #ends_bits_doc]
        pub const LINE_ENDS_BITS: u32 = #ends_bits;
    });
    file
}
