//! The writer both boards draw with: an SVG document built up in a
//! `String`, numbers written to a tenth of a unit, text escaped, and the
//! drawings both games share (discs, labels, marks, arrows).
//!
//! Everything is laid out in `viewBox` units with [`UNIT`] between two
//! points or squares; the `width` and `height` attributes scale it to the
//! size asked for. A tenth of a unit is a five-hundredth of a point's
//! spacing, finer than any screen shows.

use alloc::string::String;
use core::fmt::{self, Write};

use super::Rgb;

/// A point of the image, in units.
pub type Point = (f64, f64);

/// From one point or square's centre to the next, in `viewBox` units.
pub const UNIT: u32 = 50;

/// `format_args!` into a [`Canvas`].
macro_rules! put {
    ($canvas:expr, $($arg:tt)*) => {
        $canvas.put(format_args!($($arg)*))
    };
}
pub(crate) use put;

/// Where the point or square on `file` and `rank` appears: its column
/// from the left and row from the top, for a board of `columns` × `rows`
/// seen from the first side (rank 0 at the bottom) or, `flipped`, from
/// the second.
pub const fn cell(
    file: usize,
    rank: usize,
    columns: usize,
    rows: usize,
    flipped: bool,
) -> (usize, usize) {
    if flipped {
        (columns - 1 - file, rank)
    } else {
        (file, rows - 1 - rank)
    }
}

/// The centre of column `column` and row `row`, in units: one spacing of
/// margin, then one spacing per cell.
pub fn center(column: usize, row: usize) -> Point {
    let unit = f64::from(UNIT);
    (unit * (1.0 + column as f64), unit * (1.0 + row as f64))
}

/// A number as SVG text: rounded to a tenth, without a trailing `.0`.
#[derive(Clone, Copy)]
pub struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `as` saturates, and `core` has no `round` on this MSRV.
        let tenths = if self.0 < 0.0 {
            -((-self.0 * 10.0 + 0.5) as i64)
        } else {
            (self.0 * 10.0 + 0.5) as i64
        };
        let sign = if tenths < 0 { "-" } else { "" };
        let (whole, tenth) = (tenths.unsigned_abs() / 10, tenths.unsigned_abs() % 10);
        if tenth == 0 {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{tenth}")
        }
    }
}

/// Text made safe for element content and double-quoted attributes.
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// A square root by Newton's iteration: `core` has no `f64::sqrt`, and
/// the crate builds without `std`. Only for the lengths of arrows, a few
/// hundred units at most.
fn sqrt(x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    let mut root = if x > 1.0 { x } else { 1.0 };
    // From at most 2^20 down to the root, the error halves each step until
    // it is small, then squares: 40 steps are more than enough.
    for _ in 0..40 {
        root = 0.5 * (root + x / root);
    }
    root
}

/// An SVG document being written.
pub struct Canvas {
    text: String,
}

impl Canvas {
    /// Opens a document `width` × `height` units large (its `viewBox`),
    /// `size` pixels wide if given, with `font_family` for its text.
    pub fn new(width: u32, height: u32, size: Option<u32>, font_family: &str) -> Canvas {
        let mut canvas = Canvas {
            text: String::with_capacity(8 * 1024),
        };
        put!(
            canvas,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\""
        );
        if let Some(size) = size {
            let scaled = f64::from(size) * f64::from(height) / f64::from(width);
            put!(canvas, " width=\"{size}\" height=\"{}\"", Num(scaled));
        }
        put!(
            canvas,
            " font-family=\"{}\" text-anchor=\"middle\">\n",
            Escaped(font_family)
        );
        canvas
    }

    /// Appends formatted text (use [`put!`]).
    pub fn put(&mut self, args: fmt::Arguments<'_>) {
        // Writing into a String cannot fail.
        let _ = self.text.write_fmt(args);
    }

    /// Closes the document.
    pub fn finish(mut self) -> String {
        self.text.push_str("</svg>\n");
        self.text
    }

    /// A `<g>` with `attributes` around circles of radius `radius` at
    /// `centres`; nothing when there are none.
    pub fn circles(
        &mut self,
        attributes: fmt::Arguments<'_>,
        radius: f64,
        centres: impl IntoIterator<Item = Point>,
    ) {
        let mut centres = centres.into_iter().peekable();
        if centres.peek().is_none() {
            return;
        }
        put!(self, "<g {attributes}>");
        for (x, y) in centres {
            put!(
                self,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                Num(x),
                Num(y),
                Num(radius)
            );
        }
        self.text.push_str("</g>\n");
    }

