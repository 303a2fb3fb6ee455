//! The agreement run: the API's answers over HTTP against
//! `Tablebase::probe_dtm` and `Tablebase::probe_root` on random positions
//! (either side to move, colours swapped for half of them).
//!
//! The CI-sized test runs on the small tables generated here. The full
//! run is ignored by default; it reads tables already built, in release:
//!
//! ```text
//! qiboard tb gen KRNKR --dir DIR && qiboard tb gen KRKNAAEE --dir DIR
//! QIBOARD_AGREEMENT_DIR=DIR cargo test --release -p qiboard-server \
//!     --test agreement -- --ignored --nocapture
//! ```
//!
//! `QIBOARD_AGREEMENT_COUNT` sets the positions per endgame (default
//! 100,000 over the three, a third each) and `QIBOARD_AGREEMENT_ENDGAMES`
//! the endgames (default `KRKN,KRNKR,KRKNAAEE`).

mod common;

use common::{agrees, config, escape, random_positions, tables, Connection, Server};
use qiboard_server::Config;
use qiboard_tablebase::Tablebase;

/// The positions of `endgame` that disagree, out of `count` asked over
/// one kept-alive connection to `server`, with the first few named.
fn disagreements(
    server: &Server,
    tablebase: &Tablebase,
    endgame: &str,
    count: usize,
    seed: u64,
) -> (usize, Vec<String>) {
    let mut connection = Connection::open(server.addr);
    let mut wrong = 0;
    let mut named = Vec::new();
    for position in random_positions(endgame, count, seed) {
        let reply = connection.get(&format!("/xiangqi?fen={}", escape(&position.fen())));
        let verdict = if reply.status == 200 {
            agrees(&reply.json(), tablebase, &position)
        } else {
            Err(format!(
                "{}: status {}: {}",
                position.fen(),
                reply.status,
                reply.text()
            ))
        };
        if let Err(why) = verdict {
            wrong += 1;
            if named.len() < 10 {
                named.push(why);
            }
        }
    }
    (wrong, named)
}

#[test]
fn answers_agree_with_the_prober_on_small_endgames() {
    let tablebase = Tablebase::open(tables()).expect("the tables");
    // Probed on the blocking pool, and on the request's own thread.
    for inline in [false, true] {
        let mut config = config();
        config.no_cache = true;
        config.inline_probes = inline;
        let server = Server::start(config);
        for (endgame, count, seed) in [("KRKN", 300, 1), ("KRK", 50, 2), ("KNK", 50, 3)] {
            let (wrong, named) = disagreements(&server, &tablebase, endgame, count, seed);
            assert_eq!(wrong, 0, "{endgame}, inline {inline}: {named:#?}");
        }
    }
}

#[test]
#[ignore = "the full run: needs QIBOARD_AGREEMENT_DIR with KRKN, KRNKR and KRKNAAEE built"]
fn answers_agree_with_the_prober_on_the_full_run() {
    let dir = std::env::var("QIBOARD_AGREEMENT_DIR")
        .expect("QIBOARD_AGREEMENT_DIR names a directory of tables");
    let total: usize = std::env::var("QIBOARD_AGREEMENT_COUNT")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(100_000);
    let endgames = std::env::var("QIBOARD_AGREEMENT_ENDGAMES")
        .unwrap_or_else(|_| "KRKN,KRNKR,KRKNAAEE".to_owned());
    let endgames: Vec<&str> = endgames.split(',').collect();
    let tablebase = Tablebase::open(&dir).expect("the tables");
    let mut config = Config::new(&dir);
    config.no_cache = true;
    config.no_build = true;
    let server = Server::start(config);
    let mut asked = 0;
    let mut wrong = 0;
    for (at, endgame) in endgames.iter().enumerate() {
        let count = total / endgames.len() + usize::from(at < total % endgames.len());
        let started = std::time::Instant::now();
        let (differ, named) = disagreements(&server, &tablebase, endgame, count, 100 + at as u64);
        eprintln!(
            "{endgame}: {} of {count} positions agree ({:.1} s)",
            count - differ,
            started.elapsed().as_secs_f64()
        );
        for why in named {
            eprintln!("  {why}");
        }
        asked += count;
        wrong += differ;
    }
    eprintln!("all: {} of {asked} positions agree", asked - wrong);
    assert_eq!(wrong, 0);
}
