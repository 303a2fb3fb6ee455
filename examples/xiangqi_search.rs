//! A small xiangqi engine on qiboard, as the documentation of how the
//! pieces fit: iterative deepening alpha-beta over a search stack, a
//! transposition table keyed by the Zobrist key and confirmed by the lock,
//! quiescence over captures that SEE does not lose, null-move pruning,
//! killer moves, the Asian repetition rules at every node, and tablebase
//! probes (at the root: the tablebase's best move and its distance).
//!
//! ```text
//! cargo run --release --example xiangqi_search -- [--depth N] [--fen FEN] [--tb DIR]
//! cargo run --release --example xiangqi_search -- --compare [--depth N]
//! ```
//!
//! `--compare` searches the same positions to the same depth over two
//! stacks, `Game`'s (`push_unchecked`, `push_null`, `pop`, `repetition`)
//! and one made by hand (copy-make, a scan of earlier keys, `rules::judge`
//! only on a repeat), round after round in turn, and prints both node
//! rates (thread CPU time) and their ratio: the trees are the same, so
//! the nodes must be too.
//!
//! Evaluation is material only (`SEE_VALUES`), with a bonus for pawns
//! across the river: enough to play, not to play well.

use std::time::Instant;

use qiboard::xiangqi::rules::{judge, Ruling};
use qiboard::xiangqi::{Color, Game, Move, PieceKind, Position, SEE_VALUES};
use qiboard_tablebase::score::{from_table, to_table, MATE, RULE_WIN};
use qiboard_tablebase::Tablebase;

/// Beyond every score.
const INFINITY: i32 = MATE + 1;
/// The deepest search (plies from the root), quiescence included.
const MAX_PLY: usize = 96;

/// What the search needs of the line it is on.
trait Stack {
    fn position(&self) -> &Position;
    fn push(&mut self, mv: Move);
    /// A null move; `false` in check.
    fn push_null(&mut self) -> bool;
    fn pop(&mut self);
    /// The ruling when the position has stood before on this line.
    fn repeated(&self) -> Option<Ruling>;
}

impl Stack for Game {
    fn position(&self) -> &Position {
        Game::position(self)
    }
    fn push(&mut self, mv: Move) {
        self.push_unchecked(mv);
    }
    fn push_null(&mut self) -> bool {
        Game::push_null(self)
    }
    fn pop(&mut self) {
        Game::pop(self);
    }
    fn repeated(&self) -> Option<Ruling> {
        self.repetition().map(|repetition| repetition.ruling)
    }
}

