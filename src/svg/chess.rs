//! Chess positions drawn as SVG: an 8 × 8 board in a frame, pieces as
//! discs of their side's colour with the piece's letter (`K Q R B N P`),
//! coordinates, the last move, a king in check, arrows and marked squares.
//!
//! ```
//! use qiboard::chess::{svg, Position, Square};
//!
//! let position = Position::start().play(Position::start().parse_move("e2e4")?);
//! let options = svg::Options::new()
//!     .last_move(Square::E2, Square::E4)
//!     .arrow(Square::G8, Square::F6)
//!     .flipped(true);
//! let image: String = svg::board(&position, &options);
//! assert!(image.ends_with("</svg>\n"));
//! # Ok::<(), qiboard::chess::MoveError>(())
//! ```
//!
//! The letters are in the generic `sans-serif` family, so the image needs
//! no particular font (Unicode's chess symbols would: many fonts lack
//! them). The layout is given by [`Options::geometry`]: squares are
//! `width / 9` wide, with half a square of frame around the board for the
//! coordinates. The options follow python-chess's `chess.svg.board`;
//! simplified here: pieces are lettered discs rather than drawings, one
//! arrow and one mark colour, and a highlight fills a whole square.

use alloc::{string::String, vec::Vec};

use super::draw::{self, put, Canvas, Num, Point, UNIT};
use super::options::{defaults, overlay_setters, palette, Overlay};
use super::Layout;
pub use super::{Check, Geometry, Rgb};
use crate::chess::{Color, Move, Position, Square};

palette! {
    "squares",
    /// The default colours: wooden squares in a dark frame.
    DEFAULT {
        /// The light squares.
        light: Rgb(0xee, 0xdc, 0xb8),
        /// The dark squares.
        dark: Rgb(0xb3, 0x8b, 0x65),
        /// The frame around the board.
        frame: Rgb(0x5b, 0x3a, 0x1e),
        /// The coordinates, on the frame.
        coordinates: Rgb(0xee, 0xdc, 0xb8),
        /// White's discs, and Black's letters.
        white: Rgb(0xfa, 0xfa, 0xfa),
        /// Black's discs, and White's letters.
        black: Rgb(0x26, 0x26, 0x26),
        /// The thin edge of every disc.
        outline: Rgb(0x26, 0x26, 0x26),
    }
}

/// What to draw besides the position; built by chaining setters on
/// [`Options::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    overlay: Overlay<Square>,
    coordinates: bool,
    palette: Palette,
}

defaults!();

impl Options {
    /// The default image width in pixels: 45 per square.
    pub const DEFAULT_SIZE: u32 = 405;

    /// White at the bottom, coordinates, the king in check shown,
    /// nothing else marked, [`Options::DEFAULT_SIZE`] pixels wide.
    pub const fn new() -> Options {
        Options {
            overlay: Overlay::new(Options::DEFAULT_SIZE),
            coordinates: true,
            palette: Palette::DEFAULT,
        }
    }

    overlay_setters!(Square, Palette, LAYOUT, "White");

    /// Highlights the squares of `mv`, the move just played: the king's
    /// start and target for castling, whichever way the move is written.
    #[must_use]
    pub fn last_move_of(self, mv: Move) -> Self {
        let to = if mv.is_castle() {
            mv.castle_king_target()
        } else {
            mv.to()
        };
        self.last_move(mv.from(), to)
    }

    /// Whether to write the files and ranks on the frame (default yes).
    #[must_use]
    pub fn coordinates(mut self, coordinates: bool) -> Self {
        self.coordinates = coordinates;
        self
    }
}

