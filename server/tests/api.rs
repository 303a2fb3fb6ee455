//! The API over HTTP against the prober itself, on tables generated here.

mod common;

use common::{category, config, escape, random_positions, tables, Client, Server};
use qiboard::xiangqi::{Game, Position};
use qiboard_tablebase::{Tablebase, Value};
use serde_json::Value as Json;

#[test]
fn mainlines_agree_with_the_prober() {
    let tablebase = Tablebase::open(tables()).expect("the tables");
    let server = Server::start(config());
    for position in random_positions("KRKN", 40, 4) {
        let fen = position.fen();
        let answer = server.json(&format!("/xiangqi/mainline?fen={}", escape(&fen)), 200);
        let line = tablebase.line(&position).expect("a line");
        let steps = answer["mainline"].as_array().expect("steps");
        let ucis: Vec<&str> = steps
            .iter()
            .filter_map(|step| step["uci"].as_str())
            .collect();
        let expected: Vec<String> = line.iter().map(ToString::to_string).collect();
        assert_eq!(ucis, expected, "{fen}");
        let own = tablebase.probe_dtm(&position).expect("a value");
        assert_eq!(answer["category"], category(own.value), "{fen}");
        if let Some(last) = steps.last() {
            let end = Position::from_fen(last["fen"].as_str().expect("a FEN")).expect("legal");
            assert_eq!(
                last["category"], "loss",
                "{fen}: a line ends lost for the side to move"
            );
            assert_eq!(
                answer["ends"] == "checkmate" || answer["ends"] == "stalemate",
                end.legal_moves().is_empty(),
                "{fen}"
            );
        } else {
            assert!(own.value == Value::Draw || own.value.plies() == 0, "{fen}");
        }
    }
}