/// The stack an engine would write without `Game`: copy-make positions
/// and their keys, a scan back for an equal one, a ruling only then.
struct HandMade {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Stack for HandMade {
    fn position(&self) -> &Position {
        self.positions.last().expect("the root is never popped")
    }
    fn push(&mut self, mv: Move) {
        let next = self.position().play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }
    fn push_null(&mut self) -> bool {
        match self.position().null_move() {
            Some(mut next) => {
                // No repetition across a null move, as Game has it.
                next.edit_unchecked().set_halfmove_clock(0);
                self.positions.push(next);
                self.moves.push(Move::NULL);
                true
            }
            None => false,
        }
    }
    fn pop(&mut self) {
        self.positions.pop();
        self.moves.pop();
    }
    fn repeated(&self) -> Option<Ruling> {
        let now = self.positions.len() - 1;
        let here = &self.positions[now];
        let window = (here.halfmove_clock() as usize).min(now);
        (2..=window)
            .step_by(2)
            .map(|back| now - back)
            .find_map(|then| {
                let earlier = &self.positions[then];
                (earlier.key() == here.key() && earlier.lock() == here.lock())
                    .then(|| judge(&self.positions[then..], &self.moves[then..]))
                    .flatten()
            })
    }
}

/// A transposition table entry: the lock confirms the key's slot.
#[derive(Clone, Copy, Default)]
struct Entry {
    lock: u64,
    mv: u16,
    depth: i8,
    bound: Bound,
    score: i32,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

struct Search<'a, S: Stack> {
    stack: S,
    table: Vec<Entry>,
    tablebase: Option<&'a Tablebase>,
    killers: [[Move; 2]; MAX_PLY],
    nodes: u64,
}

/// The score for the side to move of a repetition ruled `ruling`.
fn ruled(ruling: Ruling, side: Color, ply: usize) -> i32 {
    match ruling.loser() {
        None => 0,
        Some(loser) if loser == side => -(RULE_WIN - ply as i32),
        Some(_) => RULE_WIN - ply as i32,
    }
}

/// Material for the side to move, pawns across the river worth double.
fn evaluate(position: &Position) -> i32 {
    let mut score = 0;
    for square in position.occupied() {
        let Some(piece) = position.piece_at(square) else {
            continue;
        };
        let mut value = match piece.kind {
            PieceKind::King => 0,
            kind => SEE_VALUES[kind.index()],
        };
        let crossed = match piece.color {
            Color::Red => square.rank() >= 5,
            Color::Black => square.rank() <= 4,
        };
        if piece.kind == PieceKind::Pawn && crossed {
            value *= 2;
        }
        score += if piece.color == position.side_to_move() {
            value
        } else {
            -value
        };
    }
    score
}

impl<'a, S: Stack> Search<'a, S> {
    fn new(stack: S, tablebase: Option<&'a Tablebase>) -> Search<'a, S> {
        Search {
            stack,
            table: vec![Entry::default(); 1 << 20],
            tablebase,
            killers: [[Move::NULL; 2]; MAX_PLY],
            nodes: 0,
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    /// Alpha-beta to `depth` plies, `ply` plies below the root.
    fn alpha_beta(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        null_ok: bool,
    ) -> i32 {
        self.nodes += 1;
        let position = self.stack.position().clone();
        let side = position.side_to_move();
        if ply > 0 {
            if let Some(ruling) = self.stack.repeated() {
                return ruled(ruling, side, ply);
            }
            if let Some(tablebase) = self.tablebase {
                if tablebase.covers(&position) {
                    if let Ok(dtm) = tablebase.probe_dtm(&position) {
                        return dtm.score(ply as u32);
                    }
                }
            }
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.quiescence(ply, alpha, beta);
        }
        let slot = self.slot(position.key());
        let entry = self.table[slot];
        let stored = (entry.lock == position.lock()).then_some(entry);
        if let Some(entry) = stored {
            let score = from_table(entry.score, ply as u32);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if ply > 0 && i32::from(entry.depth) >= depth && usable {
                return score;
            }
        }
        let in_check = position.is_check();
        // Null move: if passing still fails high, a real move would too.
        let null_tried = null_ok && !in_check && depth >= 3 && ply > 0;
        if null_tried && evaluate(&position) >= beta && self.stack.push_null() {
            let score = -self.alpha_beta(depth - 3, ply + 1, -beta, -beta + 1, false);
            self.stack.pop();
            if score >= beta {
                return beta;
            }
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            // Mated or stalemated: both lose.
            return -(MATE - ply as i32);
        }
        let hash_move = stored.and_then(|entry| Move::from_bits(entry.mv));
        let killers = self.killers[ply];
        moves.sort_by_cached_key(|&mv| {
            let rank = if Some(mv) == hash_move {
                0
            } else if position.captured(mv).is_some() {
                1_000 - position.see(mv).clamp(-999, 999)
            } else if killers.contains(&mv) {
                2_000
            } else {
                3_000
            };
            (rank, mv.bits())
        });
        let original = alpha;
        let mut best = -INFINITY;
        let mut best_move = moves[0];
        for &mv in moves.iter() {
            let gives_check = position.gives_check(mv);
            self.stack.push(mv);
            // One ply more for a check, so that checks are seen through.
            let extension = i32::from(gives_check);
            let score = -self.alpha_beta(depth - 1 + extension, ply + 1, -beta, -alpha, true);
            self.stack.pop();
            if score > best {
                best = score;
                best_move = mv;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if position.captured(mv).is_none() && !killers.contains(&mv) {
                    self.killers[ply] = [mv, killers[0]];
                }
                break;
            }
        }
        let bound = if best <= original {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            lock: position.lock(),
            mv: best_move.bits(),
            depth: depth.clamp(0, 127) as i8,
            bound,
            score: to_table(best, ply as u32),
        };
        best
    }

    /// Captures that SEE does not lose, until the position is quiet.
    fn quiescence(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let position = self.stack.position().clone();
        let stand_pat = evaluate(&position);
        if stand_pat >= beta || ply + 1 >= MAX_PLY {
            return stand_pat.max(alpha.min(beta));
        }
        alpha = alpha.max(stand_pat);
        let mut captures = position.legal_captures();
        captures.retain(|&mv| position.see_ge(mv, 0));
        captures.sort_by_cached_key(|&mv| -position.see(mv));
        for &mv in captures.iter() {
            self.stack.push(mv);
            let score = -self.quiescence(ply + 1, -beta, -alpha);
            self.stack.pop();
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Iterative deepening to `depth`: the best move and its score.
    fn best(&mut self, depth: i32) -> (Option<Move>, i32) {
        let mut answer = (None, 0);
        for iteration in 1..=depth {
            let score = self.alpha_beta(iteration, 0, -INFINITY, INFINITY, false);
            let root = self.stack.position();
            let entry = self.table[self.slot(root.key())];
            let mv = (entry.lock == root.lock())
                .then(|| Move::from_bits(entry.mv))
                .flatten();
            answer = (mv, score);
        }
        answer
    }
}

/// The tablebase's answer at the root, when it has the endgame: the move
/// that realises the stored distance, and that distance.
fn from_tablebase(tablebase: &Tablebase, position: &Position) -> Option<(Move, String)> {
    if !tablebase.covers(position) {
        return None;
    }
    let dtm = tablebase.probe_dtm(position).ok()?;
    let (mv, _) = tablebase.best_move(position).ok()??;
    Some((mv, dtm.to_string()))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut depth, mut fen, mut dir, mut compare) = (6, None, None, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--depth" => depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(depth),
            "--fen" => fen = args.next(),
            "--tb" => dir = args.next(),
            "--compare" => compare = true,
            other => {
                eprintln!("unknown argument {other:?}; see the example's documentation");
                std::process::exit(2);
            }
        }
    }
    let tablebase = dir.map(|dir| {
        Tablebase::open(dir).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2);
        })
    });
    if compare {
        compare_stacks(depth);
        return;
    }
    let position = match fen {
        Some(fen) => Position::from_fen(&fen).unwrap_or_else(|e| {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }),
        None => Position::start(),
    };
    if let Some((mv, value)) = tablebase
        .as_ref()
        .and_then(|tb| from_tablebase(tb, &position))
    {
        println!("tablebase: {mv} ({value})");
        return;
    }
    let started = Instant::now();
    let mut search = Search::new(Game::from_position(position), tablebase.as_ref());
    let (mv, score) = search.best(depth);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "depth {depth}: {} score {score}, {} nodes in {seconds:.2} s ({:.2} M nodes/s)",
        mv.map_or("none".to_string(), |mv| mv.to_string()),
        search.nodes,
        search.nodes as f64 / seconds / 1e6
    );
}

