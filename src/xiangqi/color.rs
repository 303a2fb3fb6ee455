crate::color::color! {
    /// A side: Red (moves first, ranks 0-4) or Black.
    pub enum Color {
        /// Moves first; its back rank is rank 0.
        Red,
        /// Moves second; its back rank is rank 9.
        Black,
    }
}