#[test]
fn the_cache_answers_the_same_and_is_counted() {
    let server = Server::start(config());
    let fen = escape("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    let first = server.get(&format!("/xiangqi?fen={fen}"));
    let second = server.get(&format!("/xiangqi?fen={fen}"));
    assert_eq!(first.status, 200);
    assert_eq!(first.body, second.body);
    let metrics = server.get("/metrics").text();
    assert!(metrics.contains("qiboard_cache_hits_total 1"), "{metrics}");
    assert!(
        metrics.contains("qiboard_cache_misses_total 1"),
        "{metrics}"
    );
    assert!(
        metrics.contains("qiboard_requests_total{route=\"/xiangqi\",status=\"200\"} 2"),
        "{metrics}"
    );
    assert!(metrics.contains("qiboard_request_seconds_bucket{route=\"/xiangqi\",le=\"+Inf\"} 2"));
}

/// The value of the metric `name` (a line `name value`).
fn metric(metrics: &str, name: &str) -> u64 {
    metrics
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no {name}: {metrics}"))
}

#[test]
fn blocks_read_are_counted_as_the_prober_counts_them() {
    let mut config = config();
    config.no_cache = true;
    let server = Server::start(config);
    let before = server.get("/metrics").text();
    assert_eq!(metric(&before, "qiboard_blocks_read_total"), 0);
    let fen = escape("3k5/9/9/9/4n4/9/9/9/4R4/5K3 w");
    server.json(&format!("/xiangqi?fen={fen}"), 200);
    let once = server.get("/metrics").text();
    let read = metric(&once, "qiboard_blocks_read_total");
    assert!(read > 0, "{once}");
    assert!(metric(&once, "qiboard_block_bytes_read_total") >= read);
    assert!(metric(&once, "qiboard_block_cache_bytes") > 0);
    // Asked again, every block is in the tablebase's cache.
    server.json(&format!("/xiangqi?fen={fen}"), 200);
    let twice = server.get("/metrics").text();
    assert_eq!(metric(&twice, "qiboard_blocks_read_total"), read);
    assert!(
        metric(&twice, "qiboard_block_cache_hits_total")
            > metric(&once, "qiboard_block_cache_hits_total")
    );
}

#[test]
fn rulings_agree_with_the_game() {
    let server = Server::start(config());
    // Black's cannon flees between b7 and a7, Red's rook chases it.
    let start = "5k3/9/1c7/9/9/9/9/1R7/9/3K5 b";
    let moves = ["b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7"];
    let answer = server.json(
        &format!(
            "/xiangqi/rule?fen={}&moves={}",
            escape(start),
            moves.join(",")
        ),
        200,
    );
    let mut game = Game::from_fen(start).expect("a game");
    for text in moves {
        game.play_text(text).expect("legal");
    }
    let banned: Vec<String> = game
        .banned_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let ruled = answer["moves"].as_array().expect("moves");
    assert_eq!(ruled.len(), game.position().legal_moves().len());
    let lost: Vec<&str> = ruled
        .iter()
        .filter(|mv| mv["ruling"] == "loss")
        .filter_map(|mv| mv["uci"].as_str())
        .collect();
    assert_eq!(lost, banned);
    assert_eq!(lost, ["a2b2"]);
    let chase = ruled.iter().find(|mv| mv["uci"] == "a2b2").expect("a2b2");
    assert_eq!(chase["why"], "perpetual-chase");
    assert_eq!(answer["result"], Json::Null);

    // Red's rook checks from a9 and a8 until it has lost.
    let checks = ["a9a8", "e8e9", "a8a9", "e9e8"].repeat(2).join(",");
    let over = server.json(
        &format!(
            "/xiangqi/rule?fen={}&moves={checks}",
            escape("R8/4k4/9/9/9/9/9/9/9/3K5 w")
        ),
        200,
    );
    assert_eq!(over["result"], "black");
    assert_eq!(over["ending"], "perpetual-check");
    assert_eq!(over["moves"].as_array().map(Vec::len), Some(0));

    // Moves in WXF and Chinese are read too; an illegal one is named.
    let bad = server.json(
        &format!("/xiangqi/rule?fen={}&moves=b7a7,z9z9", escape(start)),
        400,
    );
    assert_eq!(bad["index"], 1);
    assert!(bad["error"]
        .as_str()
        .is_some_and(|text| text.contains("move 2")));
}

#[test]
fn endgames_and_their_statistics() {
    use qiboard::xiangqi::Color;
    let server = Server::start(config());
    let names = server.served();
    for expected in ["KRK", "KNK", "KRKN"] {
        assert!(names.iter().any(|name| name == expected), "{names:?}");
    }
    let generator = qiboard_tablebase_gen::Generator::open(tables()).expect("the tables");
    let table = generator
        .table(&"KRKN".parse().expect("a material"))
        .expect("KRKN");
    // Asked in either colour orientation, the stored one answers.
    for asked in ["KRKN", "KNKR"] {
        let stats = server.json(&format!("/endgames/{asked}"), 200);
        assert_eq!(stats["material"], "KRKN");
        for (key, color) in [("red_to_move", Color::Red), ("black_to_move", Color::Black)] {
            let expected = table.stats(color);
            assert_eq!(stats[key]["legal"], expected.legal);
            assert_eq!(stats[key]["win"], expected.win);
            assert_eq!(stats[key]["draw"], expected.draw);
            assert_eq!(stats[key]["loss"], expected.loss);
        }
        let longest = &stats["red_to_move"]["longest_win"];
        let fen = longest["fen"].as_str().expect("an example");
        let position = Position::from_fen(fen).expect("legal");
        let tablebase = Tablebase::open(tables()).expect("the tables");
        let value = tablebase.probe_dtm(&position).expect("a value").value;
        assert_eq!(Json::from(value.plies()), longest["plies"]);
        assert!(matches!(value, Value::Win(_)));
    }
    assert!(qiboard_server::stats::stats_path(tables(), "KRKN".parse().expect("KRKN")).exists());
    server.refusal("/endgames/KRRKRR", 404);
    server.json("/endgames/XYZ", 400);
}

#[test]
fn a_position_no_table_covers_is_404_with_building_off() {
    let server = Server::start(config());
    let answer = server.json(
        &format!("/xiangqi?fen={}", escape("3k5/9/9/9/9/9/9/9/R8/R4K3 w")),
        404,
    );
    assert_eq!(answer["material"], "KRRK");
    assert!(answer["error"]
        .as_str()
        .is_some_and(|text| text.contains("KRRK")));
    // `_` for the spaces, as lila-tablebase reads it.
    let unescaped = server.json("/xiangqi?fen=3k5/9/9/9/9/9/9/9/4R4/5K3_w", 200);
    assert_eq!(unescaped["category"], "win");
    let start = Position::start().fen();
    server.refusal(&format!("/xiangqi?fen={}", escape(&start)), 404);
}

#[test]
fn board_images_openapi_cors_and_compression() {
    let server = Server::start(config());
    let fen = escape("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    let image = server.get(&format!(
        "/xiangqi/board.svg?fen={fen}&style=latin&flip=1&lastmove=e1e2"
    ));
    assert_eq!(image.status, 200);
    assert_eq!(image.header("content-type"), Some("image/svg+xml"));
    assert!(image.text().contains("<svg"));
    server.json(&format!("/xiangqi/board.svg?fen={fen}&style=gothic"), 400);
    server.json(&format!("/xiangqi/board.svg?fen={fen}&lastmove=e1"), 400);

    let openapi = server.json("/openapi.json", 200);
    for path in [
        "/xiangqi",
        "/xiangqi/mainline",
        "/xiangqi/rule",
        "/xiangqi/board.svg",
        "/endgames",
        "/endgames/{material}",
        "/metrics",
        "/health",
    ] {
        assert!(openapi["paths"][path].is_object(), "{path}");
    }

    let reply = server.send(&format!(
        "GET /xiangqi?fen={fen} HTTP/1.1\r\nHost: test\r\nOrigin: http://elsewhere.example\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
    ));
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("access-control-allow-origin"), Some("*"));
    assert_eq!(reply.header("content-encoding"), Some("gzip"));
    let health = server.json("/health", 200);
    assert_eq!(health["status"], "ok");
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page.text().contains("<html") || page.text().contains("<!doctype"));
}

#[test]
fn statistics_of_endgames_past_the_limit_are_refused() {
    let mut config = config();
    config.max_build_entries = 10;
    let server = Server::start(config);
    let why = server.refusal("/endgames/KNK", 422);
    assert!(why.contains("at most 10"), "{why}");
}
