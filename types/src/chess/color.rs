crate::color::color! {
    /// A side: White or Black.
    pub enum Color {
        /// Moves first.
        White = "white",
        /// Moves second.
        Black = "black",
    }
}

#[cfg(feature = "serde")]
crate::serde_text::named!(
    Color,
    "white or black",
    serialize_str(Color::name),
    deserialize_str(|text| crate::serde_text::by_name(&Color::ALL, Color::name, text))
);
