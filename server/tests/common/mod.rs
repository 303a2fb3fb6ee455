//! What the server's tests share: small tables generated once per test
//! binary, a server started on an ephemeral port, and a raw HTTP/1.1
//! client (so that hostile requests can be sent as bytes).

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use qiboard::xiangqi::{Color, Position};
use qiboard_server::Config;
use qiboard_tablebase::{DistanceTo, Layout, Material, Tablebase, Value};
use qiboard_tablebase_gen::{Generator, Quiet};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A directory holding KRK, KNK and KRKN (KRKN's plan builds the first
/// two), generated once.
pub fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        // One directory per test binary, made afresh.
        let dir = fresh_dir(&format!("server-tables-{}", env!("CARGO_CRATE_NAME")));
        let generator = Generator::open(&dir).expect("the directory opens");
        generator
            .generate(&"KRKN".parse().expect("a material"), &Quiet)
            .expect("KRKN builds");
        dir
    })
}

/// An empty directory named after `name`, made afresh.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a directory");
    dir
}

/// A running server; stopped when dropped.
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Serves `config` on an ephemeral port of the loopback.
    pub fn start(mut config: Config) -> Server {
        config.listen = "127.0.0.1:0".parse().expect("an address");
        let listener = std::net::TcpListener::bind(config.listen).expect("a port");
        listener.set_nonblocking(true).expect("non-blocking");
        let addr = listener.local_addr().expect("its address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).expect("tokio");
                qiboard_server::serve(listener, config, async {
                    let _ = stopped.await;
                })
                .await
                .expect("the server runs");
            });
        });
        Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

/// A client of a running server: requests and the checks on their
/// replies that the tests share.
pub trait Client {
    /// Where the server listens.
    fn addr(&self) -> SocketAddr;

    /// GET `target` with no extra header.
    fn get(&self, target: &str) -> Reply {
        self.send(&format!(
            "GET {target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"
        ))
    }

    /// GET `target` and its JSON body, which must come with `status`.
    fn json(&self, target: &str, status: u16) -> serde_json::Value {
        let reply = self.get(target);
        assert_eq!(reply.status, status, "{target}: {}", reply.text());
        reply.json()
    }

    /// GET `target`, which must be refused with `status`, and the JSON
    /// error's message.
    fn refusal(&self, target: &str, status: u16) -> String {
        let json = self.json(target, status);
        assert_eq!(json["status"], status, "{target}");
        json["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{target}: no error message: {json}"))
            .to_owned()
    }

    /// The endgames `/endgames` lists.
    fn served(&self) -> Vec<String> {
        let list = self.json("/endgames", 200);
        list["endgames"]
            .as_array()
            .expect("endgames")
            .iter()
            .filter_map(|endgame| endgame["material"].as_str().map(str::to_owned))
            .collect()
    }

    /// Sends `request` as it is and reads the reply.
    fn send(&self, request: &str) -> Reply {
        send_raw(self.addr(), request.as_bytes())
    }
}

impl Client for Server {
    fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Client for Process {
    fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The server's binary, run as its own process (so that its log and its
/// memory can be read); killed when dropped.
pub struct Process {
    pub addr: SocketAddr,
    child: std::process::Child,
    log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Process {
    /// Runs `qiboard-server --dir dir` with `args` on a free port of the
    /// loopback, and waits until it answers `/health`.
    pub fn start(dir: &Path, args: &[&str]) -> Process {
        use std::io::BufRead;
        // A port the system hands out now; free again once dropped.
        let addr = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_qiboard-server"))
            .arg("--dir")
            .arg(dir)
            .arg("--listen")
            .arg(addr.to_string())
            .args(args)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the server's binary runs");
        let log = std::sync::Arc::<std::sync::Mutex<Vec<String>>>::default();
        let stderr = child.stderr.take().expect("its standard error");
        let lines = std::sync::Arc::clone(&log);
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                lines.lock().unwrap_or_else(|p| p.into_inner()).push(line);
            }
        });
        let process = Process { addr, child, log };
        for _ in 0..600 {
            if TcpStream::connect(addr).is_ok() {
                return process;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the server did not listen on {addr}");
    }

    /// The lines the server has logged so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// How many logged lines contain every one of `words`, once at least
    /// `expected` of them are in (or after a bounded wait: the log is
    /// read from a pipe by another thread, so it may trail the replies).
    pub fn logged(&self, words: &[&str], expected: usize) -> usize {
        let count = || {
            self.log()
                .iter()
                .filter(|line| words.iter().all(|word| line.contains(word)))
                .count()
        };
        for _ in 0..200 {
            if count() >= expected {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        count()
    }

    /// Its resident memory now, in bytes (`None` where /proc is not).
    pub fn resident_bytes(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP reply.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|error| panic!("not JSON ({error}): {}", self.text()))
    }
}

/// Sends `request` to `addr` and reads the whole reply (the request asks
/// the server to close the connection). A connection the server closes
/// without a reply reads as status 0.
pub fn send_raw(addr: SocketAddr, request: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("a timeout");
    // The server may answer and close before it has read everything.
    let _ = stream.write_all(request);
    read_reply(&mut stream)
}

/// Reads one reply from `stream`: until the connection closes, or the
/// body its length announces is in (not every server closes when asked
/// to, and a kept-alive connection does not).
fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(read) => raw.extend_from_slice(&buffer[..read]),
        }
        if let Some(split) = raw.windows(4).position(|window| window == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|value| value.trim().parse::<usize>().ok());
            if length.is_some_and(|length| raw.len() >= split + 4 + length) {
                break;
            }
        }
    }
    parse_reply(&raw)
}

