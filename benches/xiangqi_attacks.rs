//! Rook and cannon lookups over random occupancies, four representations
//! side by side in one run:
//! - `u16 lines` (the default, `qiboard::xiangqi::rook_attacks`): one u16
//!   table per piece and line (`ROOK_RANK_ATTACKS`, `ROOK_FILE_ATTACKS`,
//!   …; 29 KiB per piece); rank word by a shift, file word gathered with
//!   64-bit multiplies, the file result spread back through two small
//!   tables;
//! - `packed lines`: the thesis tables with all four kinds packed in one
//!   u64 per entry (`RANK_REACH`, `FILE_REACH`; 116 KiB), same bit work;
//! - `rotated`: the u16 tables, the file word read by a shift from a
//!   file-major occupancy kept beside the board ([`file_major`], built
//!   here from the public tables);
//! - `file bitboards`: the rank as in `u16 lines`, the file answered by a
//!   table of ready-made a-file u128 sets (`[rank][file word]`, 160 KiB
//!   per piece), built here from the u16 tables.
//!
//! As a yardstick in the same run, each group also times cozy-chess's
//! rook lookup (an 8×8 magic bitboard, one multiply and one load) over
//! the same squares and occupancies folded onto 64 bits.

#[path = "xiangqi_attacks/file_major.rs"]
mod file_major;

use criterion::{black_box, criterion_group, Criterion, Throughput};
use file_major::FileMajor;
use qiboard::xiangqi::tables::{
    CANNON_FILE_ATTACKS, CANNON_RANK_ATTACKS, FILE_REACH, RANK_REACH, ROOK_FILE_ATTACKS,
    ROOK_RANK_ATTACKS,
};
use qiboard::xiangqi::{cannon_attacks, rook_attacks, Bitboard, Square};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const SAMPLES: usize = 4096;

struct Input {
    square: Square,
    occupied: Bitboard,
    file_major: FileMajor,
}

fn inputs() -> Vec<Input> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut word = || u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
    (0..SAMPLES)
        .map(|_| {
            let square = Square::ALL[(word() % 90) as usize];
            // About a quarter of the points occupied, like a middlegame,
            // and always the piece itself.
            let occupied = Bitboard::new(word() & word()).with(square);
            Input {
                square,
                occupied,
                file_major: FileMajor::from_bitboard(occupied),
            }
        })
        .collect()
}

/// One piece's lookups and tables.
struct Piece {
    name: &'static str,
    /// The packed kinds that make up its attacks.
    select: u64,
    file_table: &'static [[u16; 1024]; 10],
    rank_table: &'static [[u16; 512]; 9],
}

const ROOK: Piece = Piece {
    name: "rook",
    select: 0xffff_ffff,
    file_table: &ROOK_FILE_ATTACKS,
    rank_table: &ROOK_RANK_ATTACKS,
};

const CANNON: Piece = Piece {
    name: "cannon",
    select: 0xffff << 32,
    file_table: &CANNON_FILE_ATTACKS,
    rank_table: &CANNON_RANK_ATTACKS,
};

fn fold(entry: u64, select: u64) -> u16 {
    let bits = entry & select;
    (bits | bits >> 16 | bits >> 32 | bits >> 48) as u16
}

#[inline(always)]
fn packed(piece: &Piece, input: &Input) -> Bitboard {
    let (square, occupied) = (input.square, input.occupied);
    let (rank, file) = (square.rank(), square.file());
    let on_rank = RANK_REACH[file][occupied.rank_word(rank) as usize];
    let on_file = FILE_REACH[rank][occupied.file_word(file) as usize];
    Bitboard::from_rank_word(rank, fold(on_rank, piece.select))
        | Bitboard::from_file_word(file, fold(on_file, piece.select))
}

/// `[rank][file word]`: the piece's attacks on the a-file as sets.
fn file_bitboards(piece: &Piece) -> Vec<Vec<u128>> {
    piece
        .file_table
        .iter()
        .map(|row| {
            row.iter()
                .map(|&word| Bitboard::from_file_word(0, word).0)
                .collect()
        })
        .collect()
}

#[inline(always)]
fn with_file_bitboards(piece: &Piece, table: &[Vec<u128>], input: &Input) -> Bitboard {
    let (square, occupied) = (input.square, input.occupied);
    let (rank, file) = (square.rank(), square.file());
    let on_rank = piece.rank_table[file][occupied.rank_word(rank) as usize];
    let on_file = table[rank][occupied.file_word(file) as usize];
    Bitboard::from_rank_word(rank, on_rank) | Bitboard(on_file << file)
}

/// Where timings go: a criterion group, or the interleaved race.
trait Timer {
    /// Times `pass`, one sweep over every input.
    fn time<R>(&mut self, name: &str, pass: impl Fn() -> R);
}

impl Timer for criterion::BenchmarkGroup<'_, criterion::measurement::WallTime> {
    fn time<R>(&mut self, name: &str, pass: impl Fn() -> R) {
        self.bench_function(name, |b| b.iter(&pass));
    }
}

