crate::color::color! {
    /// A side: Red (moves first, ranks 0-4) or Black.
    pub enum Color {
        /// Moves first; its back rank is rank 0.
        Red,
        /// Moves second; its back rank is rank 9.
        Black,
    }
}

impl std::fmt::Display for Color {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Color::Red => "Red",
            Color::Black => "Black",
        })
    }
}
