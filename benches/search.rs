//! Search benchmarks (issue 4): king-capture probability on kiwipete, `estimateEquity` rollouts
//! from the initial position (maxPlies 60), greedy and aggressive decision time on the five
//! benchmark positions of `benches/rules.rs` with dice 123, and expectimax chance nodes.
//!
//! Run: `cargo bench --bench search` (about 1 minute). A subset: `cargo bench --bench search --
//! equity`. Throughputs: `equity` counts rollouts, `expectimax/roll` counts chance-node rolls
//! (one roll = one opponent roll judged over all its replies), `expectimax/search` counts the
//! rolls of the untimed search (56 per expanded candidate), `rollout/advance` one simulated turn and
//! `rollout/equity10x40` ten rollouts of 40 plies (the former `probe_rollout_speed` of
//! tests/search.rs), `expectimax_v2/rolls` the rolls of one depth-1 chance node,
//! `expectimax_v2/nodes` the nodes of a 200,000-node search (`expectimax_nnue/*` the same with the
//! NNUE evaluator), `winprob/scratch` one evaluation of the linear model from scratch
//! (`expectimax-v2`'s), `winprob/net` one of the shipped net from scratch and `winprob/calibrated`
//! one of the package's calibrated win probability (the net and its second stage).
//! Results go in BENCHMARKS.md.

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dicechess::search::deepening::{Config, DeepeningBot, Evaluator, Learned, Limits, Neural, Searcher};
use dicechess::search::estimate_equity;
use dicechess::search::winprob::PsqAccumulator;
use dicechess::search::winprob::{model_chances, net_chances, roll_estimate, win_chances};
use dicechess::search::{advance, chance_node, kcp_numerator, ExpectimaxBot};
use dicechess::Roll;
use dicechess::{choose_turn, legal_turns, Bot, Registry, Rng};
use dicechess::{Color, Position, Role, Turns};

const POSITIONS: &[(&str, &str)] = &[
    ("initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("promotion", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"),
];

/// Dice 1, 2, 3 (White to move).
const DICE_123: &str = "PNB";

/// Rollouts per `estimateEquity` call in the benchmark.
const ROLLOUTS: i64 = 20;

fn position(fen: &str) -> Position {
    Position::from_dfen(fen).expect("a valid benchmark DFEN")
}

/// The position after `greedy`'s turn on `fen` with the dice PNB: an opponent's chance node.
fn after_greedy_turn(greedy: &dyn Bot, fen: &str) -> Position {
    let roll = position(&format!("{fen} {DICE_123}"));
    let choice = choose_turn(greedy, Roll::new(&roll).expect("a roll"), &mut Rng::from_seed(1), None);
    let mut x = roll;
    for m in &choice.moves {
        x.play_unchecked(*m);
    }
    x.end_turn();
    x
}

fn kcp(c: &mut Criterion) {
    let kiwipete = position(POSITIONS[1].1);
    let mut g = c.benchmark_group("kcp");
    for (name, defender, target) in [
        ("kiwipete/white_king", Color::White, Role::King),
        ("kiwipete/black_king", Color::Black, Role::King),
        ("kiwipete/white_queen", Color::White, Role::Queen),
    ] {
        g.bench_function(name, |b| b.iter(|| kcp_numerator(black_box(&kiwipete), defender, target)));
    }
    g.finish();
}

fn equity(c: &mut Criterion) {
    let initial = position(POSITIONS[0].1);
    let mut g = c.benchmark_group("equity");
    g.throughput(Throughput::Elements(ROLLOUTS as u64));
    g.bench_function("initial/maxPlies60", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            estimate_equity(black_box(&initial), ROLLOUTS, 60, &mut Rng::from_seed(seed))
        })
    });
    g.finish();
}

