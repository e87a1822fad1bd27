//! The full entry's analysis exports (docs/ANALYSIS.md): thin wrappers over [`dicechess::package`]'s
//! analysis functions. Every result crosses as the JSON text of its Rust type (module `protocol`).

use wasm_bindgen::prelude::wasm_bindgen;

use super::clock_exports::{moment_from_ms, PerformanceClock};
use super::protocol::{json, split_list};
use dicechess::package::seed_from_number;
use dicechess::package::{self, AnalyzeOptions, ReviewOptions};

/// `getWinProbability(dfen)`: the JSON text of [`dicechess::analysis::WinProbability`], or
/// `undefined` for an invalid DFEN.
#[wasm_bindgen]
pub fn win_probability(dfen: &str) -> Option<String> {
    package::win_probability(dfen).map(|p| json(&p))
}

/// `analyzeTurn(dfen, options)`: the JSON text of [`package::AnalyzeTurnResult`], or `undefined`
/// for an invalid DFEN. `entered` is the wrapper's `performance.now()` at the call's entry.
#[wasm_bindgen]
pub fn analyze_turn(
    dfen: &str,
    time_budget_ms: Option<f64>,
    top_n: Option<f64>,
    seed: Option<f64>,
    entered: f64,
) -> Option<String> {
    let options = AnalyzeOptions { time_budget_ms, top_n, seed: seed.and_then(seed_from_number) };
    package::analyze_turn(dfen, &options, &PerformanceClock, moment_from_ms(entered)).map(|result| json(&result))
}

/// `reviewTurn(roll, moves, options)`: the turn's review as JSON text, or `undefined` when there
/// is none (invalid DFEN, not a roll, not a legal turn). `moves` is a space-separated list.
#[wasm_bindgen]
pub fn review_turn(dfen: &str, moves: &str, time_budget_ms: Option<f64>) -> Option<String> {
    let review =
        package::review_turn(dfen, &split_list(moves), &ReviewOptions { time_budget_ms }, &PerformanceClock).ok()?;
    Some(json(&review))
}

/// `reviewGame(game, options)`: `{"ok": true, "id", "result", "turns", "white", "black"}` or
/// `{"ok": false, "error"}` as JSON text.
#[wasm_bindgen]
pub fn review_game(record: &str, time_budget_ms: Option<f64>) -> String {
    /// `{"ok": true, …the review}` or `{"ok": false, "error"}`.
    #[derive(serde::Serialize)]
    struct Reply {
        ok: bool,
        #[serde(flatten)]
        review: Option<dicechess::analysis::GameReview>,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<String>,
    }
    let reply = match package::review_game(record, &ReviewOptions { time_budget_ms }, &PerformanceClock) {
        Ok(review) => Reply { ok: true, review: Some(review), error: None },
        Err(e) => Reply { ok: false, review: None, error: Some(e.to_string()) },
    };
    json(&reply)
}