/// `position` drawn as an SVG document, as `options` say.
pub fn board(position: &Position, options: &Options) -> String {
    let palette = &options.palette;
    let mut canvas = Canvas::new(WIDTH, WIDTH, options.overlay.size, "sans-serif");
    let half = U / 2.0;
    put!(
        canvas,
        "<rect width=\"{WIDTH}\" height=\"{WIDTH}\" fill=\"{}\"/>\n\
         <rect x=\"{half}\" y=\"{half}\" width=\"{side}\" height=\"{side}\" fill=\"{}\"/>\n\
         <path fill=\"{}\" d=\"",
        palette.frame,
        palette.light,
        palette.dark,
        half = Num(half),
        side = Num(U * SIDE as f64),
    );
    for square in Square::ALL {
        if (square.file() + square.rank()) % 2 == 0 {
            let (x, y) = options.center(square);
            put!(canvas, "M{} {}h{U}v{U}h-{U}z", Num(x - half), Num(y - half));
        }
    }
    canvas.put(format_args!("\"/>\n"));
    let overlay = &options.overlay;
    let checked = options.checked(position);
    let last = overlay
        .last_move
        .map_or(Vec::new(), |(from, to)| alloc::vec![from, to]);
    for (squares, colour) in [
        (last.as_slice(), palette.last_move),
        (checked.as_slice(), palette.check),
    ] {
        if squares.is_empty() {
            continue;
        }
        put!(canvas, "<path fill=\"{colour}\" d=\"");
        for &square in squares {
            let (x, y) = options.center(square);
            put!(canvas, "M{} {}h{U}v{U}h-{U}z", Num(x - half), Num(y - half));
        }
        canvas.put(format_args!("\"/>\n"));
    }
    if options.coordinates {
        coordinates(&mut canvas, options);
    }
    pieces(&mut canvas, position, options);
    options.draw_overlay(&mut canvas);
    canvas.finish()
}

const SIDE: usize = 8;
const U: f64 = UNIT as f64;
/// Half a square of frame on each side; a highlight fills its square.
const LAYOUT: Layout = Layout {
    columns: SIDE,
    rows: SIDE,
    piece_radius: PIECE_RADIUS,
    // Halfway between a letter's side and the disc's edge.
    ring_radius: 0.3 * U,
    highlight_radius: 0.5 * U,
};
const WIDTH: u32 = LAYOUT.width();
const PIECE_RADIUS: f64 = 0.4 * U;
const OUTLINE: f64 = 0.03 * U;
const LETTER_SIZE: f64 = 0.52 * U;
const LABEL_SIZE: f64 = 0.28 * U;
const FILES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
const RANKS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];
/// By [`PieceKind::index`](crate::chess::PieceKind::index): pawn first.
const LETTERS: [&str; 6] = ["P", "N", "B", "R", "Q", "K"];

/// Files above and below the board, ranks left and right.
fn coordinates(canvas: &mut Canvas, options: &Options) {
    let flipped = options.overlay.flipped;
    let (near, far) = (U / 4.0, f64::from(WIDTH) - U / 4.0);
    let files = (0..SIDE).flat_map(|column| {
        let file = if flipped { SIDE - 1 - column } else { column };
        let (x, _) = draw::center(column, 0);
        [(x, near, FILES[file]), (x, far, FILES[file])]
    });
    let ranks = (0..SIDE).flat_map(|row| {
        let rank = if flipped { row } else { SIDE - 1 - row };
        let (_, y) = draw::center(0, row);
        [(near, y, RANKS[rank]), (far, y, RANKS[rank])]
    });
    canvas.texts(
        format_args!("fill=\"{}\"", options.palette.coordinates),
        LABEL_SIZE,
        files.chain(ranks),
    );
}

/// Every piece: a disc of its side's colour with its letter in the
/// other side's.
fn pieces(canvas: &mut Canvas, position: &Position, options: &Options) {
    let palette = &options.palette;
    for (color, disc, letter) in [
        (Color::White, palette.white, palette.black),
        (Color::Black, palette.black, palette.white),
    ] {
        let placed: Vec<_> = Square::ALL
            .into_iter()
            .filter_map(|square| {
                let piece = position.piece_at(square)?;
                (piece.color == color)
                    .then(|| (options.center(square), LETTERS[piece.kind.index()]))
            })
            .collect();
        canvas.circles(
            format_args!(
                "fill=\"{disc}\" stroke=\"{}\" stroke-width=\"{}\"",
                palette.outline,
                Num(OUTLINE)
            ),
            PIECE_RADIUS,
            placed.iter().map(|&(center, _)| center),
        );
        canvas.texts(
            format_args!("fill=\"{letter}\" font-weight=\"bold\""),
            LETTER_SIZE,
            placed.iter().map(|&((x, y), text)| (x, y, text)),
        );
    }
}
