//! `qiboard svg`: the image on stdout is the library's image with the
//! options the flags name, byte for byte (the library's tests render
//! those images and check them point by point); bad input is exit 2 with
//! a message and no image.

mod common;

use common::{qiboard, stdout, usage_error};
use qiboard::xiangqi::svg::{Coordinates, Options, PieceStyle};
use qiboard::xiangqi::{Position, Square};
use qiboard::{chess, xiangqi};

/// The image a successful run printed, with nothing on stderr.
fn image(args: &[&str]) -> String {
    let output = qiboard(args);
    assert!(output.status.success(), "{args:?}: {output:?}");
    assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
    stdout(&output)
}

const CHECK: &str = "3akab2/9/4b4/4C4/9/9/9/9/4A4/3K1A3 b - - 0 1";

#[test]
fn xiangqi_flags_are_the_libraries_options() {
    let start = Position::start();
    assert_eq!(
        image(&["svg", "xiangqi"]),
        xiangqi::svg::board(&start, &Options::new())
    );
    let position = Position::from_fen(CHECK).unwrap();
    assert_eq!(
        image(&[
            "svg", "xiangqi", CHECK, "--flip", "--last", "h6e6", "--arrow", "e6e7", "b9c7",
            "--mark", "e4", "--mark", "d9", "--latin", "--coords", "wxf", "--size", "300",
        ]),
        xiangqi::svg::board(
            &position,
            &Options::new()
                .flipped(true)
                .last_move(Square::H6, Square::E6)
                .arrow(Square::E6, Square::E7)
                .arrow(Square::B9, Square::C7)
                .mark(Square::E4)
                .mark(Square::D9)
                .pieces(PieceStyle::Latin)
                .coordinates(Coordinates::Wxf)
                .size(300)
        )
    );
    assert_eq!(
        image(&["svg", "xiangqi", CHECK, "--coords", "none"]),
        xiangqi::svg::board(&position, &Options::new().coordinates(Coordinates::None))
    );
}

#[test]
fn chess_flags_are_the_libraries_options() {
    use chess::svg::Options;
    use chess::Square;

    let fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    let position = chess::Position::from_fen(fen).unwrap();
    assert_eq!(
        image(&[
            "svg", "chess", fen, "--flip", "--last", "h5f7", "--arrow", "c4f7", "--mark", "e8",
            "--coords", "none", "--size", "200",
        ]),
        chess::svg::board(
            &position,
            &Options::new()
                .flipped(true)
                .last_move(Square::H5, Square::F7)
                .arrow(Square::C4, Square::F7)
                .mark(Square::E8)
                .coordinates(false)
                .size(200)
        )
    );
    // A promotion's letter is allowed and says nothing about the squares.
    assert_eq!(
        image(&["svg", "chess", "--last", "e7e8q", "--coords", "uci"]),
        chess::svg::board(
            &chess::Position::start(),
            &Options::new().last_move(Square::E7, Square::E8)
        )
    );
}

#[test]
fn bad_input_is_refused() {
    for (args, says) in [
        (&["svg", "xiangqi", "rnbakabnr/9 w"][..], "bad FEN"),
        (&["svg", "xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w"], "bad FEN"),
        (&["svg", "chess", "8/8/8/8 w - - 0 1"], "bad FEN"),
        (&["svg", "xiangqi", "--last", "h2e"], "--last"),
        (&["svg", "xiangqi", "--last", "h2e2q"], "--last"),
        (&["svg", "xiangqi", "--arrow", "h2j2"], "--arrow"),
        (&["svg", "xiangqi", "--mark", "e10"], "--mark"),
        (&["svg", "xiangqi", "--mark", "象"], "--mark"),
        (&["svg", "chess", "--arrow", "e2e9"], "--arrow"),
        (&["svg", "chess", "--last", "e7e8k"], "--last"),
        (&["svg", "chess", "--latin"], "xiangqi only"),
        (&["svg", "chess", "--coords", "wxf"], "xiangqi only"),
        (&["svg", "xiangqi", "--size", "0"], "--size"),
        (&["svg", "xiangqi", "--coords", "iccs"], "--coords"),
    ] {
        let message = usage_error(args);
        assert!(message.contains(says), "{args:?}: {message}");
    }
}

#[test]
fn a_fen_without_a_side_warns() {
    let output = qiboard(&["svg", "xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5"]);
    assert!(output.status.success(), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("warning"));
    assert!(stdout(&output).starts_with("<svg "));
    let strict = qiboard(&["--strict", "svg", "xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5"]);
    assert_eq!(strict.status.code(), Some(1), "{strict:?}");
}
