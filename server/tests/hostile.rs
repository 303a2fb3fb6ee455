//! Hostile clients: malformed and oversized requests, unknown routes,
//! bursts past the concurrency limit. Each gets a JSON error, and the
//! server goes on answering the others correctly.

mod common;

use common::{config, escape, fresh_dir, random_positions, send_raw, tables, Server};
use qiboard_tablebase::Tablebase;

fn assert_json_error(reply: &common::Reply, status: u16, what: &str) {
    assert_eq!(reply.status, status, "{what}: {}", reply.text());
    let json: serde_json::Value = serde_json::from_slice(&reply.body)
        .unwrap_or_else(|error| panic!("{what}: not JSON ({error}): {reply:?}"));
    assert_eq!(json["status"], status, "{what}");
    assert!(json["error"].is_string(), "{what}");
}

#[test]
fn malformed_requests_get_json_errors() {
    let server = Server::start(config());
    let bad_fens = [
        "",
        "x",
        "rnbakabnr",
        "9/9/9/9/9/9/9/9/9/9 w",
        "3k5/9/9/9/9/9/9/9/4R4/5K3 x",
        "3k5/9/9/9/9/9/9/9/4R4/5K3/9 w",
        "3k5/9/9/9/9/9/9/9/4R4/5K2 w",
        "3k5/9/9/9/9/9/9/9/4R4/5K3\0 w",
        "\u{fffe}",
        "3k5/9/9/9/9/9/9/9/4R4/55K3 w",
        "kkkkkkkkk/9/9/9/9/9/9/9/4R4/5K3 w",
    ];
    for route in [
        "/xiangqi",
        "/xiangqi/mainline",
        "/xiangqi/rule",
        "/xiangqi/board.svg",
    ] {
        for fen in bad_fens {
            let reply = server.get(&format!("{route}?fen={}", escape(fen)));
            assert_json_error(&reply, 400, &format!("{route} {fen}"));
        }
        assert_json_error(&server.get(route), 400, &format!("{route} without a FEN"));
        assert_json_error(
            &server.get(&format!("{route}?fen=%")),
            400,
            "a broken escape",
        );
    }
    let fen = escape("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    for moves in ["zz", "e1e2,", "h2e2", "炮二平五"] {
        let reply = server.get(&format!("/xiangqi/rule?fen={fen}&moves={}", escape(moves)));
        if moves == "e1e2," {
            assert_eq!(reply.status, 200, "a trailing comma is no move");
        } else {
            assert_json_error(&reply, 400, moves);
        }
    }
    let many = vec!["e1e2"; 2000].join(",");
    assert_json_error(
        &server.get(&format!("/xiangqi/rule?fen={fen}&moves={many}")),
        414,
        "a long move list",
    );
    let many = vec!["e1e2"; 1500].join(" ");
    let reply = server.send(&format!(
        "GET /xiangqi/rule?fen={fen}&moves={} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
        escape(&many[..7000])
    ));
    assert!(matches!(reply.status, 400 | 414), "{}", reply.text());
    assert_json_error(&server.get("/nowhere"), 404, "an unknown route");
    assert_json_error(&server.get("/xiangqi/"), 404, "a trailing slash");
    assert_json_error(&server.get("/endgames/K"), 400, "a bad material");
    let post = server.send(
        "POST /xiangqi HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
    assert_json_error(&post, 405, "a POST");
}

#[test]
fn oversized_requests_are_refused_and_others_still_answered() {
    let server = Server::start(config());
    let fen = escape("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    // A query of 30 KB: refused by the guard with JSON.
    let long = "a".repeat(30 * 1024);
    assert_json_error(
        &server.get(&format!("/xiangqi?fen={long}")),
        414,
        "a long target",
    );
    // A query of 1 MB: past the longest target the HTTP layer reads
    // (64 KiB), refused there, without a body.
    let huge = "a".repeat(1 << 20);
    let reply = server.get(&format!("/xiangqi?fen={huge}"));
    assert!(
        matches!(reply.status, 0 | 414 | 431),
        "a 1 MB target: {}",
        reply.status
    );
    let big_header = "x".repeat(20 * 1024);
    let reply = server.send(&format!(
        "GET /health HTTP/1.1\r\nHost: t\r\nX-Padding: {big_header}\r\nConnection: close\r\n\r\n"
    ));
    assert_json_error(&reply, 431, "large headers");
    let reply = server.send(
        "GET /health HTTP/1.1\r\nHost: t\r\nContent-Length: 1048576\r\nConnection: close\r\n\r\n",
    );
    assert_json_error(&reply, 413, "a large body");
    let garbage = send_raw(server.addr, b"\x00\x01\x02 not http at all\r\n\r\n");
    assert_ne!(garbage.status, 200);
    let answer = server.json(&format!("/xiangqi?fen={fen}"), 200);
    assert_eq!(answer["category"], "win");
    let metrics = server.get("/metrics").text();
    assert!(metrics.contains("status=\"414\""), "{metrics}");
    assert!(metrics.contains("status=\"431\""), "{metrics}");
}

#[test]
fn bursts_past_the_limit_get_503_or_the_right_answer() {
    let tablebase = Tablebase::open(tables()).expect("the tables");
    let mut config = config();
    config.no_cache = true;
    config.max_probes = 1;
    config.max_pending = 3;
    let server = Server::start(config);
    let positions = random_positions("KRKN", 64, 9);
    let replies: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .iter()
            .map(|position| {
                let server = &server;
                scope.spawn(move || {
                    let target = format!("/xiangqi?fen={}", escape(&position.fen()));
                    (position, server.get(&target))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a client"))
            .collect()
    });
    for (position, reply) in replies {
        match reply.status {
            200 => {
                let best = tablebase.best_move(position).expect("a probe");
                let json = reply.json();
                let first = json["moves"][0]["uci"].as_str().map(str::to_owned);
                assert_eq!(first, best.map(|(mv, _)| mv.to_string()));
            }
            503 => {
                assert_eq!(reply.header("retry-after"), Some("1"));
                assert!(reply.json()["error"].is_string());
            }
            other => panic!("status {other}: {}", reply.text()),
        }
    }
}

#[test]
fn a_saturated_server_says_so() {
    let mut config = config();
    config.max_pending = 0;
    let server = Server::start(config);
    let fen = escape("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    let reply = server.get(&format!("/xiangqi?fen={fen}"));
    assert_json_error(&reply, 503, "no room at all");
    assert_eq!(reply.header("retry-after"), Some("1"));
    // Routes that do not probe still answer.
    assert_eq!(server.get("/health").status, 200);
    let metrics = server.get("/metrics").text();
    assert!(metrics.contains("qiboard_saturated_total 1"), "{metrics}");
}

#[test]
fn idle_connections_do_not_stop_the_others() {
    let server = Server::start(config());
    let idle: Vec<std::net::TcpStream> = (0..500)
        .filter_map(|_| std::net::TcpStream::connect(server.addr).ok())
        .collect();
    assert!(idle.len() > 100, "only {} connections opened", idle.len());
    let fen = escape("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    let answer = server.json(&format!("/xiangqi?fen={fen}"), 200);
    assert_eq!(answer["category"], "win");
    drop(idle);
    assert_eq!(server.get("/health").status, 200);
}

#[test]
fn a_table_corrupted_while_serving_fails_alone() {
    // A copy of the tables, whose KRKN file is damaged once served.
    let dir = fresh_dir("server-corrupted");
    for entry in std::fs::read_dir(tables()).expect("the tables").flatten() {
        std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("a copy");
    }
    let mut config = qiboard_server::Config::new(&dir);
    config.no_build = true;
    config.no_cache = true;
    config.tb_cache_mib = 0;
    let server = Server::start(config);
    let krkn = random_positions("KRKN", 40, 11);
    let target =
        |position: &qiboard::xiangqi::Position| format!("/xiangqi?fen={}", escape(&position.fen()));
    server.json(&target(&krkn[0]), 200);
    for kind in ["qwdl", "qdtm"] {
        let path = dir.join(format!("KRKN.{kind}"));
        let mut bytes = std::fs::read(&path).expect("the file");
        let middle = bytes.len() / 2;
        for byte in &mut bytes[middle.saturating_sub(64)..middle] {
            *byte ^= 0x5a;
        }
        std::fs::write(&path, bytes).expect("damaged");
    }
    let reference = Tablebase::open(tables()).expect("the intact tables");
    let mut refused = 0;
    for position in &krkn {
        let reply = server.get(&target(position));
        match reply.status {
            200 => {
                let json = reply.json();
                let own = reference.probe_dtm(position).expect("a value");
                assert_eq!(
                    json["dtm"].as_u64().unwrap_or(0),
                    u64::from(own.value.plies())
                );
            }
            500 => {
                assert!(reply.json()["error"].is_string());
                refused += 1;
            }
            other => panic!("status {other}: {}", reply.text()),
        }
    }
    assert!(refused > 0, "the damage was never noticed");
    // The other endgames answer as before.
    for position in random_positions("KRK", 20, 12) {
        let json = server.json(&target(&position), 200);
        let best = reference.best_move(&position).expect("a probe");
        assert_eq!(
            json["moves"][0]["uci"].as_str(),
            best.map(|(mv, _)| mv.to_string()).as_deref()
        );
    }
}