    /// A `<g>` with `attributes` around texts centred on `x`, with their
    /// middle on `y` for a font of `font_size` units (SVG places text by
    /// its baseline; `dominant-baseline` is not read by every renderer).
    pub fn texts<'a>(
        &mut self,
        attributes: fmt::Arguments<'_>,
        font_size: f64,
        texts: impl IntoIterator<Item = (f64, f64, &'a str)>,
    ) {
        let mut texts = texts.into_iter().peekable();
        if texts.peek().is_none() {
            return;
        }
        put!(self, "<g font-size=\"{}\" {attributes}>", Num(font_size));
        // Capitals and CJK ideographs both sit about 0.35 em above their
        // middle.
        let drop = 0.35 * font_size;
        for (x, y, text) in texts {
            put!(
                self,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                Num(x),
                Num(y + drop),
                Escaped(text)
            );
        }
        self.text.push_str("</g>\n");
    }

    /// Marked points or squares: rings of `colour` around `centres`, over
    /// the pieces.
    pub fn marks(&mut self, colour: Rgb, centres: impl IntoIterator<Item = Point>) {
        self.circles(
            format_args!(
                "fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\"",
                Num(MARK_WIDTH)
            ),
            MARK_RADIUS,
            centres,
        );
    }

    /// Arrows of `colour` from centre to centre, the head's tip on the
    /// target's centre; an arrow to its own start is a ring.
    pub fn arrows(&mut self, colour: Rgb, arrows: impl IntoIterator<Item = (Point, Point)>) {
        let mut arrows = arrows.into_iter().peekable();
        if arrows.peek().is_none() {
            return;
        }
        put!(self, "<g fill=\"{colour}\" opacity=\"{ARROW_OPACITY}\">");
        for ((x1, y1), (x2, y2)) in arrows {
            let (dx, dy) = (x2 - x1, y2 - y1);
            let length = sqrt(dx * dx + dy * dy);
            if length < 1.0 {
                put!(
                    self,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" \
                     stroke-width=\"{}\"/>",
                    Num(x1),
                    Num(y1),
                    Num(MARK_RADIUS),
                    Num(ARROW_SHAFT)
                );
                continue;
            }
            // Along the arrow and across it, one unit long.
            let (ax, ay) = (dx / length, dy / length);
            let (nx, ny) = (-ay, ax);
            let (bx, by) = (x2 - ax * ARROW_HEAD_LENGTH, y2 - ay * ARROW_HEAD_LENGTH);
            let shaft = ARROW_SHAFT / 2.0;
            let head = ARROW_HEAD_WIDTH / 2.0;
            let corners = [
                (x1 + nx * shaft, y1 + ny * shaft),
                (bx + nx * shaft, by + ny * shaft),
                (bx + nx * head, by + ny * head),
                (x2, y2),
                (bx - nx * head, by - ny * head),
                (bx - nx * shaft, by - ny * shaft),
                (x1 - nx * shaft, y1 - ny * shaft),
            ];
            self.text.push_str("<path d=\"M");
            for (i, (x, y)) in corners.into_iter().enumerate() {
                let join = if i == 0 { "" } else { "L" };
                put!(self, "{join}{} {}", Num(x), Num(y));
            }
            self.text.push_str("Z\"/>");
        }
        self.text.push_str("</g>\n");
    }
}

/// Ring of a marked point or square.
pub const MARK_RADIUS: f64 = 0.46 * UNIT as f64;
const MARK_WIDTH: f64 = 0.06 * UNIT as f64;
/// Arrows are drawn see-through, so that the pieces under them still show.
pub const ARROW_OPACITY: f64 = 0.8;
const ARROW_SHAFT: f64 = 0.16 * UNIT as f64;
const ARROW_HEAD_WIDTH: f64 = 0.46 * UNIT as f64;
const ARROW_HEAD_LENGTH: f64 = 0.42 * UNIT as f64;

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn numbers_round_to_tenths() {
        for (value, text) in [
            (0.0, "0"),
            (12.5, "12.5"),
            (12.54, "12.5"),
            (12.56, "12.6"),
            (-3.25, "-3.3"),
            (-0.04, "0"),
            (1e30, "922337203685477580.7"),
        ] {
            assert_eq!(Num(value).to_string(), text, "{value}");
        }
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            Escaped("a<b & \"c\">'d'").to_string(),
            "a&lt;b &amp; &quot;c&quot;&gt;'d'"
        );
    }

    #[test]
    fn square_roots() {
        for x in [0.0, 0.25, 1.0, 2.0, 2500.0, 5000.0, 250_000.0, 1e6] {
            let root = sqrt(x);
            assert!((root * root - x).abs() <= 1e-9 * x.max(1.0), "{x}: {root}");
        }
    }
}
