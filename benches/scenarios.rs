//! The searching bots on the deterministic scenario suite (`../shared/conformance/search/
//! scenarios.json`, read at run time and never copied): untimed `expectimax` on every scenario and
//! seed of the catalog, and `monte-carlo`'s exact untimed scores on the two small scenarios (the
//! former `probe_searching_bots_on_scenarios` of tests/search.rs; the conformance test
//! `conformance_search::scenarios_searching_bots` checks the same choices and scores).
//!
//! Run: `cargo bench --bench scenarios` (a few minutes). Each benchmark first asserts that its
//! result is the vector's, so a number is never measured on a wrong answer.

mod common;

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dicechess::search::{ExpectimaxBot, MonteCarloBot};
use dicechess::Roll;
use dicechess::{choose_turn, legal_turns, Rng};
use dicechess::{Position, Turns};
use serde_json::Value;

/// The scenarios whose monte-carlo scores are benchmarked (few legal turns).
const MONTE_CARLO_SCENARIOS: [&str; 2] = ["defensive-king-leaves-rook-file", "tactical-capture-higher-value-piece"];

fn strings(v: &Value) -> Vec<String> {
    v.as_array().expect("an array").iter().map(|m| m.as_str().expect("a string").to_owned()).collect()
}

/// `(id, position, seed, the seeded run)` for every scenario and seed of the vectors.
fn runs() -> Vec<(String, Position, u64, Value)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/search/scenarios.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let data: Value = serde_json::from_str(&text).expect("JSON");
    let scenarios = data["catalog"]["scenarios"].as_array().expect("scenarios");
    let expectations = data["expectations"].as_array().expect("expectations");
    let mut out = Vec::new();
    for (sc, ex) in scenarios.iter().zip(expectations) {
        let id = sc["id"].as_str().expect("id").to_owned();
        let pos = Position::from_dfen(sc["dfen"].as_str().expect("dfen")).expect("a valid DFEN");
        for run in ex["seeded"].as_array().expect("seeded") {
            out.push((id.clone(), pos, run["seed"].as_u64().expect("seed"), run.clone()));
        }
    }
    out
}

fn uci(moves: &[dicechess::Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

fn expectimax(c: &mut Criterion) {
    let mut g = c.benchmark_group("scenarios/expectimax");
    for (id, pos, seed, run) in runs() {
        let choose = || choose_turn(&ExpectimaxBot, Roll::new(&pos).expect("a roll"), &mut Rng::from_seed(seed), None);
        assert_eq!(uci(&choose().moves), strings(&run["bots"]["expectimax"]), "{id} seed {seed}");
        g.bench_function(BenchmarkId::new(&id, seed), |b| b.iter(|| black_box(choose())));
    }
    g.finish();
}

fn monte_carlo(c: &mut Criterion) {
    let mut g = c.benchmark_group("scenarios/monte-carlo-scores");
    for (id, pos, seed, run) in runs().into_iter().filter(|r| MONTE_CARLO_SCENARIOS.contains(&r.0.as_str())) {
        let list = Turns::of_position(&pos).map(|t| legal_turns(&t)).unwrap_or_default();
        let scores = || MonteCarloBot::untimed_scores(&pos, &list, &mut Rng::from_seed(seed));
        let want: Vec<i64> = run["monteCarloScores"]
            .as_array()
            .expect("monteCarloScores")
            .iter()
            .map(|p| p[1].as_i64().expect("a score"))
            .collect();
        assert_eq!(scores(), want, "{id} seed {seed}");
        g.bench_function(BenchmarkId::new(&id, seed), |b| b.iter(|| black_box(scores())));
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config(500, 2000);
    targets = expectimax, monte_carlo
}
criterion_main!(benches);
