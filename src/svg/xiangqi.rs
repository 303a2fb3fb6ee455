//! Xiangqi positions drawn as SVG: the traditional board of 9 × 10
//! points, with the river (楚河 汉界), the palaces' diagonals and the
//! small marks at the pawns' and cannons' starting points; pieces as
//! discs with their Chinese character (red 帥仕相傌俥炮兵, black
//! 將士象馬車砲卒) or WXF letter; coordinates, the last move, a king in
//! check, arrows and marked points.
//!
//! ```
//! use qiboard::xiangqi::{svg, Position, Square};
//!
//! let position = Position::start().play("h2e2".parse()?);
//! let options = svg::Options::new()
//!     .last_move(Square::H2, Square::E2)
//!     .arrow(Square::H9, Square::G7)
//!     .coordinates(svg::Coordinates::Wxf)
//!     .size(360);
//! let image: String = svg::board(&position, &options);
//! assert!(image.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! # Ok::<(), qiboard::xiangqi::MoveError>(())
//! ```
//!
//! # Fonts
//!
//! The [`PieceStyle::Latin`] style writes only ASCII letters and digits in
//! the generic `sans-serif` family, which every SVG renderer has: it is
//! the safe choice where the image's reader is unknown. The default
//! [`PieceStyle::Chinese`] style writes the pieces, the river and Red's
//! WXF file numbers in Chinese characters and names a stack of CJK fonts
//! ([`FONT_STACK`]: Noto and Source Han, then the fonts macOS and Windows
//! ship). A reader with none of them, and no CJK fallback font of its own,
//! sees empty boxes or nothing on the discs; the colours and the layout
//! are still right, but the kinds cannot be told apart. An SVG cannot ask
//! a renderer whether it has a glyph, so the image cannot fall back to
//! letters by itself: choose [`PieceStyle::Latin`] when in doubt.
//!
//! # Layout
//!
//! [`Options::geometry`] gives the numbers a program needs to find things
//! in the rendered picture (see [`Geometry`]): the points are `width / 10`
//! apart, the top-left one (a9, or i0 when flipped) one spacing in from
//! both edges. A piece is a disc of the [`Palette::disc`] colour with a
//! ring of its side's colour at [`Geometry::ring_radius`] and its character
//! in the middle; a highlighted point (the last move, a king in check) has
//! a disc of the highlight colour behind it, wider than the piece's.
//!
//! # Sources and simplifications
//!
//! The options follow python-chess's `chess.svg.board` (orientation, last
//! move, check, arrows, marked squares, size, coordinates); the board is
//! the one printed in every xiangqi book. Simplified here: one arrow and
//! one mark colour, the river's characters upright whichever way the
//! board is turned, Red's characters the traditional 帥仕相傌俥炮兵
//! (simplified 帅 and 车 are not offered).

use alloc::{string::String, vec::Vec};

use super::draw::{self, put, Canvas, Num, Point, UNIT};
use super::options::{defaults, overlay_setters, palette, Overlay};
use super::Layout;
pub use super::{Check, Geometry, Rgb};
use crate::xiangqi::{Color, PieceKind, Position, Square};

/// The CJK fonts the [`PieceStyle::Chinese`] style asks for, best first.
pub const FONT_STACK: &str = "'Noto Serif CJK SC', 'Source Han Serif SC', 'Noto Sans CJK SC', \
                              'Source Han Sans SC', 'Songti SC', 'STSong', 'SimSun', \
                              'Microsoft YaHei', serif";

/// How the pieces are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PieceStyle {
    /// Chinese characters: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for
    /// Black; needs a CJK font where the image is shown.
    #[default]
    Chinese,
    /// The WXF letters `K A E H R C P` (king, advisor, elephant, horse,
    /// rook, cannon, pawn) in capitals for both sides, told apart by
    /// colour; needs no particular font.
    Latin,
}

/// Which coordinates are written around the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Coordinates {
    /// None.
    None,
    /// UCCI's files `a`–`i` above and below, ranks `0`–`9` left and right.
    #[default]
    Ucci,
    /// WXF's file numbers, each side's counted from its own right: 1–9
    /// along the bottom edge from right to left, 1–9 along the top edge
    /// from left to right. Red's are Chinese numerals in the Chinese
    /// style, as in Chinese notation.
    Wxf,
}

