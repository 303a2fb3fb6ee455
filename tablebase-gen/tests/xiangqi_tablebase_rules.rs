//! Tablebases under the repetition rules: what they change, that the
//! values still hold against their successors, and that a game played
//! out from a position the rules decide ends as the rules of games say.

use qiboard::xiangqi::rules::chased;
use qiboard::xiangqi::{Color, Ending, Game, Outcome, Position};
use qiboard_tablebase::{DistanceTo, Dtm, Material, RuleSet, Table, Value};
use qiboard_tablebase_gen::{Generator, Quiet};

fn material(text: &str) -> Material {
    text.parse().unwrap()
}

fn solved(rules: RuleSet, name: &str) -> Generator {
    let tablebase = Generator::in_memory().with_rules(rules);
    tablebase.generate(&material(name), &Quiet).unwrap();
    tablebase
}

/// Every legal position of a table with its stored value.
fn entries(table: &Table) -> impl Iterator<Item = (Position, Dtm)> + '_ {
    Color::ALL
        .into_iter()
        .flat_map(move |side| table.values(side))
}

/// The rules only turn draws into wins and losses, and mark exactly those;
/// the changed count is what `stats` reports; the table verifies.
#[test]
fn rook_against_horse_the_rules_decide_some_draws() {
    let plain = solved(RuleSet::None, "KRKN");
    let ruled = solved(RuleSet::Asian, "KRKN");
    let without = plain.table(&material("KRKN")).unwrap();
    let with = ruled.table(&material("KRKN")).unwrap();
    let mut changed = 0;
    for (position, dtm) in entries(&with) {
        let plain_value = plain.tablebase().probe_dtm(&position).unwrap();
        if dtm.by_rules {
            assert_eq!(plain_value.value, Value::Draw, "{}", position.fen());
            assert_ne!(dtm.value, Value::Draw);
            assert_eq!(dtm.to, DistanceTo::Rule);
            changed += 1;
        } else {
            assert_eq!(plain_value, dtm, "{}", position.fen());
        }
    }
    assert!(changed > 0, "the rules decide some KRKN positions");
    let by_rule: u64 = Color::ALL.iter().map(|&c| with.stats(c).by_rule).sum();
    assert!(by_rule >= changed as u64);
    assert_eq!(
        Color::ALL
            .iter()
            .map(|&c| without.stats(c).by_rule)
            .sum::<u64>(),
        0
    );
    ruled.verify(&material("KRKN"), &Quiet).unwrap();
}

/// Endgames where one side has only advisors and elephants are solved as
/// without rules.
#[test]
fn the_rules_leave_one_sided_endgames_alone() {
    let plain = solved(RuleSet::None, "KRKAA");
    let ruled = solved(RuleSet::Asian, "KRKAA");
    for side in Color::ALL {
        let with = ruled.table(&material("KRKAA")).unwrap().stats(side);
        let without = plain.table(&material("KRKAA")).unwrap().stats(side);
        assert_eq!(with, without);
        assert_eq!(with.by_rule, 0);
    }
}

