//! The NNUE evaluator's cost (issue 32): one micro-move's accumulator update plus the output, at
//! the target shape (hidden 256, dense 16) with random weights (the cost does not depend on their
//! values), and the same with the shipped net (`nnue_shipped/*`, its shape). `nnue/update+output` replays the micro-moves of seeded random games and counts them;
//! `nnue/update` and `nnue/output` split it; `nnue/view update+output` is what `expectimax-nnue`'s
//! evaluator does (one view, the side to move's, followed and read); `nnue/refresh` is an
//! accumulator from scratch.
//!
//! Run: `cargo bench --bench nnue` (under a minute). Results go in BENCHMARKS.md. Native only: the
//! wasm cost is not measured yet (docs/NOTES.md, "The NNUE evaluator").

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dicechess::search::nnue::{update_view, Accumulator, Network, INPUTS, SHIPPED};
use dicechess::{legal_turns, Position, Rng, Turns};

const H: usize = 256;
const D: usize = 16;

struct Weights {
    input_weights: Box<[[i16; H]; INPUTS]>,
    input_bias: [i16; H],
    hidden_weights: Box<[[i16; H]; D]>,
    hidden_bias: [i32; D],
    output_weights: [[i16; D]; 3],
    output_bias: [i32; 3],
}

fn random_weights() -> Weights {
    let mut rng = Rng::from_seed(3);
    let mut small = |span: usize| (rng.index(2 * span + 1) as i32 - span as i32) as i16;
    let mut input_weights = Box::new([[0i16; H]; INPUTS]);
    input_weights.iter_mut().flatten().for_each(|w| *w = small(30));
    let mut hidden_weights = Box::new([[0i16; H]; D]);
    hidden_weights.iter_mut().flatten().for_each(|w| *w = small(127));
    Weights {
        input_weights,
        input_bias: std::array::from_fn(|_| small(60)),
        hidden_weights,
        hidden_bias: std::array::from_fn(|_| i32::from(small(2000))),
        output_weights: std::array::from_fn(|_| std::array::from_fn(|_| small(127))),
        output_bias: std::array::from_fn(|_| i32::from(small(2000))),
    }
}

/// The (before, after) pairs of every micro-move and turn end of seeded random games.
fn micro_moves() -> Vec<(Position, Position)> {
    let mut rng = Rng::from_seed(9);
    let mut pairs = Vec::new();
    for _ in 0..8 {
        let mut pos = Position::initial();
        for _ in 0..60 {
            if pos.is_finished() {
                break;
            }
            let mut node = pos;
            node.set_dice(rng.three_dice());
            if let Some(turns) = Turns::of_position(&node) {
                let list = legal_turns(&turns);
                let turn = &list[rng.index(list.len())];
                let mut spent = 0;
                for &m in turn.moves() {
                    let Some(step) = turns.step(&node, spent, m) else { break };
                    pairs.push((node, step.position));
                    (node, spent) = (step.position, step.spent);
                }
            }
            let before = node;
            node.end_turn();
            pairs.push((before, node));
            pos = node;
        }
    }
    pairs
}

fn bench(c: &mut Criterion) {
    let w = random_weights();
    let net = Network {
        input_weights: &w.input_weights,
        input_bias: &w.input_bias,
        hidden_weights: &w.hidden_weights,
        hidden_bias: &w.hidden_bias,
        output_weights: &w.output_weights,
        output_bias: &w.output_bias,
    };
    measure(c, "nnue", &net);
}

/// The shipped net (`nnue::SHIPPED`, its own shape: `nnue_shipped`).
fn shipped(c: &mut Criterion) {
    measure(c, "nnue_shipped", &SHIPPED);
}

fn measure<const H: usize, const D: usize>(c: &mut Criterion, name: &str, net: &Network<'_, H, D>) {
    let net = *net;
    let pairs = micro_moves();
    let starts: Vec<Accumulator<H>> = pairs.iter().map(|(before, _)| Accumulator::refresh(&net, before)).collect();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("update+output", |b| {
        b.iter(|| {
            let mut sink = 0;
            for ((before, after), start) in pairs.iter().zip(&starts) {
                let mut acc = *start;
                acc.update(&net, black_box(before), black_box(after));
                sink ^= acc.logits(&net, after).0[0];
            }
            sink
        })
    });
    group.bench_function("view update+output", |b| {
        b.iter(|| {
            let mut sink = 0;
            for ((before, after), start) in pairs.iter().zip(&starts) {
                let mut lanes = *start.view(after.turn());
                update_view(&mut lanes, &net, after.turn(), black_box(before), black_box(after));
                sink ^= net.logits(&lanes).0[0];
            }
            sink
        })
    });
    group.bench_function("update", |b| {
        b.iter(|| {
            let mut sink = 0;
            for ((before, after), start) in pairs.iter().zip(&starts) {
                let mut acc = *start;
                acc.update(&net, black_box(before), black_box(after));
                sink ^= acc.view(after.turn())[0];
            }
            sink
        })
    });
    group.bench_function("output", |b| {
        b.iter(|| {
            let mut sink = 0;
            for ((_, after), start) in pairs.iter().zip(&starts) {
                sink ^= start.logits(&net, black_box(after)).0[0];
            }
            sink
        })
    });
    group.bench_function("refresh", |b| {
        b.iter(|| {
            let mut sink = 0;
            for (_, after) in &pairs {
                sink ^= Accumulator::refresh(&net, black_box(after)).view(after.turn())[0];
            }
            sink
        })
    });
    group.finish();
}

criterion_group!(benches, bench, shipped);
criterion_main!(benches);