palette! {
    "points",
    /// The default colours: a light wooden board, ivory discs.
    DEFAULT {
        /// The board and its frame.
        board: Rgb(0xee, 0xd0, 0x9a),
        /// The lines, the river's characters and the coordinates.
        lines: Rgb(0x5b, 0x3a, 0x1e),
        /// The pieces' discs.
        disc: Rgb(0xfb, 0xee, 0xd3),
        /// The thin edge of a disc.
        disc_edge: Rgb(0x7a, 0x55, 0x30),
        /// Red's rings and characters.
        red: Rgb(0xb8, 0x1f, 0x1f),
        /// Black's rings and characters.
        black: Rgb(0x1f, 0x1f, 0x1f),
    }
}

/// What to draw besides the position; built by chaining setters on
/// [`Options::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    overlay: Overlay<Square>,
    coordinates: Coordinates,
    pieces: PieceStyle,
    palette: Palette,
}

defaults!();

impl Options {
    /// The default image width in pixels: 45 between two points.
    pub const DEFAULT_SIZE: u32 = 450;

    /// Red at the bottom, UCCI coordinates, Chinese characters, the king
    /// in check shown, nothing else marked, [`Options::DEFAULT_SIZE`]
    /// pixels wide.
    pub const fn new() -> Options {
        Options {
            overlay: Overlay::new(Options::DEFAULT_SIZE),
            coordinates: Coordinates::Ucci,
            pieces: PieceStyle::Chinese,
            palette: Palette::DEFAULT,
        }
    }

    overlay_setters!(Square, Palette, LAYOUT, "Red");

    /// Which coordinates to write (default [`Coordinates::Ucci`]).
    #[must_use]
    pub fn coordinates(mut self, coordinates: Coordinates) -> Self {
        self.coordinates = coordinates;
        self
    }

    /// How to write the pieces (default [`PieceStyle::Chinese`]).
    #[must_use]
    pub fn pieces(mut self, style: PieceStyle) -> Self {
        self.pieces = style;
        self
    }
}

/// `position` drawn as an SVG document, as `options` say.
pub fn board(position: &Position, options: &Options) -> String {
    let palette = &options.palette;
    let family = match options.pieces {
        PieceStyle::Chinese => FONT_STACK,
        PieceStyle::Latin => "sans-serif",
    };
    let mut canvas = Canvas::new(WIDTH, HEIGHT, options.overlay.size, family);
    put!(
        canvas,
        "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"{}\"/>\n",
        palette.board
    );
    highlights(&mut canvas, position, options);
    lines(&mut canvas, palette.lines);
    if options.pieces == PieceStyle::Chinese {
        river(&mut canvas, palette.lines);
    }
    coordinates(&mut canvas, options);
    pieces(&mut canvas, position, options);
    options.draw_overlay(&mut canvas);
    canvas.finish()
}

const COLUMNS: usize = 9;
const ROWS: usize = 10;
const U: f64 = UNIT as f64;
/// One spacing of margin on each side, for the frame and the coordinates.
const LAYOUT: Layout = Layout {
    columns: COLUMNS,
    rows: ROWS,
    piece_radius: PIECE_RADIUS,
    ring_radius: RING_RADIUS,
    highlight_radius: HIGHLIGHT_RADIUS,
};
const WIDTH: u32 = LAYOUT.width();
const HEIGHT: u32 = LAYOUT.height();
const PIECE_RADIUS: f64 = 0.42 * U;
const DISC_EDGE: f64 = 0.024 * U;
const RING_RADIUS: f64 = 0.35 * U;
const RING_WIDTH: f64 = 0.06 * U;
const HIGHLIGHT_RADIUS: f64 = 0.5 * U;
const LINE_WIDTH: f64 = 0.028 * U;
/// The frame runs this far outside the outer lines, under the edge pieces.
const FRAME_OFFSET: f64 = 0.3 * U;
const FRAME_WIDTH: f64 = 0.06 * U;
/// A starting-point mark: an L in each quadrant, this far from the point,
/// with arms this long.
const POST_GAP: f64 = 0.1 * U;
const POST_ARM: f64 = 0.2 * U;
const GLYPH_SIZE: f64 = 0.54 * U;
const RIVER_SIZE: f64 = 0.52 * U;
const LABEL_SIZE: f64 = 0.32 * U;
/// Labels are centred this far in from the image's edge.
const LABEL_INSET: f64 = 0.28 * U;

