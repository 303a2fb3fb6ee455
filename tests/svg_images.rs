//! Board images. Every image parses as XML, holds no ids, classes, style
//! sheets or outside references, and writes each piece's character once.
//! Rendered by `rsvg-convert` (Debian's librsvg2-bin), every point and
//! square shows the colour it should: a piece's ring (xiangqi) or disc
//! (chess) in its side's colour, an empty point the board's, the last
//! move's and a checked king's highlight where they belong, marks and
//! arrows. The pixels sampled are computed here from the documented
//! layout (origin, spacing, radii of `Geometry`), never compared with
//! stored images. The PNGs are left in Cargo's temporary directory for
//! the target (`target/tmp/svg_images/`).
//!
//! Without `rsvg-convert` on the PATH the rendering tests say so and pass,
//! unless `QIBOARD_REQUIRE_TOOLS=1` (as in CI), where they fail.
#![cfg(feature = "svg")]

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::Command;

use qiboard::chess::svg as chess_svg;
use qiboard::xiangqi::svg::{self, Check, Coordinates, Geometry, Palette, PieceStyle, Rgb};
use qiboard::xiangqi::{Color, Position, Square};
use qiboard::{chess, xiangqi};

/// Large enough that every band sampled is several pixels wide.
const SIZE: u32 = 900;
/// How far a channel may stray from the colour drawn (anti-aliasing).
const TOLERANCE: u8 = 20;

// ---------------------------------------------------------------------
// Rendering and reading pixels.

/// `rsvg-convert`, or `None` (after saying why) when it is not installed
/// and the environment does not require it.
fn rsvg_convert() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("rsvg-convert"))
            .find(|path| path.is_file())
    });
    if found.is_none() {
        assert_ne!(
            std::env::var("QIBOARD_REQUIRE_TOOLS").as_deref(),
            Ok("1"),
            "rsvg-convert (Debian: librsvg2-bin) is not on the PATH, and QIBOARD_REQUIRE_TOOLS=1"
        );
        eprintln!("skipped: rsvg-convert (Debian: librsvg2-bin) is not on the PATH");
    }
    found
}

/// A rendered image, RGBA.
struct Image {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    path: PathBuf,
}

impl Image {
    /// The colour of the pixel that holds the point `(x, y)`.
    fn at(&self, (x, y): (f64, f64)) -> Rgb {
        assert!(
            x >= 0.0 && y >= 0.0 && x < f64::from(self.width) && y < f64::from(self.height),
            "({x}, {y}) is outside {}",
            self.path.display()
        );
        let index = 4 * (y as usize * self.width as usize + x as usize);
        let [r, g, b, a] = [0, 1, 2, 3].map(|i| self.rgba[index + i]);
        assert_eq!(a, 255, "transparent pixel at ({x}, {y})");
        Rgb(r, g, b)
    }
}

