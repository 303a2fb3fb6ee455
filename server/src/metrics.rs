//! Counters in the Prometheus text format: requests by route and status,
//! a latency histogram by route, the response cache's hits and misses,
//! requests refused, builds, and the tablebase's block cache (blocks
//! read and decompressed, hits, bytes). Kept by hand (a few maps behind a mutex
//! and atomics) rather than through a metrics framework: the set is small
//! and fixed.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use qiboard_tablebase::CacheStats;

use crate::lock;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

#[derive(Default)]
struct Latency {
    /// Counts per bucket (not cumulative), the last for above all bounds.
    buckets: [u64; BUCKETS.len() + 1],
    sum: f64,
    count: u64,
}

/// The server's counters.
#[derive(Default)]
pub struct Metrics {
    requests: Mutex<BTreeMap<(&'static str, u16), u64>>,
    latency: Mutex<BTreeMap<&'static str, Latency>>,
    /// Response cache hits.
    pub cache_hits: AtomicU64,
    /// Response cache misses.
    pub cache_misses: AtomicU64,
    /// Requests refused because the probe queue was full.
    pub saturated: AtomicU64,
    /// Builds of missing endgames started.
    pub builds_started: AtomicU64,
    /// Builds finished with their tables written.
    pub builds_done: AtomicU64,
    /// Builds that failed.
    pub builds_failed: AtomicU64,
}

impl Metrics {
    /// Counts a request to `route` answered with `status` after `elapsed`.
    pub fn record(&self, route: &'static str, status: u16, elapsed: Duration) {
        *lock(&self.requests).entry((route, status)).or_default() += 1;
        let seconds = elapsed.as_secs_f64();
        let mut latency = lock(&self.latency);
        let entry = latency.entry(route).or_default();
        let bucket = BUCKETS
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(BUCKETS.len());
        entry.buckets[bucket] += 1;
        entry.sum += seconds;
        entry.count += 1;
    }

    /// Adds one to `counter`, and says its new count.
    pub fn bump(counter: &AtomicU64) -> u64 {
        counter.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// Everything, with the tablebase's block cache counters `blocks`, in
    /// the Prometheus text exposition format.
    pub fn render(&self, blocks: CacheStats) -> String {
        let mut out = String::new();
        out.push_str("# HELP qiboard_requests_total HTTP requests by route and status.\n");
        out.push_str("# TYPE qiboard_requests_total counter\n");
        for ((route, status), count) in lock(&self.requests).iter() {
            let _ = writeln!(
                out,
                "qiboard_requests_total{{route=\"{route}\",status=\"{status}\"}} {count}"
            );
        }
        out.push_str("# HELP qiboard_request_seconds Request latency by route.\n");
        out.push_str("# TYPE qiboard_request_seconds histogram\n");
        for (route, latency) in lock(&self.latency).iter() {
            let mut cumulative = 0;
            for (bound, count) in BUCKETS.iter().zip(latency.buckets) {
                cumulative += count;
                let _ = writeln!(
                    out,
                    "qiboard_request_seconds_bucket{{route=\"{route}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            let _ = writeln!(
                out,
                "qiboard_request_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {}",
                latency.count
            );
            let _ = writeln!(
                out,
                "qiboard_request_seconds_sum{{route=\"{route}\"}} {}",
                latency.sum
            );
            let _ = writeln!(
                out,
                "qiboard_request_seconds_count{{route=\"{route}\"}} {}",
                latency.count
            );
        }
        let counters = [
            (
                "qiboard_cache_hits_total",
                "Response cache hits.",
                &self.cache_hits,
            ),
            (
                "qiboard_cache_misses_total",
                "Response cache misses.",
                &self.cache_misses,
            ),
            (
                "qiboard_saturated_total",
                "Requests refused with 503 because the probe queue was full.",
                &self.saturated,
            ),
            (
                "qiboard_builds_started_total",
                "Endgame builds started.",
                &self.builds_started,
            ),
            (
                "qiboard_builds_done_total",
                "Endgame builds finished.",
                &self.builds_done,
            ),
            (
                "qiboard_builds_failed_total",
                "Endgame builds failed.",
                &self.builds_failed,
            ),
        ];
        let counters = counters
            .into_iter()
            .map(|(name, help, counter)| (name, help, "counter", counter.load(Ordering::Relaxed)));
        let blocks = [
            (
                "qiboard_block_cache_hits_total",
                "Tablebase probes whose block was in the block cache.",
                "counter",
                blocks.hits,
            ),
            (
                "qiboard_blocks_read_total",
                "Tablebase blocks read and decompressed (block cache misses).",
                "counter",
                blocks.blocks_read,
            ),
            (
                "qiboard_block_bytes_read_total",
                "Bytes of tablebase blocks decompressed.",
                "counter",
                blocks.bytes_read,
            ),
            (
                "qiboard_block_cache_bytes",
                "Bytes of decompressed blocks the block cache holds.",
                "gauge",
                blocks.bytes_held,
            ),
        ];
        for (name, help, kind, value) in counters.chain(blocks) {
            let _ = writeln!(out, "# HELP {name} {help}");
            let _ = writeln!(out, "# TYPE {name} {kind}");
            let _ = writeln!(out, "{name} {value}");
        }
        out
    }
}