const CHINESE: [[&str; 7]; 2] = [
    ["帥", "仕", "相", "傌", "俥", "炮", "兵"],
    ["將", "士", "象", "馬", "車", "砲", "卒"],
];
const LATIN: [&str; 7] = ["K", "A", "E", "H", "R", "C", "P"];
const FILES: [&str; 9] = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
const NUMERALS: [&str; 10] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// 0 for Red, 1 for Black.
const fn side(color: Color) -> usize {
    match color {
        Color::Red => 0,
        Color::Black => 1,
    }
}

/// Discs behind the last move's points and the king in check.
fn highlights(canvas: &mut Canvas, position: &Position, options: &Options) {
    let overlay = &options.overlay;
    if let Some((from, to)) = overlay.last_move {
        canvas.circles(
            format_args!("fill=\"{}\"", options.palette.last_move),
            HIGHLIGHT_RADIUS,
            [options.center(from), options.center(to)],
        );
    }
    if let Some(square) = options.checked(position) {
        canvas.circles(
            format_args!("fill=\"{}\"", options.palette.check),
            HIGHLIGHT_RADIUS,
            [options.center(square)],
        );
    }
}

/// The lines, the palaces, the starting-point marks and the frame: the
/// same whichever way the board is turned.
fn lines(canvas: &mut Canvas, colour: Rgb) {
    let (left, top) = draw::center(0, 0);
    let (right, bottom) = draw::center(COLUMNS - 1, ROWS - 1);
    let (_, river_top) = draw::center(0, 4);
    let (_, river_bottom) = draw::center(0, 5);
    put!(
        canvas,
        "<g fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\"><path d=\"",
        Num(LINE_WIDTH)
    );
    for row in 0..ROWS {
        let (_, y) = draw::center(0, row);
        put!(canvas, "M{} {}H{}", Num(left), Num(y), Num(right));
    }
    for column in 0..COLUMNS {
        let (x, _) = draw::center(column, 0);
        if column == 0 || column == COLUMNS - 1 {
            put!(canvas, "M{} {}V{}", Num(x), Num(top), Num(bottom));
        } else {
            put!(
                canvas,
                "M{x} {}V{}M{x} {}V{}",
                Num(top),
                Num(river_top),
                Num(river_bottom),
                Num(bottom),
                x = Num(x)
            );
        }
    }
    // Each palace's two diagonals, corner to corner over three files.
    for first_row in [0, ROWS - 3] {
        let (x1, y1) = draw::center(3, first_row);
        let (x2, y2) = draw::center(5, first_row + 2);
        put!(
            canvas,
            "M{} {}L{} {}M{} {}L{} {}",
            Num(x1),
            Num(y1),
            Num(x2),
            Num(y2),
            Num(x2),
            Num(y1),
            Num(x1),
            Num(y2)
        );
    }
    for (column, row) in posts() {
        let (x, y) = draw::center(column, row);
        for dx in [-1.0, 1.0] {
            // The edge files' marks only face inwards.
            if (dx < 0.0 && column == 0) || (dx > 0.0 && column == COLUMNS - 1) {
                continue;
            }
            for dy in [-1.0, 1.0] {
                put!(
                    canvas,
                    "M{} {}H{}V{}",
                    Num(x + dx * (POST_GAP + POST_ARM)),
                    Num(y + dy * POST_GAP),
                    Num(x + dx * POST_GAP),
                    Num(y + dy * (POST_GAP + POST_ARM))
                );
            }
        }
    }
    put!(
        canvas,
        "\"/><rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\" stroke-width=\"{}\"/></g>\n",
        Num(right - left + 2.0 * FRAME_OFFSET),
        Num(bottom - top + 2.0 * FRAME_OFFSET),
        Num(FRAME_WIDTH),
        x = Num(left - FRAME_OFFSET),
        y = Num(top - FRAME_OFFSET),
    );
}

/// The columns and rows of the pawns' and cannons' starting points.
fn posts() -> impl Iterator<Item = (usize, usize)> {
    let cannons = [1, 7]
        .into_iter()
        .flat_map(|column| [(column, 2), (column, ROWS - 3)]);
    let pawns = [0, 2, 4, 6, 8]
        .into_iter()
        .flat_map(|column| [(column, 3), (column, ROWS - 4)]);
    cannons.chain(pawns)
}

/// 楚河 on the left half of the river, 汉界 on the right.
fn river(canvas: &mut Canvas, colour: Rgb) {
    let (_, top) = draw::center(0, 4);
    let (_, bottom) = draw::center(0, 5);
    let y = (top + bottom) / 2.0;
    let at = |half_columns: f64| U * (1.0 + half_columns);
    canvas.texts(
        format_args!("fill=\"{colour}\""),
        RIVER_SIZE,
        [
            (at(1.5), y, "楚"),
            (at(2.5), y, "河"),
            (at(5.5), y, "汉"),
            (at(6.5), y, "界"),
        ],
    );
}

