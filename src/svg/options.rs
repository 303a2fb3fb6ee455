//! The options both games' images take (orientation, last move, check,
//! arrows, marks, size), held once and given the same builder methods in
//! each game's `Options` by [`overlay_setters!`]; the colours of what is
//! drawn over either board, given to each game's `Palette` by
//! [`palette!`].

use alloc::vec::Vec;

use super::Check;

/// The options both games share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlay<S> {
    pub flipped: bool,
    pub last_move: Option<(S, S)>,
    pub check: Check<S>,
    pub arrows: Vec<(S, S)>,
    pub marks: Vec<S>,
    pub size: Option<u32>,
}

impl<S> Overlay<S> {
    /// Nothing drawn over the board, `size` pixels wide.
    pub const fn new(size: u32) -> Overlay<S> {
        Overlay {
            flipped: false,
            last_move: None,
            check: Check::Auto,
            arrows: Vec::new(),
            marks: Vec::new(),
            size: Some(size),
        }
    }
}

/// The methods both games' `Options` have: builders of [`Overlay`]'s
/// fields (held as `overlay`) and of the palette (`palette`), the
/// geometry and the centre of a square. `$square` and `$palette` are the
/// game's types, `$layout` its [`Layout`](super::Layout), `$bottom` the
/// side seen at the bottom by default.
macro_rules! overlay_setters {
    ($square:ty, $palette:ty, $layout:expr, $bottom:literal) => {
        /// The colours (default [`Palette::DEFAULT`]).
        #[must_use]
        pub fn palette(mut self, palette: $palette) -> Self {
            self.palette = palette;
            self
        }

        /// Where the image puts its points or squares, in its pixels.
        pub fn geometry(&self) -> Geometry {
            $layout.geometry(self.overlay.size, self.overlay.flipped)
        }

        /// The centre of `square` in units.
        fn center(&self, square: $square) -> Point {
            $layout.center(square.file(), square.rank(), self.overlay.flipped)
        }

        /// The king to show in check in `position`, if any.
        fn checked(&self, position: &Position) -> Option<$square> {
            match self.overlay.check {
                Check::Off => None,
                Check::At(square) => Some(square),
                Check::Auto => position
                    .is_check()
                    .then(|| position.king(position.side_to_move())),
            }
        }

        /// The marks and the arrows, over everything else.
        fn draw_overlay(&self, canvas: &mut Canvas) {
            let overlay = &self.overlay;
            canvas.marks(
                self.palette.mark,
                overlay.marks.iter().map(|&square| self.center(square)),
            );
            canvas.arrows(
                self.palette.arrow,
                overlay
                    .arrows
                    .iter()
                    .map(|&(from, to)| (self.center(from), self.center(to))),
            );
        }

        #[doc = concat!("Seen from the other side: ", $bottom, " at the top (default: at the bottom).")]
        #[must_use]
        pub fn flipped(mut self, flipped: bool) -> Self {
            self.overlay.flipped = flipped;
            self
        }

        /// Highlights the two squares of the move just played (any two
        /// squares: they are not checked against the position).
        #[must_use]
        pub fn last_move(mut self, from: $square, to: $square) -> Self {
            self.overlay.last_move = Some((from, to));
            self
        }

        /// Which king to show in check (default [`Check::Auto`]: the side
        /// to move's, when in check).
        #[must_use]
        pub fn check(mut self, check: Check<$square>) -> Self {
            self.overlay.check = check;
            self
        }

        /// Adds an arrow from `from` to `to` (a ring when they are the
        /// same square), drawn over everything else.
        #[must_use]
        pub fn arrow(mut self, from: $square, to: $square) -> Self {
            self.overlay.arrows.push((from, to));
            self
        }

        /// Adds a mark: a ring around the square, over its piece.
        #[must_use]
        pub fn mark(mut self, square: $square) -> Self {
            self.overlay.marks.push(square);
            self
        }

        /// Adds arrows, each as [`Options::arrow`] draws it.
        #[must_use]
        pub fn arrows(mut self, arrows: impl IntoIterator<Item = ($square, $square)>) -> Self {
            self.overlay.arrows.extend(arrows);
            self
        }

        /// Adds marks, each as [`Options::mark`] draws it.
        #[must_use]
        pub fn marks(mut self, squares: impl IntoIterator<Item = $square>) -> Self {
            self.overlay.marks.extend(squares);
            self
        }

        /// The image's width in pixels (its height follows), or `None`
        /// for no size: the image then fills the width it is given, as
        /// a web page or a notebook lays it out.
        #[must_use]
        pub fn size(mut self, pixels: impl Into<Option<u32>>) -> Self {
            self.overlay.size = pixels.into();
            self
        }
    };
}
pub(crate) use overlay_setters;

/// A game's `Palette` and its `DEFAULT`: the game's own colours, each
/// with its doc and default, then the colours of the overlay that both
/// games draw alike (last move, check, marks, arrows). `$cells` names
/// the game's cells ("squares", "points") in the docs.
macro_rules! palette {
    (
        $cells:literal,
        $(#[$default_doc:meta])*
        DEFAULT {
            $( $(#[$doc:meta])* $field:ident: $value:expr, )*
        }
    ) => {
        /// The colours of an image.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub struct Palette {
            $( $(#[$doc])* pub $field: Rgb, )*
            #[doc = concat!("Behind the two ", $cells, " of the last move.")]
            pub last_move: Rgb,
            /// Behind a king in check.
            pub check: Rgb,
            #[doc = concat!("The rings of marked ", $cells, ".")]
            pub mark: Rgb,
            /// Arrows (drawn at 80 % opacity).
            pub arrow: Rgb,
        }

        impl Palette {
            $(#[$default_doc])*
            pub const DEFAULT: Palette = Palette {
                $( $field: $value, )*
                last_move: super::LAST_MOVE,
                check: super::CHECK,
                mark: super::MARK,
                arrow: super::ARROW,
            };
        }
    };
}
pub(crate) use palette;

/// `Default` for a game's `Palette` and `Options` (in scope where it is
/// used): their `DEFAULT` and `new()`.
macro_rules! defaults {
    () => {
        impl Default for Palette {
            fn default() -> Palette {
                Palette::DEFAULT
            }
        }

        impl Default for Options {
            fn default() -> Options {
                Options::new()
            }
        }
    };
}
pub(crate) use defaults;
