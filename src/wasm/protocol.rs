//! The encodings of the boundary between the `.wasm` exports and the JavaScript wrappers, Rust side.
//!
//! The exports take and return only strings, numbers, booleans, `undefined` (`Option::None`) and
//! byte arrays; the structured values of the API cross in these forms, each built or read here
//! only. The JavaScript side is `pkg-template/js/protocol.js` (one decoding module; the exports'
//! types are in `pkg-template/js/glue.d.ts`); the two must change together.
//!
//! | form | text | used by |
//! | --- | --- | --- |
//! | list | items separated by single spaces, `""` = empty list (both directions) | [`join_list`], [`split_list`]: UCI moves in and out, time policy ids |
//! | JSON | JSON text, `JSON.parse`d by the wrapper | the turn tree, `available_bots`, book reports |
//! | best move | `"<score> <budgetMs> <uci>…"`: two integers, then the turn's moves | [`best_move_text`] |
//! | status | an integer code: 0 invalid DFEN, 1 not over, 2 White won, 3 Black won, 4 over without a winner | [`status_code`] |
//! | question | an integer code: 0 offer double, 1 accept double, 2 offer draw, 3 accept draw | [`question_of_code`] |
//! | equity | six numbers in the order `whiteWin, blackWin, undecided, rollouts, standardError, varianceReductionVsVanilla` | [`equity_vector`] |
//!
//! A structured conversion (wasm-bindgen's `JsValue` objects, `serde-wasm-bindgen`) would add glue
//! code and a dependency for values the wrappers rebuild as fresh plain objects anyway; the text
//! forms are small, fast to split, and the same for the Node and the web glue.

use crate::api;

/// A list as the boundary carries it: the items joined by single spaces (`""` for none).
pub(super) fn join_list<S: std::borrow::Borrow<str>>(items: &[S]) -> String {
    items.join(" ")
}

/// The items of a list argument; `""` (and any empty item) is no item.
pub(super) fn split_list(list: &str) -> Vec<&str> {
    list.split(' ').filter(|m| !m.is_empty()).collect()
}

/// The integer code of a game status (`getGameStatus`); 0 for an invalid DFEN.
pub(super) fn status_code(status: Option<api::GameStatus>) -> u32 {
    match status {
        None => 0,
        Some(api::GameStatus { over: false, .. }) => 1,
        Some(api::GameStatus { winner: Some(crate::Color::White), .. }) => 2,
        Some(api::GameStatus { winner: Some(crate::Color::Black), .. }) => 3,
        Some(api::GameStatus { winner: None, .. }) => 4,
    }
}

/// The best-move text: `"<score> <budgetMs>"` followed by the turn's UCI moves, all separated by
/// single spaces.
#[cfg(feature = "search")]
pub(super) fn best_move_text(score: i64, budget_ms: u64, moves: &[String]) -> String {
    let mut out = score.to_string();
    out.push(' ');
    out.push_str(&budget_ms.to_string());
    for m in moves {
        out.push(' ');
        out.push_str(m);
    }
    out
}

/// The decision question of a code; `None` for anything but 0..=3.
#[cfg(feature = "search")]
pub(super) fn question_of_code(code: u32) -> Option<crate::search::Question> {
    use crate::search::Question;
    match code {
        0 => Some(Question::OfferDouble),
        1 => Some(Question::AcceptDouble),
        2 => Some(Question::OfferDraw),
        3 => Some(Question::AcceptDraw),
        _ => None,
    }
}

/// The equity vector: the six fields of `EquityResult` by position.
#[cfg(feature = "search")]
pub(super) fn equity_vector(
    white_win: f64,
    black_win: f64,
    undecided: f64,
    rollouts: f64,
    standard_error: f64,
    variance_reduction_vs_vanilla: f64,
) -> Vec<f64> {
    vec![white_win, black_win, undecided, rollouts, standard_error, variance_reduction_vs_vanilla]
}