/// From positions a table rules lost for the side to move at distance 0
/// (every `stride`-th, at most `count`), a game in which that side keeps
/// the draw as the rule-free table says and the other side plays the
/// tablebase's moves ends with it ruled lost by the repetition rules of
/// games (perpetual check or chase). Returns how many of those games had
/// the winner newly attack one of the loser's pieces on some move.
fn rule_losses_play_out(name: &str, stride: usize, count: usize) -> usize {
    let plain = solved(RuleSet::None, name);
    let ruled = solved(RuleSet::Asian, name);
    let table = ruled.table(&material(name)).unwrap();
    let seeds: Vec<Position> = entries(&table)
        .filter(|(_, dtm)| dtm.by_rules && dtm.value == Value::Loss(0))
        .map(|(position, _)| position)
        .step_by(stride)
        .take(count)
        .collect();
    assert!(!seeds.is_empty());
    let mut attacking = 0;
    for start in seeds {
        let loser = start.side_to_move();
        let mut game = Game::from_position(start.clone());
        let mut ended = None;
        let mut attacked = false;
        for _ in 0..200 {
            if let Some(outcome) = game.outcome() {
                ended = Some(outcome);
                break;
            }
            let position = game.position().clone();
            let mv = if position.side_to_move() == loser {
                // A move the rule-free table says keeps the draw.
                plain
                    .tablebase()
                    .probe_root(&position)
                    .unwrap()
                    .into_iter()
                    .find(|(_, reached)| reached.value == Value::Draw)
                    .map(|(mv, _)| mv)
            } else {
                ruled
                    .tablebase()
                    .best_move(&position)
                    .unwrap()
                    .map(|(mv, _)| mv)
            };
            let Some(mv) = mv else { break };
            if position.side_to_move() != loser {
                let winner = position.side_to_move();
                let before = chased(&position, winner);
                attacked |= !(chased(&position.play(mv), winner) - before).is_empty();
            }
            game.play(mv).unwrap();
        }
        attacking += usize::from(attacked);
        match ended {
            Some(Outcome::Win { winner, by }) => {
                assert_eq!(winner, !loser, "{}", start.fen());
                assert!(
                    matches!(by, Ending::PerpetualCheck | Ending::PerpetualChase),
                    "{}: {by:?}",
                    start.fen()
                );
            }
            other => panic!("{}: the game ended {other:?}", start.fen()),
        }
    }
    attacking
}

#[test]
fn games_from_rule_decided_positions_end_by_the_rules() {
    rule_losses_play_out("KRKN", 37, 40);
}

/// The same with two defenders, where the attacker's escapes may attack
/// one of them and then the other (chase cycles keep those replies): such
/// games are among those played, and they too end by the rules.
#[test]
fn games_from_rule_decided_positions_with_two_defenders_end_by_the_rules() {
    let attacking = rule_losses_play_out("KRKNN", 211, 300);
    assert!(
        attacking >= 5,
        "only {attacking} games had the winner attack"
    );
}

/// A perpetual check loses whatever the other side chases: in KRKNN,
/// Black's horses can check Red's king for ever, and each of Red's escapes
/// leaves a horse attacked. The table rules Black lost there, as a game
/// playing the cycle does, and the position that leads to it too.
#[test]
fn a_perpetual_check_loses_though_the_escapes_chase() {
    let ruled = solved(RuleSet::Asian, "KRKNN");
    let cycle = Position::from_fen("9/9/3k5/9/9/9/9/4K1n2/3n5/3R5 b").unwrap();
    let dtm = ruled.tablebase().probe_dtm(&cycle).unwrap();
    assert_eq!(dtm.value, Value::Loss(0), "{dtm:?}");
    assert!(dtm.by_rules);
    let lead = Position::from_fen("9/9/3k5/9/9/9/9/9/3nK2n1/R8 b").unwrap();
    let dtm = ruled.tablebase().probe_dtm(&lead).unwrap();
    assert!(
        matches!(dtm.value, Value::Loss(_)) && dtm.by_rules,
        "{dtm:?}"
    );

    let mut game = Game::from_position(cycle);
    let mut outcome = None;
    for text in ["g2f0", "e2e1", "f0g2", "e1e2"].iter().cycle().take(12) {
        let mv = game.position().parse_move(text).unwrap();
        game.play(mv).unwrap();
        if let Some(ended) = game.outcome() {
            outcome = Some(ended);
            break;
        }
    }
    assert!(
        matches!(
            outcome,
            Some(Outcome::Win {
                winner: Color::Red,
                by: Ending::PerpetualCheck
            })
        ),
        "{outcome:?}"
    );
}