fn decisions(c: &mut Criterion) {
    let registry = Registry::new();
    let mut g = c.benchmark_group("decision");
    for bot in ["greedy", "aggressive"] {
        let bot_ref = registry.resolve(Some(bot)).clone();
        for &(name, fen) in POSITIONS {
            let roll = position(&format!("{fen} {DICE_123}"));
            g.bench_with_input(BenchmarkId::new(bot, format!("{name}/123")), &roll, |b, roll| {
                b.iter(|| {
                    choose_turn(
                        bot_ref.as_ref(),
                        Roll::new(black_box(roll)).expect("a roll"),
                        &mut Rng::from_seed(1),
                        None,
                    )
                })
            });
        }
    }
    g.finish();
}

fn expectimax(c: &mut Criterion) {
    let mut g = c.benchmark_group("expectimax");
    // One chance node: the opponent's 56 rolls after White's greedy-best turn.
    let registry = Registry::new();
    let greedy = registry.resolve(Some("greedy")).clone();
    for &(name, fen) in POSITIONS {
        let x = after_greedy_turn(greedy.as_ref(), fen);
        g.throughput(Throughput::Elements(56));
        g.bench_with_input(BenchmarkId::new("roll", name), &x, |b, x| {
            b.iter(|| chance_node(black_box(x), Color::White, None))
        });
    }
    // The untimed search on each position with dice 123.
    for &(name, fen) in POSITIONS {
        let roll = position(&format!("{fen} {DICE_123}"));
        let Some(turns) = Turns::of_position(&roll) else { continue };
        let list = legal_turns(&turns);
        let (_, stats) = ExpectimaxBot::search(&roll, &list, &mut Rng::from_seed(1), None);
        g.throughput(Throughput::Elements(56 * stats.expanded as u64));
        g.bench_with_input(BenchmarkId::new("search", format!("{name}/123")), &roll, |b, roll| {
            b.iter(|| {
                let turns = Turns::of_position(black_box(roll)).expect("a roll with turns");
                ExpectimaxBot::search(roll, &legal_turns(&turns), &mut Rng::from_seed(1), None)
            })
        });
    }
    g.finish();
}

/// `expectimax-v2` (issue 12) with its evaluator (the learned win probability).
fn expectimax_v2(c: &mut Criterion) {
    deepening(c, "expectimax_v2", Learned);
}

/// `expectimax-nnue` (issue 32): the same search with the NNUE evaluator and the shipped net.
fn expectimax_nnue(c: &mut Criterion) {
    deepening(c, "expectimax_nnue", Neural);
}

/// `expectimax-v2`'s search with `evaluator`: one depth-1 chance node (56 rolls, replies filtered
/// and evaluated) after White's greedy-best turn, counted in rolls, and the untimed search bounded
/// by 200,000 nodes, counted in nodes.
fn deepening<E: Evaluator + Copy>(c: &mut Criterion, group: &str, evaluator: E) {
    let mut g = c.benchmark_group(group);
    let registry = Registry::new();
    let greedy = registry.resolve(Some("greedy")).clone();
    let shape = Config::default().shape;
    for &(name, fen) in &POSITIONS[..4] {
        let x = after_greedy_turn(greedy.as_ref(), fen);
        g.throughput(Throughput::Elements(56));
        g.bench_with_input(BenchmarkId::new("rolls", name), &x, |b, x| {
            b.iter(|| {
                let limits = Limits { max_depth: 1, max_nodes: u64::MAX };
                let mut s = Searcher::new(&evaluator, shape, limits, None, 10);
                s.chance(black_box(x), 1, 0.0, 1.0)
            })
        });
    }
    let config = Config { untimed: Limits { max_depth: 2, max_nodes: 200_000 }, ..Config::default() };
    let bot = DeepeningBot::with_config(config, evaluator);
    for &(name, fen) in &POSITIONS[..4] {
        let roll = position(&format!("{fen} {DICE_123}"));
        let list = legal_turns(&Turns::of_position(&roll).expect("a roll with turns"));
        let (_, stats) = bot.search(&roll, &list, None);
        g.throughput(Throughput::Elements(stats.nodes));
        g.bench_with_input(BenchmarkId::new("nodes", format!("{name}/123")), &roll, |b, roll| {
            b.iter(|| bot.search(black_box(roll), &list, None))
        });
    }
    g.finish();
}

