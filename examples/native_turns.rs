//! Native side of `npm run bench`'s wasm-versus-native comparison: mean microseconds per call of
//! the legal-turn enumeration (`dicechess::api::enumerate_legal_turns`) and of the turn-tree JSON
//! (`dicechess::api::legal_turn_tree_json`) — the functions behind the wasm exports — for each
//! roll given on the command line, printed as one JSON object `{roll: [enumerate, tree]}`.
//!
//! `cargo run --release --example native_turns -- "<dfen with dice>"...`

use std::time::Instant;

fn main() {
    let mut out = Vec::new();
    for roll in std::env::args().skip(1) {
        let enumerate = time(|| {
            std::hint::black_box(dicechess::api::enumerate_legal_turns(std::hint::black_box(&roll)));
        });
        let tree = time(|| {
            std::hint::black_box(dicechess::api::legal_turn_tree_json(std::hint::black_box(&roll)));
        });
        out.push(format!("{:?}:[{enumerate:.3},{tree:.3}]", roll));
    }
    println!("{{{}}}", out.join(","));
}

/// Mean microseconds per call of `f` over at least 200 ms and 20 calls, after 20 warm-up calls.
fn time(mut f: impl FnMut()) -> f64 {
    (0..20).for_each(|_| f());
    let mut calls = 0u64;
    let start = Instant::now();
    while start.elapsed().as_millis() < 200 || calls < 20 {
        f();
        calls += 1;
    }
    start.elapsed().as_secs_f64() * 1e6 / calls as f64
}
