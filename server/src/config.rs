//! The server's settings, its command line, and the request size limits.

use std::net::SocketAddr;
use std::path::PathBuf;

use qiboard_tablebase::{RuleSet, DEFAULT_CACHE_BYTES};

/// The server's settings (also its command line).
#[derive(Clone, Debug, clap::Parser)]
#[command(
    name = "qiboard-server",
    version,
    about = "Serves xiangqi endgame tablebases over HTTP, with a web explorer."
)]
pub struct Config {
    /// The directory of tables (created if missing).
    #[arg(long, default_value = "xiangqi-tables")]
    pub dir: PathBuf,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:9000")]
    pub listen: SocketAddr,
    /// Turns the response cache off: every request probes.
    #[arg(long)]
    pub no_cache: bool,
    /// Bytes of answers the response cache keeps, in MiB.
    #[arg(long, default_value_t = 64)]
    pub cache_mib: u64,
    /// The tablebase's block cache, in MiB.
    #[arg(long, default_value_t = (DEFAULT_CACHE_BYTES >> 20) as u64)]
    pub tb_cache_mib: u64,
    /// Probes running at once on the blocking pool.
    #[arg(long, default_value_t = 8)]
    pub max_probes: usize,
    /// Runs a position's probe on the request's own thread when a probe
    /// slot is free, rather than on the blocking pool: less CPU a request
    /// (no hand-over between threads), but a probe holds up the other
    /// connections of its thread, and on a machine shared with other work
    /// fewer threads get less of it.
    #[arg(long)]
    pub inline_probes: bool,
    /// Requests waiting for or running a probe before new ones get 503
    /// (each waits as a small future: the bound is on latency, not memory).
    #[arg(long, default_value_t = 2048)]
    pub max_pending: usize,
    /// Seconds a request may take before it gets 503.
    #[arg(long, default_value_t = 30)]
    pub timeout_secs: u64,
    /// Never builds missing endgames.
    #[arg(long)]
    pub no_build: bool,
    /// The most index entries a build on demand may solve (the endgame
    /// and its missing sub-endgames together).
    #[arg(long, default_value_t = 100_000_000)]
    pub max_build_entries: u64,
    /// Endgames waiting to be built before more are refused.
    #[arg(long, default_value_t = 8)]
    pub build_queue: usize,
    /// Working memory a build may use, in MiB (none: no limit).
    #[arg(long)]
    pub build_memory_mib: Option<u64>,
    /// The repetition rules the tables are solved under.
    #[arg(long, default_value = "asian")]
    pub rules: RuleSet,
}

impl Config {
    /// The defaults, over `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Config {
        use clap::Parser;
        let mut config = Config::parse_from(["qiboard-server"]);
        config.dir = dir.into();
        config
    }
}

/// The longest request target accepted (414 past it).
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// The most header bytes accepted (431 past them).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// The largest request body accepted (413 past it): no route takes one.
pub const MAX_BODY_BYTES: u64 = 16 * 1024;