/// The positions `--compare` searches: the start, a middlegame and a
/// rook-against-defence endgame.
const COMPARED: [&str; 3] = [
    Position::START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    "2bakab2/9/9/9/9/9/9/R8/9/3K5 w",
];

/// This thread's CPU time in seconds, where Linux reports it (a shared
/// machine's waits for a core are no part of the search's speed), else
/// the wall clock's.
fn cpu_seconds(wall: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |nanos| nanos as f64 / 1e9)
}

/// The searches of `COMPARED` to `depth` over one stack: nodes, seconds.
fn run(depth: i32, game_stack: bool) -> (u64, f64) {
    let wall = Instant::now();
    let start = cpu_seconds(wall);
    let mut nodes = 0;
    for fen in COMPARED {
        let position = Position::from_fen(fen).expect("a legal position");
        nodes += if game_stack {
            let mut search = Search::new(Game::from_position(position), None);
            search.best(depth);
            search.nodes
        } else {
            let stack = HandMade {
                positions: vec![position],
                moves: Vec::new(),
            };
            let mut search = Search::new(stack, None);
            search.best(depth);
            search.nodes
        };
    }
    (nodes, cpu_seconds(wall) - start)
}

/// Both stacks, in turn, over the same searches; the ratio of their rates
/// round by round, and its median.
fn compare_stacks(depth: i32) {
    let mut ratios = Vec::new();
    for round in 0..7 {
        // Which goes first alternates, so neither always finds a cold cache.
        let order = if round % 2 == 0 {
            [true, false]
        } else {
            [false, true]
        };
        let mut rate = [0.0; 2];
        let mut nodes = [0; 2];
        for game_stack in order {
            let (n, seconds) = run(depth, game_stack);
            let index = usize::from(!game_stack);
            nodes[index] = n;
            rate[index] = n as f64 / seconds / 1e6;
        }
        assert_eq!(nodes[0], nodes[1], "the same tree over both stacks");
        println!(
            "round {round}: {} nodes; Game {:.2}, hand-made {:.2} M nodes/s (ratio {:.3})",
            nodes[0],
            rate[0],
            rate[1],
            rate[0] / rate[1]
        );
        ratios.push(rate[0] / rate[1]);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "median ratio Game / hand-made: {:.3}",
        ratios[ratios.len() / 2]
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use qiboard_tablebase::Value;
    use qiboard_tablebase_gen::{Generator, Quiet};

    /// From a position of KRKAEE won in 25 plies, the tablebase at the
    /// root gives the mate in 13, and playing its best moves mates.
    #[test]
    fn the_tablebase_at_the_root_mates_in_thirteen() {
        let generator = Generator::in_memory();
        let material = "KRKAEE".parse().unwrap();
        generator.generate(&material, &Quiet).unwrap();
        let table = generator.table(&material).unwrap();
        let (mut position, _) = table
            .values(Color::Red)
            .find(|(_, dtm)| dtm.value == Value::Win(25))
            .expect("a mate in 13 in KRKAEE");
        let (_, value) = from_tablebase(generator.tablebase(), &position).unwrap();
        assert_eq!(value, "W 25");
        for _ in 0..25 {
            let (mv, _) = from_tablebase(generator.tablebase(), &position).expect("a move to play");
            position = position.play(mv);
        }
        assert!(position.legal_moves().is_empty() && position.is_check());
    }

    /// The search finds a mate without a tablebase, over either stack,
    /// and both stacks search the same tree.
    #[test]
    fn the_search_sees_a_short_mate_over_both_stacks() {
        // The rook on a8 holds rank 8; b0b9 mates.
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w";
        let position = Position::from_fen(fen).unwrap();
        let mut over_game = Search::new(Game::from_position(position.clone()), None);
        let (mv, score) = over_game.best(4);
        assert_eq!(
            (mv.map(|mv| mv.to_string()), score),
            (Some("b0b9".into()), MATE - 1)
        );
        let stack = HandMade {
            positions: vec![position],
            moves: Vec::new(),
        };
        let mut by_hand = Search::new(stack, None);
        assert_eq!(by_hand.best(4), (mv, score));
        assert_eq!(over_game.nodes, by_hand.nodes);
    }
}