/// The positions of the rollout benchmarks: the initial one and a sparse middlegame with Black to move.
const ROLLOUT_POSITIONS: &[(&str, &str)] = &[
    ("initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("sparse", "k3r2q/8/8/8/8/2B5/8/4K3 b - - 0 1"),
];

/// What a rollout costs: the king-capture probability of its first ply, one simulated turn
/// (`advance`, restarting from the position when a game cannot go on) and ten rollouts of 40 plies.
fn rollout(c: &mut Criterion) {
    let mut g = c.benchmark_group("rollout");
    for &(name, fen) in ROLLOUT_POSITIONS {
        let p = position(fen);
        g.throughput(Throughput::Elements(1));
        g.bench_with_input(BenchmarkId::new("kcp", name), &p, |b, p| {
            b.iter(|| kcp_numerator(black_box(p), Color::Black, Role::King))
        });
        g.bench_with_input(BenchmarkId::new("advance", name), &p, |b, p| {
            let (mut rng, mut q) = (Rng::from_seed(1), *p);
            b.iter(|| {
                if !advance(black_box(&mut q), &mut rng) {
                    q = *p;
                }
            })
        });
        g.throughput(Throughput::Elements(10));
        g.bench_with_input(BenchmarkId::new("equity10x40", name), &p, |b, p| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                estimate_equity(black_box(p), 10, 40, &mut Rng::from_seed(seed))
            })
        });
    }
    g.finish();
}

/// The win-probability model from scratch (issue 12): inputs and inference, one position per
/// iteration over the five benchmark positions.
fn winprob(c: &mut Criterion) {
    let positions: Vec<Position> = POSITIONS.iter().map(|(_, fen)| position(fen)).collect();
    let mut g = c.benchmark_group("winprob");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("scratch/5positions", |b| {
        b.iter(|| positions.iter().map(|p| model_chances(black_box(p)).mover).sum::<f32>())
    });
    // The shipped net alone from scratch: what the analysis judges a roll's turns by.
    g.bench_function("net/5positions", |b| {
        b.iter(|| positions.iter().map(|p| net_chances(black_box(p)).mover).sum::<f32>())
    });
    // The calibrated win probability: the net and the exact king-capture probabilities.
    g.bench_function("calibrated/5positions", |b| {
        b.iter(|| positions.iter().map(|p| win_chances(black_box(p)).mover).sum::<f32>())
    });
    // The leaves a search evaluates: every legal turn's end (turn ended) of the five positions
    // with PNB, from scratch and with the piece-square sums updated from the root's.
    let mut leaves = Vec::new();
    for (_, fen) in POSITIONS {
        let root = position(&format!("{fen} {DICE_123}"));
        let Some(turns) = Turns::of_position(&root) else { continue };
        for t in legal_turns(&turns) {
            let mut end = t.end;
            end.end_turn();
            leaves.push((root, PsqAccumulator::of(&root), end));
        }
    }
    g.throughput(Throughput::Elements(leaves.len() as u64));
    g.bench_function("leaves/scratch", |b| {
        b.iter(|| leaves.iter().map(|(_, _, end)| model_chances(black_box(end)).mover).sum::<f32>())
    });
    g.bench_function("leaves/incremental", |b| {
        b.iter(|| {
            leaves
                .iter()
                .map(|(root, acc, end)| {
                    let mut acc = *acc;
                    acc.update(root, black_box(end));
                    acc.chances(end).mover
                })
                .sum::<f32>()
        })
    });
    g.throughput(Throughput::Elements(positions.len() as u64));
    // The roll model (issue 13): the same positions with the dice PNB.
    let rolls: Vec<Position> = POSITIONS.iter().map(|(_, fen)| position(&format!("{fen} {DICE_123}"))).collect();
    g.bench_function("roll/5positions", |b| {
        b.iter(|| rolls.iter().map(|p| roll_estimate(black_box(p)).mover).sum::<f32>())
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config(500, 1500);
    targets = kcp, equity, decisions, expectimax, expectimax_v2, expectimax_nnue, rollout, winprob
}
criterion_main!(benches);
