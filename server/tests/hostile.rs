//! Hostile clients: malformed and oversized requests, unknown routes,
//! bursts past the concurrency limit, 10,000 idle connections (or as many
//! as the open-files limit allows, raised to its hard limit), an endgame
//! of more than 10^10 entries asked about with building on, and a table
//! damaged while served. Each gets a JSON error, the server logs what it
//! refused, its memory stays bounded, and it goes on answering the others
//! correctly. The last three run the server's binary as a process of its
//! own, so that its log and resident memory can be read.

mod common;

use common::{
    config, escape, fresh_dir, random_positions, send_raw, tables, Client, Process, Server,
};
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
    let server = Process::start(tables(), &["--no-build", "--max-pending", "0"]);
    let fen = escape("3k5/9/9/9/9/9/9/9/4R4/5K3 w");
    for _ in 0..20 {
        let reply = server.get(&format!("/xiangqi?fen={fen}"));
        assert_json_error(&reply, 503, "no room at all");
        assert_eq!(reply.header("retry-after"), Some("1"));
    }
    // Routes that do not probe still answer.
    assert_eq!(server.get("/health").status, 200);
    let metrics = server.get("/metrics").text();
    assert!(metrics.contains("qiboard_saturated_total 20"), "{metrics}");
    // Logged at the 1st, 2nd, 4th, 8th and 16th refusal, not at each.
    let logged = server.logged(&["refused a request with 503"], 5);
    assert_eq!(logged, 5, "{:?}", server.log());
}

/// Raises this process's soft limit on open files to its hard limit (the
/// servers it starts inherit it), and says what the soft limit now is.
#[cfg(unix)]
fn raise_open_files_limit() -> u64 {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.current < limit.maximum {
        limit.current = limit.maximum;
        if let Err(error) = setrlimit(Resource::Nofile, limit) {
            eprintln!("the open-files limit stays as it was: {error}");
        }
    }
    getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX)
}

#[cfg(not(unix))]
fn raise_open_files_limit() -> u64 {
    1024
}

/// `count` random KRKN positions asked over fresh connections, each
/// answered as the prober answers it.
fn answers_agree(server: &impl Client, count: usize, seed: u64) {
    let reference = Tablebase::open(tables()).expect("the tables");
    for position in random_positions("KRKN", count, seed) {
        let answer = server.json(&format!("/xiangqi?fen={}", escape(&position.fen())), 200);
        let own = reference.probe_dtm(&position).expect("a value");
        assert_eq!(
            answer["dtm"].as_u64().unwrap_or(0),
            u64::from(own.value.plies())
        );
    }
}

#[test]
fn ten_thousand_idle_connections_do_not_stop_the_others() {
    // The server runs as its own process: this one holds the clients'
    // ends, it the server's, each within the same limit.
    let limit = raise_open_files_limit();
    let wanted = 10_000u64.min(limit.saturating_sub(256)) as usize;
    eprintln!("open-files limit {limit}: {wanted} idle connections");
    let server = Process::start(tables(), &["--no-build", "--no-cache"]);
    answers_agree(&server, 20, 20);
    let before = server.resident_bytes();
    let mut idle = Vec::with_capacity(wanted);
    while idle.len() < wanted {
        match std::net::TcpStream::connect(server.addr) {
            Ok(stream) => idle.push(stream),
            Err(error) => panic!("connection {} refused: {error}", idle.len()),
        }
        // Now and then, a client with a real question is answered.
        if idle.len() % 2_500 == 0 {
            answers_agree(&server, 5, idle.len() as u64);
        }
    }
    // With every idle connection open, the others are answered.
    answers_agree(&server, 50, 21);
    assert_eq!(server.get("/health").status, 200);
    if let (Some(before), Some(after)) = (before, server.resident_bytes()) {
        let per_connection = after.saturating_sub(before) / wanted as u64;
        eprintln!("resident memory {before} -> {after} bytes");
        // A connection waiting for its request holds buffers, not tables.
        assert!(
            per_connection < 64 * 1024,
            "{per_connection} bytes a connection"
        );
    }
    drop(idle);
    answers_agree(&server, 10, 22);
}

#[test]
fn a_huge_endgame_is_refused_without_a_build_or_memory() {
    let dir = fresh_dir("server-huge");
    // Building on, at the default limit.
    let server = Process::start(&dir, &[]);
    let material: qiboard_tablebase::Material = "KRNCKRN".parse().expect("a material");
    let name = material.canonical().to_string();
    let entries = qiboard_tablebase::Layout::entries(material);
    assert!(
        entries >= 10_000_000_000,
        "{material} has {entries} entries"
    );
    let fen = escape("3k5/9/9/9/2n1r4/9/9/9/2R1N1C2/5K3 w");
    assert_eq!(server.get("/health").status, 200);
    let before = server.resident_bytes();
    for _ in 0..20 {
        let why = server.refusal(&format!("/xiangqi?fen={fen}"), 422);
        assert!(why.contains(&name) && why.contains("100000000"), "{why}");
    }
    let list = server.json("/endgames", 200);
    assert_eq!(list["builds"]["building"], serde_json::Value::Null);
    assert_eq!(list["builds"]["queued"].as_array().map(Vec::len), Some(0));
    let metrics = server.get("/metrics").text();
    assert!(
        metrics.contains("qiboard_builds_started_total 0"),
        "{metrics}"
    );
    let written = std::fs::read_dir(&dir).expect("the directory").count();
    assert_eq!(written, 0, "files were written");
    if let (Some(before), Some(after)) = (before, server.resident_bytes()) {
        assert!(
            after < before + (32 << 20),
            "memory grew {before} -> {after}"
        );
    }
    // Refused once in the log (the verdict is kept, not drawn again).
    let refusals = server.logged(&[&format!("refused to build {name}")], 1);
    assert_eq!(refusals, 1, "{:?}", server.log());
}

#[test]
fn a_table_corrupted_while_serving_fails_alone() {
    // A copy of the tables, whose KRKN file is damaged once served.
    let dir = fresh_dir("server-corrupted");
    for entry in std::fs::read_dir(tables()).expect("the tables").flatten() {
        std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("a copy");
    }
    let server = Process::start(&dir, &["--no-build", "--no-cache", "--tb-cache-mib", "0"]);
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
    let logged = server.logged(&["probe failed", "KRKN"], refused);
    assert_eq!(logged, refused, "{:?}", server.log());
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
