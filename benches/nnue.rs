//! The NNUE evaluator's cost (issue 32): one micro-move's accumulator update plus the output, at
//! the target shape (hidden 256, dense 16) with random weights (the cost does not depend on their
//! values), and the same with the shipped net (`nnue_shipped/*`, its shape).
//! `update+output` replays the micro-moves of seeded random games and counts them; `update` and
//! `output` split it; `view update+output` is what `expectimax-nnue`'s evaluator does (one view,
//! the side to move's, followed and read); `refresh` is an accumulator from scratch.
//!
//! Run: `cargo bench --bench nnue` (under a minute). Results go in BENCHMARKS.md. `npm run bench`
//! times `update+output` in wasm on the same fixture (`common/nnue_fixture.rs`).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dicechess::search::nnue::{scan_inputs, update_view, Accumulator, Network, SHIPPED};

#[path = "common/nnue_fixture.rs"]
#[allow(dead_code)] // `Shipped`: the wasm side's second shape; this bench uses `SHIPPED` itself
mod fixture;
use fixture::{micro_moves, starts, update_and_output, Target};

fn bench(c: &mut Criterion) {
    let weights = Target::random();
    measure(c, "nnue", &weights.network());
}

/// The shipped net (`nnue::SHIPPED`, its own shape: `nnue_shipped`).
fn shipped(c: &mut Criterion) {
    measure(c, "nnue_shipped", &SHIPPED);
}

fn measure<const H: usize, const D: usize>(c: &mut Criterion, name: &str, net: &Network<'_, H, D>) {
    let net = *net;
    let pairs = micro_moves();
    let starts = starts(&net, &pairs);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("update+output", |b| b.iter(|| update_and_output(&net, &pairs, &starts)));
    group.bench_function("view update+output", |b| {
        b.iter(|| {
            let mut sink = 0;
            for ((before, after), start) in pairs.iter().zip(&starts) {
                let mut first = *start.view(after.turn());
                update_view(&mut first, &net, after.turn(), black_box(before), black_box(after));
                sink ^= net.logits(&first, &scan_inputs(black_box(after))).0[0];
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
                sink ^= acc.view(after.turn()).lanes[0];
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
                sink ^= Accumulator::refresh(&net, black_box(after)).view(after.turn()).lanes[0];
            }
            sink
        })
    });
    group.finish();
}

criterion_group!(benches, bench, shipped);
criterion_main!(benches);
