//! Rules benchmarks (issue 2): DFEN parse, generation per die, full legal-turn enumeration, tree
//! building and perft, on the five reference positions.
//!
//! Run: `cargo bench --bench rules` (about 3 minutes; small samples so it stays short). A subset:
//! `cargo bench --bench rules -- turns/kiwipete`. Results go in BENCHMARKS.md.

mod common;

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dicechess::{package as api, Position, Walk};

const POSITIONS: &[(&str, &str)] = &[
    ("initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("promotion", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"),
];

/// The rolls of the issue by face number, with their DFEN dice field (White to move).
const ROLLS: &[(&str, &str)] = &[("123", "PNB"), ("456", "RQK"), ("111", "PPP"), ("642", "KRN"), ("555", "QQQ")];

/// One die of each face.
const DICE: &[(&str, &str)] = &[("1", "P"), ("2", "N"), ("3", "B"), ("4", "R"), ("5", "Q"), ("6", "K")];

/// Legal-first-move rolls timed for the reference engine (issue 2), for a like-for-like comparison.
const FIRST_MOVES: &[(&str, &str)] =
    &[("kiwipete", "123"), ("initial", "111"), ("castling", "111"), ("kiwipete", "456")];

fn with_dice(fen: &str, dice: &str) -> String {
    format!("{fen} {dice}")
}

fn fen_of(name: &str) -> &'static str {
    POSITIONS.iter().find(|(n, _)| *n == name).expect("a known position").1
}

fn dice_of(faces: &str) -> &'static str {
    ROLLS.iter().find(|(f, _)| *f == faces).expect("a known roll").1
}

fn parse(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    for &(name, fen) in POSITIONS {
        g.bench_function(name, |b| b.iter(|| Position::from_dfen(black_box(fen))));
    }
    g.finish();
}

fn generate_per_die(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    for &(name, fen) in POSITIONS {
        for &(face, letter) in DICE {
            let dfen = with_dice(fen, letter);
            g.bench_with_input(BenchmarkId::new(name, face), &dfen, |b, dfen| {
                b.iter(|| api::generate_moves(black_box(dfen)))
            });
        }
    }
    g.finish();
}

fn turns(c: &mut Criterion) {
    let mut g = c.benchmark_group("turns");
    for &(name, fen) in POSITIONS {
        for &(faces, letters) in ROLLS {
            let pos = Position::from_dfen(&with_dice(fen, letters)).expect("a valid benchmark DFEN");
            g.bench_with_input(BenchmarkId::new(name, faces), &pos, |b, pos| {
                b.iter(|| dicechess::count_legal_turns(black_box(pos)))
            });
        }
    }
    g.finish();
}

/// Every legal turn visited with its final position (what a bot does), in generation order.
fn enumerate(c: &mut Criterion) {
    let mut g = c.benchmark_group("enumerate");
    for &(name, fen) in POSITIONS {
        for &(faces, letters) in ROLLS {
            let pos = Position::from_dfen(&with_dice(fen, letters)).expect("a valid benchmark DFEN");
            g.bench_with_input(BenchmarkId::new(name, faces), &pos, |b, pos| {
                b.iter(|| {
                    let mut n = 0u64;
                    if let Some(turns) = dicechess::Turns::of_position(black_box(pos)) {
                        let _ = turns.walk(Walk::turns().generation_order(), |_, step| {
                            black_box(&step.position);
                            n += 1;
                            ControlFlow::<()>::Continue(())
                        });
                    }
                    n
                })
            });
        }
    }
    g.finish();
}

fn first_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("first_moves");
    for &(name, faces) in FIRST_MOVES {
        let dfen = with_dice(fen_of(name), dice_of(faces));
        g.bench_with_input(BenchmarkId::new(name, faces), &dfen, |b, dfen| {
            b.iter(|| api::legal_uci_moves(black_box(dfen)))
        });
    }
    g.finish();
}

fn tree(c: &mut Criterion) {
    let mut g = c.benchmark_group("tree");
    for &(name, fen) in POSITIONS {
        for &(faces, letters) in ROLLS {
            let dfen = with_dice(fen, letters);
            g.bench_with_input(BenchmarkId::new(name, faces), &dfen, |b, dfen| {
                b.iter(|| api::legal_turn_tree_json(black_box(dfen)))
            });
        }
    }
    g.finish();
}

fn perft(c: &mut Criterion) {
    let dfen = fen_of("initial");
    let depth = 5;
    let nodes = api::perft(dfen, depth, api::PERFT_MAX_DEPTH).unsigned_abs();
    let mut g = c.benchmark_group("perft");
    // Throughput in elements = nodes per second.
    g.throughput(Throughput::Elements(nodes));
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("initial/5", |b| b.iter(|| api::perft(black_box(dfen), depth, api::PERFT_MAX_DEPTH)));
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config(300, 1000);
    targets = parse, generate_per_die, turns, enumerate, first_moves, tree, perft
}
criterion_main!(benches);