/// The fastest sweep seen for each name, in nanoseconds per lookup.
#[derive(Default)]
struct Race {
    best: Vec<(String, f64)>,
}

impl Timer for Race {
    fn time<R>(&mut self, name: &str, pass: impl Fn() -> R) {
        const SWEEPS: u32 = 50;
        let start = std::time::Instant::now();
        for _ in 0..SWEEPS {
            black_box(pass());
        }
        let ns = start.elapsed().as_nanos() as f64 / f64::from(SWEEPS) / SAMPLES as f64;
        match self.best.iter_mut().find(|(n, _)| n == name) {
            Some((_, best)) => *best = best.min(ns),
            None => self.best.push((name.to_string(), ns)),
        }
    }
}

/// Sweeps `lookup` over every input; generic so that each representation
/// is inlined into its own loop.
fn sweep<'a>(
    inputs: &'a [Input],
    lookup: impl Fn(&Input) -> Bitboard + 'a,
) -> impl Fn() -> u128 + 'a {
    move || {
        black_box(inputs)
            .iter()
            .fold(0u128, |acc, input| acc ^ lookup(input).0)
    }
}

/// The four representations of one piece and the yardstick, checked
/// against each other first, each timed by `$timer` under `$prefix`.
macro_rules! time_piece {
    ($timer:expr, $prefix:expr, $inputs:expr, $piece:expr, $lookup:path, $rotated:path) => {{
        let (timer, piece, inputs) = ($timer, &$piece, &$inputs[..]);
        let table = file_bitboards(piece);
        for input in inputs.iter() {
            let expected = $lookup(input.square, input.occupied);
            assert_eq!(packed(piece, input), expected);
            assert_eq!(
                $rotated(input.square, input.occupied, input.file_major),
                expected
            );
            assert_eq!(with_file_bitboards(piece, &table, input), expected);
        }
        let name = |variant: &str| format!("{}{variant}", $prefix);
        timer.time(
            &name("u16 lines"),
            sweep(inputs, |i| $lookup(i.square, i.occupied)),
        );
        timer.time(&name("packed lines"), sweep(inputs, |i| packed(piece, i)));
        timer.time(
            &name("rotated"),
            sweep(inputs, |i| $rotated(i.square, i.occupied, i.file_major)),
        );
        timer.time(
            &name("file bitboards"),
            sweep(inputs, |i| with_file_bitboards(piece, &table, i)),
        );
        let chess: Vec<(cozy_chess::Square, cozy_chess::BitBoard)> = inputs
            .iter()
            .map(|i| {
                let square = cozy_chess::Square::index(i.square.index() % 64);
                let folded = i.occupied.0 as u64 ^ (i.occupied.0 >> 64) as u64;
                (square, cozy_chess::BitBoard(folded))
            })
            .collect();
        timer.time(&name("anchor: cozy-chess rook (8x8)"), || {
            black_box(&chess)
                .iter()
                .fold(0u64, |acc, &(square, occupied)| {
                    acc ^ cozy_chess::get_rook_moves(square, occupied).0
                })
        });
    }};
}

fn bench(c: &mut Criterion) {
    let inputs = inputs();
    for (piece, name) in [(&ROOK, "rook"), (&CANNON, "cannon")] {
        let mut group = c.benchmark_group(format!("xiangqi {name} lookups"));
        group.throughput(Throughput::Elements(SAMPLES as u64));
        if piece.name == "rook" {
            time_piece!(
                &mut group,
                "",
                inputs,
                ROOK,
                rook_attacks,
                file_major::rook_attacks
            );
        } else {
            time_piece!(
                &mut group,
                "",
                inputs,
                CANNON,
                cannon_attacks,
                file_major::cannon_attacks
            );
        }
        group.finish();
    }
}

/// `QIBOARD_RACE=1 cargo bench --bench xiangqi_attacks`: every variant
/// once per round, round after round, keeping each one's fastest sweep.
/// On a shared machine this compares variants under the same load, which
/// criterion's one-after-another runs cannot.
fn race() {
    const ROUNDS: usize = 25;
    let inputs = inputs();
    let mut race = Race::default();
    for _ in 0..ROUNDS {
        time_piece!(
            &mut race,
            "rook ",
            inputs,
            ROOK,
            rook_attacks,
            file_major::rook_attacks
        );
        time_piece!(
            &mut race,
            "cannon ",
            inputs,
            CANNON,
            cannon_attacks,
            file_major::cannon_attacks
        );
    }
    println!("fastest of {ROUNDS} interleaved rounds, ns per lookup (ratio to the cozy-chess yardstick):");
    for (name, ns) in &race.best {
        let piece = name.split(' ').next().unwrap_or_default();
        let anchor = race
            .best
            .iter()
            .find(|(n, _)| n.starts_with(piece) && n.contains("anchor"))
            .map_or(f64::NAN, |(_, a)| *a);
        println!("{name:<45} {ns:6.2}  ({:.2}x)", ns / anchor);
    }
}

criterion_group!(benches, bench);

fn main() {
    if std::env::var_os("QIBOARD_RACE").is_some() {
        race();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
