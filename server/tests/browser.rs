//! The explorer in a real browser: Debian's chromium driven by
//! chromedriver over plain W3C WebDriver calls. It opens the page on a
//! phone-sized window, sets up a position with the editor, checks the
//! badges against the API, plays the best move by clicking its squares,
//! checks the mainline, and saves a screenshot under target/tmp.
//!
//! Skipped with a message when chromedriver or chromium is missing,
//! unless `QIBOARD_REQUIRE_TOOLS=1`.

mod common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{config, escape, send_raw, Client, Server};
use qiboard::xiangqi::Position;
use serde_json::{json, Value as Json};

// The key under which W3C WebDriver returns an element reference: a
// constant fixed by the WebDriver specification, not an identifier of ours.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn find_tool(names: &[&str]) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .chain([std::path::PathBuf::from("/usr/lib/chromium")])
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

struct Driver {
    addr: SocketAddr,
    child: Child,
    session: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.call("DELETE", &format!("/session/{}", self.session), None);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&Json>) -> Json {
    let body = body.map(Json::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let reply = send_raw(addr, request.as_bytes());
    serde_json::from_slice(&reply.body).unwrap_or(Json::Null)
}

impl Driver {
    fn start(driver: &std::path::Path, browser: &std::path::Path) -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("an address");
        let mut ready = false;
        for _ in 0..100 {
            if std::net::TcpStream::connect(addr).is_ok()
                && http(addr, "GET", "/status", None)["value"]["ready"] == true
            {
                ready = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        assert!(ready, "chromedriver did not become ready");
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": browser.to_string_lossy(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=412,915"],
            },
        }}});
        let mut driver = Driver {
            addr,
            child,
            session: String::new(),
        };
        let created = http(addr, "POST", "/session", Some(&capabilities));
        driver.session = created["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {created}"))
            .to_owned();
        driver
    }

    fn call(&self, method: &str, path: &str, body: Option<&Json>) -> Json {
        http(self.addr, method, path, body)
    }

    fn session_call(&self, method: &str, path: &str, body: Json) -> Json {
        let path = format!("/session/{}{path}", self.session);
        let body = (method == "POST").then_some(&body);
        let reply = self.call(method, &path, body);
        assert!(
            reply["value"]["error"].is_null(),
            "{method} {path}: {reply}"
        );
        reply["value"].clone()
    }

    fn click(&self, css: &str) {
        let found = self.session_call(
            "POST",
            "/element",
            json!({"using": "css selector", "value": css}),
        );
        let id = found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("{css}: {found}"))
            .to_owned();
        self.session_call("POST", &format!("/element/{id}/click"), json!({}));
    }

    fn script(&self, script: &str) -> Json {
        self.session_call(
            "POST",
            "/execute/sync",
            json!({"script": script, "args": []}),
        )
    }

    /// Waits (a bounded number of tries) for `script` to return something
    /// other than null.
    fn wait_for(&self, script: &str) -> Json {
        for _ in 0..200 {
            let value = self.script(script);
            if !value.is_null() {
                return value;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("never true: {script}");
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |byte: u8| match byte {
        b'A'..=b'Z' => Some(byte - b'A'),
        b'a'..=b'z' => Some(byte - b'a' + 26),
        b'0'..=b'9' => Some(byte - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    sextets
        .chunks(4)
        .flat_map(|chunk| {
            let bits = chunk
                .iter()
                .enumerate()
                .fold(0u32, |acc, (i, &six)| acc | u32::from(six) << (18 - 6 * i));
            let bytes = [(bits >> 16) as u8, (bits >> 8) as u8, bits as u8];
            bytes.into_iter().take(chunk.len().saturating_sub(1))
        })
        .collect()
}

fn badge_text(mv: &Json) -> String {
    let letter = match mv["category"].as_str() {
        Some("win") => "W",
        Some("loss") => "L",
        _ => "D",
    };
    match mv["dtm"].as_u64() {
        Some(plies) => format!("{letter} {plies}"),
        None => letter.to_owned(),
    }
}

/// The moves the page lists: `[uci, first badge]` pairs.
const LISTED: &str = "const rows = [...document.querySelectorAll('#moves .move')];\
    return rows.length ? rows.map(r => [r.dataset.uci, r.querySelector('.badge').textContent]) : null;";

#[test]
fn the_explorer_sets_up_a_position_and_plays_the_best_move() {
    let required = std::env::var("QIBOARD_REQUIRE_TOOLS").is_ok_and(|value| value == "1");
    let tools = (
        find_tool(&["chromedriver"]),
        find_tool(&["chromium", "chromium-browser", "chrome"]),
    );
    let (Some(driver), Some(browser)) = tools else {
        assert!(!required, "chromedriver and chromium are required");
        eprintln!("skipped: chromedriver or chromium is not installed");
        return;
    };
    let server = Server::start(config());
    let driver = Driver::start(&driver, &browser);
    let page = format!("http://{}/", server.addr);
    driver.session_call("POST", "/url", json!({"url": page}));
    driver.wait_for("return document.querySelector('#moves .move') ? true : null;");

    // The editor: an empty board with two kings, then the pieces moved
    // and placed one click at a time.
    driver.click("#clear");
    for (tool, square) in [
        ("", "e0"),
        ("K", "f0"),
        ("", "e9"),
        ("k", "d9"),
        ("R", "e1"),
        ("n", "e5"),
    ] {
        driver.click(&format!("#palette button[data-piece='{tool}']"));
        driver.click(&format!("g[data-square='{square}']"));
    }
    driver.click("#edit");
    let fen = driver.script("return document.getElementById('fen').value;");
    let fen = fen.as_str().expect("the FEN field").to_owned();
    assert_eq!(fen, "3k5/9/9/9/4n4/9/9/9/4R4/5K3 w");

    let api = server.json(&format!("/xiangqi?fen={}", escape(&fen)), 200);
    let listed = driver.wait_for(LISTED);
    let listed = listed.as_array().expect("rows");
    let moves = api["moves"].as_array().expect("moves");
    assert_eq!(listed.len(), moves.len());
    for mv in moves {
        let row = listed
            .iter()
            .find(|row| row[0] == mv["uci"])
            .unwrap_or_else(|| panic!("{} is not listed", mv["uci"]));
        assert_eq!(row[1], badge_text(mv), "{}", mv["uci"]);
    }
    let status = driver.script("return document.getElementById('status').textContent;");
    assert!(
        status.as_str().is_some_and(|text| text.contains("KRKN")),
        "{status}"
    );

    // The best move, by clicking its two squares.
    let best = moves[0]["uci"].as_str().expect("a best move");
    driver.click(&format!("g[data-square='{}']", &best[..2]));
    driver.click(&format!("g[data-square='{}']", &best[2..]));
    let position = Position::from_fen(&fen).expect("legal");
    let after = position.play(position.parse_move(best).expect("legal"));
    let expected_fen: String = after.fen().split(' ').take(2).collect::<Vec<_>>().join(" ");
    let shown = driver.script("return document.getElementById('fen').value;");
    assert_eq!(shown, expected_fen);

    let line = server.json(
        &format!("/xiangqi/mainline?fen={}", escape(&expected_fen)),
        200,
    );
    let expected: Vec<Json> = line["mainline"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|step| step["uci"].clone())
        .collect();
    let script = format!(
        "const items = [...document.querySelectorAll('#mainline li')].map(li => li.dataset.uci);\
         return items.length === {} ? items : null;",
        expected.len()
    );
    let shown = driver.wait_for(&script);
    assert_eq!(shown, Json::Array(expected));

    let shot = driver.session_call("GET", "/screenshot", Json::Null);
    let png = base64_decode(shot.as_str().expect("a screenshot"));
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("explorer.png");
    std::fs::write(&path, png).expect("the screenshot is written");
    eprintln!("screenshot: {}", path.display());
}