/// The coordinates around the board, as `options` ask.
fn coordinates(canvas: &mut Canvas, options: &Options) {
    let colour = options.palette.lines;
    let flipped = options.overlay.flipped;
    let (width, height) = (f64::from(WIDTH), f64::from(HEIGHT));
    let (top, bottom) = (LABEL_INSET, height - LABEL_INSET);
    let (left, right) = (LABEL_INSET, width - LABEL_INSET);
    let latin = alloc::format!("fill=\"{colour}\" font-family=\"sans-serif\"");
    match options.coordinates {
        Coordinates::None => {}
        Coordinates::Ucci => {
            let files = (0..COLUMNS).flat_map(|column| {
                let file = if flipped {
                    COLUMNS - 1 - column
                } else {
                    column
                };
                let (x, _) = draw::center(column, 0);
                [(x, top, FILES[file]), (x, bottom, FILES[file])]
            });
            let ranks = (0..ROWS).flat_map(|row| {
                let rank = if flipped { row } else { ROWS - 1 - row };
                let (_, y) = draw::center(0, row);
                [(left, y, DIGITS[rank]), (right, y, DIGITS[rank])]
            });
            canvas.texts(format_args!("{latin}"), LABEL_SIZE, files.chain(ranks));
        }
        Coordinates::Wxf => {
            // Whichever side is at the bottom counts its files 1–9 from
            // its right; the other side along the top from its right,
            // which is the image's left.
            let number = |column: usize, at_bottom: bool| {
                if at_bottom {
                    COLUMNS - column
                } else {
                    column + 1
                }
            };
            let red_at_bottom = !flipped;
            let chinese = options.pieces == PieceStyle::Chinese;
            let labels = |at_bottom: bool| {
                let y = if at_bottom { bottom } else { top };
                let red = at_bottom == red_at_bottom;
                (0..COLUMNS).map(move |column| {
                    let n = number(column, at_bottom);
                    let text = if red && chinese {
                        NUMERALS[n]
                    } else {
                        DIGITS[n]
                    };
                    (draw::center(column, 0).0, y, text)
                })
            };
            if chinese {
                // Red's numerals in the CJK font, Black's digits in the
                // sans-serif one.
                let (numerals, digits) = if red_at_bottom {
                    (labels(true), labels(false))
                } else {
                    (labels(false), labels(true))
                };
                canvas.texts(format_args!("fill=\"{colour}\""), LABEL_SIZE, numerals);
                canvas.texts(format_args!("{latin}"), LABEL_SIZE, digits);
            } else {
                canvas.texts(
                    format_args!("{latin}"),
                    LABEL_SIZE,
                    labels(true).chain(labels(false)),
                );
            }
        }
    }
}

/// Every piece: its disc, its side's ring, its character.
fn pieces(canvas: &mut Canvas, position: &Position, options: &Options) {
    let palette = &options.palette;
    let mut placed: [Vec<(Point, PieceKind)>; 2] = [Vec::new(), Vec::new()];
    for square in Square::ALL {
        if let Some(piece) = position.piece_at(square) {
            placed[side(piece.color)].push((options.center(square), piece.kind));
        }
    }
    let all = || placed.iter().flatten().map(|&(center, _)| center);
    canvas.circles(
        format_args!(
            "fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"",
            palette.disc,
            palette.disc_edge,
            Num(DISC_EDGE)
        ),
        PIECE_RADIUS,
        all(),
    );
    let colours = [palette.red, palette.black];
    for (pieces, colour) in placed.iter().zip(colours) {
        canvas.circles(
            format_args!(
                "fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\"",
                Num(RING_WIDTH)
            ),
            RING_RADIUS,
            pieces.iter().map(|&(center, _)| center),
        );
    }
    for (index, (pieces, colour)) in placed.iter().zip(colours).enumerate() {
        let glyph = |kind: PieceKind| match options.pieces {
            PieceStyle::Chinese => CHINESE[index][kind.index()],
            PieceStyle::Latin => LATIN[kind.index()],
        };
        canvas.texts(
            format_args!("fill=\"{colour}\" font-weight=\"bold\""),
            GLYPH_SIZE,
            pieces.iter().map(|&((x, y), kind)| (x, y, glyph(kind))),
        );
    }
}