/// The best move of a won or lost position reaches its stored value and
/// distance, to mate or to a rule decision alike, so that following best
/// moves always ends (a mate-first choice could go round between positions
/// won by mate and by rule for ever).
#[test]
fn best_moves_realise_the_stored_distance() {
    let ruled = solved(RuleSet::Asian, "KRKNN");
    let table = ruled.table(&material("KRKNN")).unwrap();
    let mut by_rule = 0;
    for (position, dtm) in entries(&table).step_by(1009) {
        if dtm.value == Value::Draw || dtm.value.plies() == 0 {
            continue;
        }
        let (_, reached) = ruled.tablebase().best_move(&position).unwrap().unwrap();
        assert_eq!(
            (reached.value, reached.to),
            (dtm.value, dtm.to),
            "{}",
            position.fen()
        );
        by_rule += usize::from(dtm.to == DistanceTo::Rule);
    }
    assert!(
        by_rule > 100,
        "only {by_rule} positions won or lost to a rule"
    );
}

/// Over every position of whole endgames under the rules, the first move
/// `probe_root` ranks is `best_move`'s and leads to the position's own
/// value (value, distance and what the distance counts to). KRKN and
/// KNPKN have rule-decided values; set
/// `QIBOARD_WHOLE_ENDGAMES=KRNKR,KRKNN` for the large ones (a few minutes
/// on two cores).
#[test]
fn the_first_root_move_realises_every_position_s_value() {
    use rayon::prelude::*;
    let names = std::env::var("QIBOARD_WHOLE_ENDGAMES").unwrap_or_else(|_| "KRKN,KNPKN".into());
    for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let generator = solved(RuleSet::Asian, name);
        let tablebase = generator.tablebase();
        let table = generator.table(&material(name)).unwrap();
        let layout = table.layout();
        let (mut positions, mut by_rule, mut sooner) = (0u64, 0u64, 0u64);
        for side in Color::ALL {
            let counts = (0..layout.per_side())
                .into_par_iter()
                .filter_map(|index| Some((layout.position(side, index)?, table.entry(side, index)?)))
                .map(|(position, own)| {
                    let ranked = tablebase.probe_root(&position).unwrap();
                    let best = tablebase.best_move(&position).unwrap();
                    assert_eq!(best, ranked.first().copied(), "{}", position.fen());
                    let Some(&(_, first)) = ranked.first() else {
                        assert_eq!(own.value, Value::Loss(0), "{}", position.fen());
                        return (1, 0, 0);
                    };
                    if own.value == Value::Loss(0) && own.to == DistanceTo::Rule {
                        // Lost by rule now: no move realises that; the
                        // losing moves come before the forbidden draws.
                        let losing = ranked.iter().any(|(_, dtm)| dtm.value != Value::Draw);
                        assert!(matches!(first.value, Value::Loss(_)) || !losing);
                        assert!(!matches!(first.value, Value::Win(_)), "{}", position.fen());
                        return (1, 1, 0);
                    }
                    assert_eq!(first.value, own.value, "{}", position.fen());
                    // Of the moves that realise it, one counting to the same
                    // end comes first.
                    let same_end = ranked
                        .iter()
                        .any(|(_, dtm)| dtm.value == own.value && dtm.to == own.to);
                    if own.value != Value::Draw && same_end {
                        assert_eq!(first.to, own.to, "{}", position.fen());
                    }
                    // Moves after the first may win by rule sooner.
                    let faster = ranked.iter().skip(1).any(|(_, dtm)| {
                        dtm.to == DistanceTo::Rule
                            && matches!((dtm.value, own.value), (Value::Win(a), Value::Win(b)) if a < b)
                    });
                    (1, u64::from(own.to == DistanceTo::Rule), u64::from(faster))
                })
                .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
            positions += counts.0;
            by_rule += counts.1;
            sooner += counts.2;
        }
        println!("{name}: {positions} positions, {by_rule} with rule distances, {sooner} with a move winning by rule sooner than the first");
        assert!(by_rule > 0, "{name}: no rule distances");
    }
}