/// `svg` rendered to `target/tmp/svg_images/<name>.png`.
fn render(tool: &Path, svg: &str, name: &str) -> Image {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("svg_images");
    fs::create_dir_all(&dir).unwrap();
    let source = dir.join(format!("{name}.svg"));
    let path = dir.join(format!("{name}.png"));
    fs::write(&source, svg).unwrap();
    let output = Command::new(tool)
        .arg("--output")
        .arg(&path)
        .arg(&source)
        .output()
        .expect("rsvg-convert runs");
    assert!(
        output.status.success(),
        "rsvg-convert failed on {}: {}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let mut decoder = png::Decoder::new(BufReader::new(File::open(&path).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut rgba).unwrap();
    assert_eq!(
        (frame.color_type, frame.bit_depth),
        (png::ColorType::Rgba, png::BitDepth::Eight)
    );
    Image {
        width: frame.width,
        height: frame.height,
        rgba,
        path,
    }
}

fn close(a: Rgb, b: Rgb) -> bool {
    a.0.abs_diff(b.0) <= TOLERANCE
        && a.1.abs_diff(b.1) <= TOLERANCE
        && a.2.abs_diff(b.2) <= TOLERANCE
}

/// `top` at `opacity` over `under`.
fn blend(top: Rgb, under: Rgb, opacity: f64) -> Rgb {
    let mix =
        |a: u8, b: u8| (opacity * f64::from(a) + (1.0 - opacity) * f64::from(b)).round() as u8;
    Rgb(
        mix(top.0, under.0),
        mix(top.1, under.1),
        mix(top.2, under.2),
    )
}

/// The mismatches found, each described; the test fails on any.
#[derive(Default)]
struct Findings(Vec<String>);

impl Findings {
    fn expect(&mut self, image: &Image, at: (f64, f64), want: Rgb, what: &str) {
        let got = image.at(at);
        if !close(got, want) {
            self.0.push(format!(
                "{what}: {got} at ({:.1}, {:.1}), expected {want}",
                at.0, at.1
            ));
        }
    }

    fn assert_none(self, image: &Image) {
        assert!(
            self.0.is_empty(),
            "{} in {}:\n{}",
            self.0.len(),
            image.path.display(),
            self.0.join("\n")
        );
    }
}

/// The point `radius` from `center` at 30° from the horizontal, towards
/// the side `right` and `down` say: clear of the lines through a point
/// (0°, 90°, the palaces' 45°) and of the arms of the starting-point
/// marks; sampling inwards from the edge columns and rows and away from
/// the river keeps it clear of the frame and the river's characters too.
fn beside(center: (f64, f64), radius: f64, right: bool, down: bool) -> (f64, f64) {
    let (cos, sin) = (3f64.sqrt() / 2.0, 0.5);
    let dx = if right { cos } else { -cos };
    let dy = if down { sin } else { -sin };
    (center.0 + radius * dx, center.1 + radius * dy)
}

// ---------------------------------------------------------------------
// Xiangqi.

/// Where the documented layout puts the cell at `file` and `rank` of a
/// board whose last file and rank are `last`: column and row in the
/// image (the first side at the bottom unless flipped), and the centre
/// in pixels.
fn cell(
    geometry: &Geometry,
    (file, rank): (usize, usize),
    last: (usize, usize),
    flipped: bool,
) -> ((usize, usize), (f64, f64)) {
    let (column, row) = if flipped {
        (last.0 - file, rank)
    } else {
        (file, last.1 - rank)
    };
    let x = geometry.origin_x + column as f64 * geometry.spacing;
    let y = geometry.origin_y + row as f64 * geometry.spacing;
    ((column, row), (x, y))
}

/// Renders `position` with `options` (at [`SIZE`], default colours) and
/// checks every point: pieces by their ring, empty points by the board,
/// `highlights` (last move, check) by the band around a piece or the
/// disc of an empty point.
fn check_xiangqi(
    tool: &Path,
    name: &str,
    position: &Position,
    options: svg::Options,
    flipped: bool,
    highlights: &[(Square, Rgb)],
) {
    let options = options.size(SIZE).flipped(flipped);
    let image = render(tool, &svg::board(position, &options), name);
    let geometry = options.geometry();
    assert_eq!(geometry.spacing, f64::from(SIZE) / 10.0);
    assert_eq!(
        (image.width, image.height),
        (SIZE, (geometry.height).round() as u32),
        "{name}: the image's size"
    );
    let palette = Palette::DEFAULT;
    let highlights: BTreeMap<Square, Rgb> = highlights.iter().copied().collect();
    let mut findings = Findings::default();
    for square in Square::ALL {
        let ((column, row), center) =
            cell(&geometry, (square.file(), square.rank()), (8, 9), flipped);
        assert_eq!(
            geometry.center(square.file(), square.rank()),
            Some(center),
            "{name}: {square}'s centre"
        );
        // Away from the river and the frame.
        let (right, down) = (column != 8, !(row == 4 || row == 9));
        let background = highlights.get(&square).copied().unwrap_or(palette.board);
        match position.piece_at(square) {
            Some(piece) => {
                let side = match piece.color {
                    Color::Red => palette.red,
                    Color::Black => palette.black,
                };
                findings.expect(
                    &image,
                    beside(center, geometry.ring_radius, right, down),
                    side,
                    &format!("{square} ({piece}) ring"),
                );
                let band = (geometry.piece_radius + geometry.highlight_radius) / 2.0;
                findings.expect(
                    &image,
                    beside(center, band, right, down),
                    background,
                    &format!("{square} ({piece}) around its disc"),
                );
            }
            None => findings.expect(
                &image,
                beside(center, geometry.ring_radius, right, down),
                background,
                &format!("{square} (empty)"),
            ),
        }
    }
    findings.assert_none(&image);
}

fn squares(text: &str) -> (Square, Square) {
    (text[..2].parse().unwrap(), text[2..].parse().unwrap())
}

#[test]
fn xiangqi_opening_with_the_last_move() {
    let Some(tool) = rsvg_convert() else { return };
    let position = Position::start().play("h2e2".parse().unwrap());
    let (from, to) = squares("h2e2");
    let last = Palette::DEFAULT.last_move;
    for flipped in [false, true] {
        check_xiangqi(
            &tool,
            &format!("xiangqi_opening_flipped_{flipped}"),
            &position,
            svg::Options::new().last_move(from, to),
            flipped,
            &[(from, last), (to, last)],
        );
    }
}

/// `fen`, in check after `last`, drawn both ways up by `options` with
/// that move shown: its two points and the checked king's highlighted.
fn check_xiangqi_in_check(
    tool: &Path,
    name: &str,
    fen: &str,
    last: &str,
    king: Square,
    options: svg::Options,
) {
    let position = Position::from_fen(fen).unwrap();
    assert!(position.is_check());
    let (from, to) = squares(last);
    let palette = Palette::DEFAULT;
    for flipped in [false, true] {
        check_xiangqi(
            tool,
            &format!("{name}_flipped_{flipped}"),
            &position,
            options.clone().last_move(from, to),
            flipped,
            &[
                (from, palette.last_move),
                (to, palette.last_move),
                (king, palette.check),
            ],
        );
    }
}

#[test]
fn xiangqi_cannon_check_with_wxf_coordinates() {
    let Some(tool) = rsvg_convert() else { return };
    // The cannon on e6 checks the black king over the elephant on e7.
    check_xiangqi_in_check(
        &tool,
        "xiangqi_check",
        "3akab2/9/4b4/4C4/9/9/9/9/4A4/3K1A3 b",
        "h6e6",
        Square::E9,
        svg::Options::new().coordinates(Coordinates::Wxf),
    );
}

#[test]
fn xiangqi_endgame_in_latin_letters() {
    let Some(tool) = rsvg_convert() else { return };
    check_xiangqi_in_check(
        &tool,
        "xiangqi_latin",
        "3k5/4a4/9/9/2p6/9/9/9/3R5/4K4 b",
        "a1d1",
        Square::D9,
        svg::Options::new()
            .pieces(PieceStyle::Latin)
            .coordinates(Coordinates::None),
    );
}

#[test]
fn xiangqi_check_shown_as_asked() {
    let Some(tool) = rsvg_convert() else { return };
    let in_check = Position::from_fen("3k5/4a4/9/9/9/9/9/9/3R5/4K4 b").unwrap();
    let check = Palette::DEFAULT.check;
    // Not shown when turned off; shown on any point asked for.
    check_xiangqi(
        &tool,
        "xiangqi_check_off",
        &in_check,
        svg::Options::new().check(Check::Off),
        false,
        &[],
    );
    check_xiangqi(
        &tool,
        "xiangqi_check_at",
        &Position::start(),
        svg::Options::new().check(Check::At(Square::E0)),
        true,
        &[(Square::E0, check)],
    );
}

#[test]
fn xiangqi_marks_and_arrows() {
    let Some(tool) = rsvg_convert() else { return };
    let palette = Palette::DEFAULT;
    for flipped in [false, true] {
        let options = svg::Options::new()
            .size(SIZE)
            .flipped(flipped)
            .mark(Square::E4)
            .mark(Square::E3)
            .arrow(Square::B0, Square::C2)
            .arrow(Square::H7, Square::H7);
        let image = render(
            &tool,
            &svg::board(&Position::start(), &options),
            &format!("xiangqi_overlays_flipped_{flipped}"),
        );
        let geometry = options.geometry();
        let center =
            |square: Square| cell(&geometry, (square.file(), square.rank()), (8, 9), flipped).1;
        let mut findings = Findings::default();
        for square in [Square::E4, Square::E3] {
            let at = beside(center(square), geometry.mark_radius, true, true);
            findings.expect(&image, at, palette.mark, &format!("mark on {square}"));
        }
        // A quarter of the way from b0 to c2: clear of lines and discs.
        let ((x1, y1), (x2, y2)) = (center(Square::B0), center(Square::C2));
        let quarter = (x1 + (x2 - x1) / 4.0, y1 + (y2 - y1) / 4.0);
        findings.expect(
            &image,
            quarter,
            blend(palette.arrow, palette.board, 0.8),
            "arrow b0-c2",
        );
        // An arrow to its own square is a ring, at the mark's radius.
        let ring = beside(center(Square::H7), geometry.mark_radius, true, true);
        findings.expect(
            &image,
            ring,
            blend(palette.arrow, palette.board, 0.8),
            "ring on h7",
        );
        findings.assert_none(&image);
    }
}

// ---------------------------------------------------------------------
// Chess.

/// Renders a chess position and checks every square: its corner shows
/// the square's colour or highlight, its disc (if any) its side's colour.
fn check_chess(
    tool: &Path,
    name: &str,
    position: &chess::Position,
    options: chess_svg::Options,
    flipped: bool,
    highlights: &[(chess::Square, Rgb)],
) {
    let options = options.size(SIZE).flipped(flipped);
    let image = render(tool, &chess_svg::board(position, &options), name);
    let geometry = options.geometry();
    assert_eq!(geometry.spacing, f64::from(SIZE) / 9.0);
    assert_eq!(
        (image.width, image.height),
        (SIZE, SIZE),
        "{name}: the image's size"
    );
    let palette = chess_svg::Palette::DEFAULT;
    let highlights: BTreeMap<chess::Square, Rgb> = highlights.iter().copied().collect();
    let mut findings = Findings::default();
    for square in chess::Square::ALL {
        let (file, rank) = (square.file(), square.rank());
        let (_, (x, y)) = cell(&geometry, (file, rank), (7, 7), flipped);
        assert_eq!(
            geometry.center(file, rank),
            Some((x, y)),
            "{name}: {square}'s centre"
        );
        let plain = if (file + rank) % 2 == 0 {
            palette.dark
        } else {
            palette.light
        };
        let background = highlights.get(&square).copied().unwrap_or(plain);
        let corner = (x + 0.4 * geometry.spacing, y - 0.4 * geometry.spacing);
        findings.expect(&image, corner, background, &format!("{square}'s corner"));
        let disc = beside((x, y), geometry.ring_radius, true, false);
        match position.piece_at(square) {
            Some(piece) => {
                let side = match piece.color {
                    chess::Color::White => palette.white,
                    chess::Color::Black => palette.black,
                };
                findings.expect(
                    &image,
                    disc,
                    side,
                    &format!("{square} ({}) disc", piece.letter()),
                );
            }
            None => findings.expect(&image, disc, background, &format!("{square} (empty)")),
        }
    }
    findings.assert_none(&image);
}

#[test]
fn chess_mate_with_the_last_move() {
    let Some(tool) = rsvg_convert() else { return };
    // Scholar's mate: the queen took on f7.
    let position = chess::Position::from_fen(
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    )
    .unwrap();
    let palette = chess_svg::Palette::DEFAULT;
    for flipped in [false, true] {
        check_chess(
            &tool,
            &format!("chess_mate_flipped_{flipped}"),
            &position,
            chess_svg::Options::new().last_move(chess::Square::H5, chess::Square::F7),
            flipped,
            &[
                (chess::Square::H5, palette.last_move),
                (chess::Square::F7, palette.last_move),
                (chess::Square::E8, palette.check),
            ],
        );
    }
}

#[test]
fn chess_castling_highlights_the_king() {
    let Some(tool) = rsvg_convert() else { return };
    let before = chess::Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let castle = before.parse_move("e1g1").unwrap();
    let position = before.play(castle);
    let last = chess_svg::Palette::DEFAULT.last_move;
    check_chess(
        &tool,
        "chess_castled",
        &position,
        chess_svg::Options::new()
            .last_move_of(castle)
            .coordinates(false),
        false,
        &[(chess::Square::E1, last), (chess::Square::G1, last)],
    );
}

// ---------------------------------------------------------------------
// The documents themselves.

/// Parses `text` as XML and checks what every image must be: an SVG root
/// with a viewBox, sized as asked, self-contained.
fn parse<'a>(text: &'a str, size: Option<u32>) -> roxmltree::Document<'a> {
    let document = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(root.attribute("viewBox").is_some());
    assert_eq!(
        root.attribute("width"),
        size.map(|size| size.to_string()).as_deref()
    );
    for node in document.descendants().filter(|node| node.is_element()) {
        let name = node.tag_name().name();
        assert!(
            !matches!(name, "style" | "image" | "use" | "script" | "a"),
            "<{name}>"
        );
        for attribute in node.attributes() {
            assert!(
                !matches!(attribute.name(), "id" | "class" | "style" | "href"),
                "<{name} {}>",
                attribute.name()
            );
        }
    }
    document
}

