//! Native side of `npm run bench`'s wasm-versus-native comparison: mean microseconds per call of
//! the turn-tree JSON (`dicechess::api::legal_turn_tree_json`, the function behind the wasm export)
//! for each roll given on the command line, printed as one JSON object.
//!
//! `cargo run --release --example native_turns -- "<dfen with dice>"...`

use std::time::Instant;

fn main() {
    let mut out = Vec::new();
    for roll in std::env::args().skip(1) {
        let mut calls = 0u64;
        let start = Instant::now();
        while start.elapsed().as_millis() < 200 || calls < 20 {
            std::hint::black_box(dicechess::api::legal_turn_tree_json(std::hint::black_box(&roll)));
            calls += 1;
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / calls as f64;
        out.push(format!("{:?}:{us:.3}", roll));
    }
    println!("{{{}}}", out.join(","));
}
