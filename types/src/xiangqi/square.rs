use super::Bitboard;

crate::square::square_enum! {
    /// A point of the xiangqi board: a0 = 0, b0 = 1, …, i9 = 89
    /// (`rank * 9 + file`; rank 0 is Red's back rank, files a..i).
    ///
    /// Being an enum of 90 values lets table lookups skip bounds checks.
    ///
    /// ```
    /// use qiboard_types::xiangqi::Square;
    ///
    /// let h2: Square = "h2".parse().unwrap();
    /// assert_eq!((h2.file(), h2.rank(), h2.index()), (7, 2, 25));
    /// assert_eq!(h2.to_string(), "h2");
    /// assert!("j0".parse::<Square>().is_err());
    /// ```
    pub enum Square {
        A0, B0, C0, D0, E0, F0, G0, H0, I0,
        A1, B1, C1, D1, E1, F1, G1, H1, I1,
        A2, B2, C2, D2, E2, F2, G2, H2, I2,
        A3, B3, C3, D3, E3, F3, G3, H3, I3,
        A4, B4, C4, D4, E4, F4, G4, H4, I4,
        A5, B5, C5, D5, E5, F5, G5, H5, I5,
        A6, B6, C6, D6, E6, F6, G6, H6, I6,
        A7, B7, C7, D7, E7, F7, G7, H7, I7,
        A8, B8, C8, D8, E8, F8, G8, H8, I8,
        A9, B9, C9, D9, E9, F9, G9, H9, I9,
    }

    /// All 90 squares in index order (a0, b0, …, i9).
    pub const ALL: [Square; 90];
}

impl Square {
    /// The same file seen from the other side (a0 ↔ a9).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::ALL[(9 - self.rank()) * 9 + self.file()]
    }

    /// The same rank in the mirror across the e-file (a0 ↔ i0), under
    /// which xiangqi's rules are symmetric.
    #[inline]
    pub const fn flip_file(self) -> Square {
        Square::ALL[self.rank() * 9 + 8 - self.file()]
    }
}

crate::square::square_impls!("xiangqi", 9 by 10, 'i', '0'..='9', "h2");

#[cfg(feature = "serde")]
crate::serde_text::as_text!(Square: "a xiangqi square like h2");
