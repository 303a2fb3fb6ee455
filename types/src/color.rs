//! What the games' `Color` enums share: two sides, the first to move
//! first, indexing tables in that order. Each game names its own sides.

/// Defines `Color` with the two variants given, first mover first, its
/// `ALL` and `index`, `Not` for the other side, and `Display` as the
/// variant's name.
macro_rules! color {
    (
        $(#[$meta:meta])*
        pub enum Color {
            $(#[$first_meta:meta])*
            $first:ident = $first_name:literal,
            $(#[$second_meta:meta])*
            $second:ident = $second_name:literal $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Color {
            $(#[$first_meta])*
            $first,
            $(#[$second_meta])*
            $second,
        }

        impl Color {
            #[doc = concat!(
                "Both colours, ",
                stringify!($first),
                " first (the order tables are indexed in)."
            )]
            pub const ALL: [Color; 2] = [Color::$first, Color::$second];

            #[doc = concat!("0 for ", stringify!($first), ", 1 for ", stringify!($second), ".")]
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }
        }

        impl Color {
            #[doc = concat!(
                "The side's name in lowercase (`",
                stringify!($first),
                "` is `\"", $first_name, "\"`), as serde writes it."
            )]
            pub const fn name(self) -> &'static str {
                match self {
                    Color::$first => $first_name,
                    Color::$second => $second_name,
                }
            }
        }

        impl core::fmt::Display for Color {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(match self {
                    Color::$first => stringify!($first),
                    Color::$second => stringify!($second),
                })
            }
        }

        impl core::ops::Not for Color {
            type Output = Color;

            #[inline]
            fn not(self) -> Color {
                match self {
                    Color::$first => Color::$second,
                    Color::$second => Color::$first,
                }
            }
        }
    };
}

pub(crate) use color;