/// The characters written in bold (the pieces), by their colour.
fn glyphs(document: &roxmltree::Document) -> BTreeMap<String, Vec<String>> {
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for text in document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
    {
        let group = text.parent_element().unwrap();
        if group.attribute("font-weight") == Some("bold") {
            let colour = group.attribute("fill").unwrap().to_string();
            found
                .entry(colour)
                .or_default()
                .push(text.text().unwrap().to_string());
        }
    }
    for list in found.values_mut() {
        list.sort();
    }
    found
}

#[test]
fn xiangqi_documents_are_well_formed() {
    let positions = [
        Position::start(),
        Position::from_fen("3akab2/9/4b4/4C4/9/9/9/9/4A4/3K1A3 b").unwrap(),
        Position::from_fen("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w").unwrap(),
    ];
    let red = "帥仕相傌俥炮兵";
    let black = "將士象馬車砲卒";
    let latin = "KAEHRCP";
    for position in &positions {
        for pieces in [PieceStyle::Chinese, PieceStyle::Latin] {
            for coordinates in [Coordinates::Ucci, Coordinates::Wxf, Coordinates::None] {
                for size in [Some(450), None] {
                    let options = svg::Options::new()
                        .pieces(pieces)
                        .coordinates(coordinates)
                        .size(size)
                        .flipped(size.is_none())
                        .last_move(Square::A0, Square::I9)
                        .arrow(Square::B2, Square::B9)
                        .mark(Square::E4);
                    let text = svg::board(position, &options);
                    let document = parse(&text, size);
                    // Each piece's character, in its side's colour.
                    let mut expected: BTreeMap<String, Vec<String>> = BTreeMap::new();
                    for square in Square::ALL {
                        if let Some(piece) = position.piece_at(square) {
                            let (colour, names) = match piece.color {
                                Color::Red => (Palette::DEFAULT.red, red),
                                Color::Black => (Palette::DEFAULT.black, black),
                            };
                            let names = if pieces == PieceStyle::Latin {
                                latin
                            } else {
                                names
                            };
                            let glyph = names.chars().nth(piece.kind.index()).unwrap();
                            expected
                                .entry(colour.to_string())
                                .or_default()
                                .push(glyph.to_string());
                        }
                    }
                    for list in expected.values_mut() {
                        list.sort();
                    }
                    assert_eq!(glyphs(&document), expected, "{options:?}");
                    let texts: Vec<&str> = document
                        .descendants()
                        .filter(|node| node.has_tag_name("text"))
                        .filter_map(|node| node.text())
                        .collect();
                    let labels = match coordinates {
                        Coordinates::Ucci => 2 * 9 + 2 * 10,
                        Coordinates::Wxf => 2 * 9,
                        Coordinates::None => 0,
                    };
                    let river = if pieces == PieceStyle::Chinese { 4 } else { 0 };
                    assert_eq!(
                        texts.len(),
                        position.occupied().count() as usize + labels + river
                    );
                    if pieces == PieceStyle::Latin {
                        // Nothing that needs more than a generic font.
                        assert!(texts.iter().all(|text| text.is_ascii()), "{texts:?}");
                        assert!(!text.contains("CJK"));
                    }
                }
            }
        }
    }
}

