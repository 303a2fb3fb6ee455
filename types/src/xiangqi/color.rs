crate::color::color! {
    /// A side: Red (moves first, ranks 0-4) or Black.
    pub enum Color {
        /// Moves first; its back rank is rank 0.
        Red = "red",
        /// Moves second; its back rank is rank 9.
        Black = "black",
    }
}

#[cfg(feature = "serde")]
crate::serde_text::named!(
    Color,
    "red or black",
    serialize_str(Color::name),
    deserialize_str(|text| crate::serde_text::by_name(&Color::ALL, Color::name, text))
);
