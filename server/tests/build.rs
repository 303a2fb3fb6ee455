//! Tables built on demand, on an empty directory.

mod common;

use std::time::Duration;

use common::{escape, fresh_dir, Client, Server};
use qiboard::xiangqi::Position;
use qiboard_server::Config;
use qiboard_tablebase::Tablebase;

fn empty_dir(name: &str) -> std::path::PathBuf {
    fresh_dir(&format!("server-build-{name}"))
}

/// A server on an empty directory, its defaults changed by `edit`.
fn server_on_empty(name: &str, edit: impl FnOnce(&mut Config)) -> Server {
    let mut config = Config::new(empty_dir(name));
    edit(&mut config);
    Server::start(config)
}

#[test]
fn a_missing_small_endgame_is_built_and_then_answered() {
    let dir = empty_dir("krk");
    let server = Server::start(Config::new(&dir));
    let fen = "3k5/9/9/9/9/9/9/9/4R4/5K3 w";
    let target = format!("/xiangqi?fen={}", escape(fen));
    let first = server.get(&target);
    assert_eq!(first.status, 202, "{}", first.text());
    assert_eq!(first.header("retry-after"), Some("1"));
    let progress = first.json();
    assert_eq!(progress["material"], "KRK");
    assert!(matches!(
        progress["status"].as_str(),
        Some("queued" | "building")
    ));
    // Poll as a client would, within a bound on the number of tries.
    let mut answer = None;
    for _ in 0..600 {
        let reply = server.get(&target);
        match reply.status {
            200 => {
                answer = Some(reply.json());
                break;
            }
            202 => std::thread::sleep(Duration::from_millis(100)),
            other => panic!("status {other}: {}", reply.text()),
        }
    }
    let answer = answer.expect("KRK built within the tries");
    let tablebase = Tablebase::open(&dir).expect("the directory");
    let position = Position::from_fen(fen).expect("legal");
    let best = tablebase
        .best_move(&position)
        .expect("a probe")
        .expect("a move");
    assert_eq!(answer["moves"][0]["uci"], best.0.to_string());
    assert_eq!(
        answer["dtm"],
        tablebase
            .probe_dtm(&position)
            .expect("a value")
            .value
            .plies()
    );
    let served = server.served();
    assert!(served.iter().any(|name| name == "KRK"), "{served:?}");
    let list = server.json("/endgames", 200);
    assert_eq!(list["builds"]["building"], serde_json::Value::Null);
    let metrics = server.get("/metrics").text();
    assert!(metrics.contains("qiboard_builds_done_total 1"), "{metrics}");
}

#[test]
fn too_large_endgames_are_refused_with_the_reason() {
    let server = server_on_empty("large", |config| config.max_build_entries = 1000);
    let krkn = escape("3k5/9/9/9/4n4/9/9/9/4R4/5K3 w");
    let why = server.refusal(&format!("/xiangqi?fen={krkn}"), 422);
    assert!(why.contains("KRKN") && why.contains("1000"), "{why}");
    let start = escape(&Position::start().fen());
    // Too many pieces for any index: no table can ever cover it.
    let why = server.refusal(&format!("/xiangqi?fen={start}"), 404);
    assert!(why.contains("32 pieces"), "{why}");
    // At the default limit, a six-piece endgame of billions of entries.
    let big = server_on_empty("default", |_| ());
    let krrknn = escape("3k5/9/9/9/2n1n4/9/9/9/2R1R4/5K3 w");
    let why = big.refusal(&format!("/xiangqi?fen={krrknn}"), 422);
    assert!(why.contains("KRRKNN") && why.contains("100000000"), "{why}");
    // Nothing was built or queued.
    let list = server.json("/endgames", 200);
    assert_eq!(list["endgames"].as_array().map(Vec::len), Some(0));
    assert_eq!(list["builds"]["queued"].as_array().map(Vec::len), Some(0));
}

#[test]
fn a_full_build_queue_says_so() {
    let server = server_on_empty("queue", |config| config.build_queue = 0);
    let krk = escape("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    let reply = server.get(&format!("/xiangqi?fen={krk}"));
    assert_eq!(reply.status, 503, "{}", reply.text());
    assert_eq!(reply.header("retry-after"), Some("10"));
    assert!(reply.json()["error"]
        .as_str()
        .is_some_and(|why| why.contains("queue")));
}