#[test]
fn xiangqi_check_options() {
    let check = Palette::DEFAULT.check.to_string();
    let in_check = Position::from_fen("3k5/4a4/9/9/9/9/9/9/3R5/4K4 b").unwrap();
    let shown = |position: &Position, options: svg::Options| {
        svg::board(position, &options).contains(&check)
    };
    assert!(shown(&in_check, svg::Options::new()));
    assert!(!shown(&in_check, svg::Options::new().check(Check::Off)));
    assert!(!shown(&Position::start(), svg::Options::new()));
    assert!(shown(
        &Position::start(),
        svg::Options::new().check(Check::At(Square::E0))
    ));
}

#[test]
fn chess_documents_are_well_formed() {
    for fen in [
        chess::Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let position = chess::Position::from_fen(fen).unwrap();
        for coordinates in [true, false] {
            for size in [Some(300), None] {
                let options = chess_svg::Options::new()
                    .coordinates(coordinates)
                    .size(size)
                    .flipped(coordinates)
                    .arrow(chess::Square::E2, chess::Square::E4)
                    .mark(chess::Square::D5);
                let text = chess_svg::board(&position, &options);
                let document = parse(&text, size);
                let letters: usize = glyphs(&document).values().map(Vec::len).sum();
                assert_eq!(letters, position.occupied().count() as usize, "{fen}");
                let mut expected: BTreeMap<String, Vec<String>> = BTreeMap::new();
                for square in chess::Square::ALL {
                    if let Some(piece) = position.piece_at(square) {
                        // White's letters are written in Black's colour.
                        let colour = match piece.color {
                            chess::Color::White => chess_svg::Palette::DEFAULT.black,
                            chess::Color::Black => chess_svg::Palette::DEFAULT.white,
                        };
                        let letter = piece.kind.letter().to_ascii_uppercase().to_string();
                        expected.entry(colour.to_string()).or_default().push(letter);
                    }
                }
                for list in expected.values_mut() {
                    list.sort();
                }
                assert_eq!(glyphs(&document), expected, "{fen}");
            }
        }
    }
}

#[test]
fn images_are_small() {
    // The start position with coordinates, both games: a few kilobytes.
    let xiangqi = svg::board(&xiangqi::Position::start(), &svg::Options::new());
    let chess = chess_svg::board(&chess::Position::start(), &chess_svg::Options::new());
    assert!(xiangqi.len() < 12_000, "{}", xiangqi.len());
    assert!(chess.len() < 8_000, "{}", chess.len());
}
