//! Board images as SVG text, for both games. The boards are drawn by
//! [`xiangqi::svg`](crate::xiangqi::svg) and [`chess::svg`](crate::chess::svg);
//! this module holds what they share: colours, the check setting, the
//! geometry every image documents, the options both take, and the writer
//! that puts elements, numbers and text into the image.
//!
//! The images are meant to be pasted anywhere (a notebook, a web page, a
//! file): they use presentation attributes only, never `id`, `class` or a
//! `<style>` element, because an SVG inlined into an HTML page shares its
//! ids and style sheets with every other image on that page, and two
//! boards drawn with different options would then restyle each other.

pub mod chess;
mod draw;
mod options;
pub mod xiangqi;

use core::fmt;

/// An opaque colour, written as `#rrggbb`.
///
/// ```
/// use qiboard::xiangqi::svg::Rgb;
///
/// assert_eq!(Rgb(0xb3, 0x26, 0x1e).to_string(), "#b3261e");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Which king, if any, is drawn in check: a disc (xiangqi) or square
/// (chess) of the check colour behind it. `S` is the game's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Check<S> {
    /// The side to move's king, when that side is in check.
    #[default]
    Auto,
    /// None.
    Off,
    /// Whatever stands on this square (its background is highlighted).
    At(S),
}

/// Where an image puts its points (xiangqi) or squares (chess): the
/// numbers a program needs to find a piece in the rendered picture, in
/// the image's pixels at its size (in its `viewBox` units when it has no
/// size). Both games lay the board out alike: the point or square in
/// column `c` (0 at the left) and row `r` (0 at the top) is centred at
/// `(origin_x + c × spacing, origin_y + r × spacing)`, and `origin_x =
/// origin_y = spacing`, so a xiangqi image is 10 spacings wide and 11
/// high, a chess image 9 by 9 (half a square of frame on each side).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Geometry {
    /// The image's width.
    pub width: f64,
    /// The image's height.
    pub height: f64,
    /// The centre of the top-left point or square.
    pub origin_x: f64,
    /// The centre of the top-left point or square.
    pub origin_y: f64,
    /// From one point or square's centre to the next.
    pub spacing: f64,
    /// A piece's disc.
    pub piece_radius: f64,
    /// Where a xiangqi disc's ring of the piece's colour runs (its stroke
    /// is centred there); a chess disc is filled with its piece's colour
    /// up to `piece_radius`.
    pub ring_radius: f64,
    /// A highlighted xiangqi point (last move, check): a disc this large
    /// behind the piece. Chess highlights the whole square.
    pub highlight_radius: f64,
    /// Where a marked point or square's ring runs (its stroke is centred
    /// there), over the piece.
    pub mark_radius: f64,
    /// Columns and rows of points or squares.
    columns: usize,
    rows: usize,
    flipped: bool,
}

impl Geometry {
    /// The centre of the point or square on `file` (0 = `a`) and `rank`
    /// (0 = xiangqi's rank 0, chess's rank 1), as the image is oriented;
    /// `None` off the board.
    ///
    /// ```
    /// use qiboard::xiangqi::svg::Options;
    ///
    /// let geometry = Options::new().size(500).geometry();
    /// assert_eq!(geometry.center(0, 0), Some((50.0, 500.0))); // a0, bottom left
    /// let flipped = Options::new().size(500).flipped(true).geometry();
    /// assert_eq!(flipped.center(0, 0), Some((450.0, 50.0))); // top right
    /// ```
    pub fn center(&self, file: usize, rank: usize) -> Option<(f64, f64)> {
        if file >= self.columns || rank >= self.rows {
            return None;
        }
        let (column, row) = draw::cell(file, rank, self.columns, self.rows, self.flipped);
        Some((
            self.origin_x + column as f64 * self.spacing,
            self.origin_y + row as f64 * self.spacing,
        ))
    }
}

/// A game's board in `viewBox` units: one spacing of margin around
/// `columns` × `rows` points or squares.
struct Layout {
    columns: usize,
    rows: usize,
    piece_radius: f64,
    ring_radius: f64,
    highlight_radius: f64,
}

impl Layout {
    const fn width(&self) -> u32 {
        (self.columns as u32 + 1) * draw::UNIT
    }

    const fn height(&self) -> u32 {
        (self.rows as u32 + 1) * draw::UNIT
    }

    /// The layout scaled to `size` pixels wide (units when `None`).
    fn geometry(&self, size: Option<u32>, flipped: bool) -> Geometry {
        let scale = size.map_or(1.0, |size| f64::from(size) / f64::from(self.width()));
        let unit = f64::from(draw::UNIT) * scale;
        Geometry {
            width: f64::from(self.width()) * scale,
            height: f64::from(self.height()) * scale,
            origin_x: unit,
            origin_y: unit,
            spacing: unit,
            piece_radius: self.piece_radius * scale,
            ring_radius: self.ring_radius * scale,
            highlight_radius: self.highlight_radius * scale,
            mark_radius: draw::MARK_RADIUS * scale,
            columns: self.columns,
            rows: self.rows,
            flipped,
        }
    }

    /// The centre of the point or square on `file` and `rank`, in units.
    fn center(&self, file: usize, rank: usize, flipped: bool) -> draw::Point {
        let (column, row) = draw::cell(file, rank, self.columns, self.rows, flipped);
        draw::center(column, row)
    }
}

/// The highlight of the last move's squares, in both games.
const LAST_MOVE: Rgb = Rgb(0x9c, 0xcc, 0x65);
/// Behind a king in check, in both games.
const CHECK: Rgb = Rgb(0xff, 0x3d, 0x2e);
/// Rings of marked squares, in both games.
const MARK: Rgb = Rgb(0x7b, 0x1f, 0xa2);
/// Arrows, in both games.
const ARROW: Rgb = Rgb(0x15, 0x65, 0xc0);
