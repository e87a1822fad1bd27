//! Native side of `npm run bench`'s wasm-versus-native comparison: mean microseconds per call of
//! the legal-turn enumeration (`dicechess::package::enumerate_legal_turns`) and of the turn tree in the codes of the wasm export
//! (`dicechess::package::legal_turn_tree_codes`) — the functions behind the wasm exports — for each
//! roll given on the command line, printed as one JSON object `{roll: [enumerate, tree]}`.
//!
//! `cargo run --release --example native_turns -- "<dfen with dice>"...`

mod common;

fn main() {
    let mut out = Vec::new();
    for roll in std::env::args().skip(1) {
        let enumerate = common::time(|| {
            std::hint::black_box(dicechess::package::enumerate_legal_turns(std::hint::black_box(&roll)));
        });
        let tree = common::time(|| {
            std::hint::black_box(dicechess::package::legal_turn_tree_codes(std::hint::black_box(&roll)));
        });
        out.push(format!("{:?}:[{enumerate:.3},{tree:.3}]", roll));
    }
    println!("{{{}}}", out.join(","));
}