/// A kept-alive connection for many requests in a row (a new connection
/// for each would exhaust the loopback's ports in long runs).
pub struct Connection {
    stream: TcpStream,
}

impl Connection {
    /// A connection to `addr`.
    pub fn open(addr: SocketAddr) -> Connection {
        let stream = TcpStream::connect(addr).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("a timeout");
        Connection { stream }
    }

    /// GET `target`; its reply must announce its length.
    pub fn get(&mut self, target: &str) -> Reply {
        let request = format!("GET {target} HTTP/1.1\r\nHost: test\r\n\r\n");
        self.stream
            .write_all(request.as_bytes())
            .expect("the request is sent");
        read_reply(&mut self.stream)
    }
}

fn parse_reply(raw: &[u8]) -> Reply {
    let Some(split) = raw.windows(4).position(|window| window == b"\r\n\r\n") else {
        return Reply {
            status: 0,
            headers: Vec::new(),
            body: Vec::new(),
        };
    };
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(key, value)| (key.trim().to_owned(), value.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers.iter().any(|(key, value)| {
        key.eq_ignore_ascii_case("transfer-encoding") && value.contains("chunked")
    });
    if chunked {
        body = dechunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    while let Some(end) = raw.windows(2).position(|window| window == b"\r\n") {
        let size_text = String::from_utf8_lossy(&raw[..end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .unwrap_or(0);
        if size == 0 || raw.len() < end + 2 + size {
            break;
        }
        body.extend_from_slice(&raw[end + 2..end + 2 + size]);
        raw = &raw[(end + 4 + size).min(raw.len())..];
    }
    body
}

/// `fen` escaped for a query string.
pub fn escape(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// `count` random legal positions of `material`, either side to move,
/// half of them with the colours swapped.
pub fn random_positions(material: &str, count: usize, seed: u64) -> Vec<Position> {
    let material: Material = material.parse().expect("a material");
    let layout = Layout::new(material.canonical()).expect("a layout");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let side = if rng.random() {
            Color::Red
        } else {
            Color::Black
        };
        let index = rng.random_range(0..layout.per_side());
        if let Some(position) = layout.position(side, index) {
            if found.len() % 2 == 1 {
                found.push(position.flipped());
            } else {
                found.push(position);
            }
        }
    }
    found
}

/// The defaults over the test tables, building off.
pub fn config() -> Config {
    let mut config = Config::new(tables());
    config.no_build = true;
    config
}

/// `win`, `draw` or `loss`, as the API names a value.
pub fn category(value: Value) -> &'static str {
    match value {
        Value::Win(_) => "win",
        Value::Draw => "draw",
        Value::Loss(_) => "loss",
    }
}

/// A value's distance as the API gives it: plies, or null for a draw.
pub fn dtm_json(value: Value) -> serde_json::Value {
    match value {
        Value::Draw => serde_json::Value::Null,
        other => serde_json::Value::from(other.plies()),
    }
}

/// Whether `answer`, the API's `/xiangqi` answer about `position`, says
/// what `tablebase` says: the position's value, distance and what it
/// counts to (`probe_dtm`), and every move in the prober's order with its
/// value (`probe_root`), capture and check. The first difference, named.
pub fn agrees(
    answer: &serde_json::Value,
    tablebase: &Tablebase,
    position: &Position,
) -> Result<(), String> {
    let fen = position.fen();
    let differ = |what: &str, got: &serde_json::Value, want: serde_json::Value| {
        if *got == want {
            Ok(())
        } else {
            Err(format!("{fen}: {what} is {got}, the prober says {want}"))
        }
    };
    let own = tablebase
        .probe_dtm(position)
        .map_err(|e| format!("{fen}: {e}"))?;
    differ("category", &answer["category"], category(own.value).into())?;
    differ("dtm", &answer["dtm"], dtm_json(own.value))?;
    if own.value != Value::Draw {
        let to = match own.to {
            DistanceTo::Mate => "mate",
            DistanceTo::Rule => "rule",
        };
        differ("dtm_to", &answer["dtm_to"], to.into())?;
    }
    let ranked = tablebase
        .probe_root(position)
        .map_err(|e| format!("{fen}: {e}"))?;
    let moves = answer["moves"]
        .as_array()
        .ok_or(format!("{fen}: no moves"))?;
    if moves.len() != ranked.len() {
        return Err(format!(
            "{fen}: {} moves, the prober ranks {}",
            moves.len(),
            ranked.len()
        ));
    }
    for (json, (mv, dtm)) in moves.iter().zip(&ranked) {
        differ("a move", &json["uci"], mv.to_string().into())?;
        differ(
            &format!("{mv}'s category"),
            &json["category"],
            category(dtm.value).into(),
        )?;
        differ(&format!("{mv}'s dtm"), &json["dtm"], dtm_json(dtm.value))?;
        differ(
            &format!("{mv}'s realises"),
            &json["realises"],
            (*dtm == own).into(),
        )?;
        let after = position.play(*mv);
        differ(
            &format!("{mv}'s check"),
            &json["check"],
            after.is_check().into(),
        )?;
        let capture = position.captured(*mv).is_some();
        differ(
            &format!("{mv}'s capture"),
            &json["capture"].is_string().into(),
            capture.into(),
        )?;
    }
    if let Some(best) = moves.first() {
        differ(
            "the first move's category",
            &best["category"],
            answer["category"].clone(),
        )?;
    }
    Ok(())
}
