crate::color::color! {
    /// A side: White or Black.
    pub enum Color {
        /// Moves first.
        White,
        /// Moves second.
        Black,
    }
}
