//! The encodings of the boundary between the `.wasm` exports and the JavaScript wrappers, Rust side.
//!
//! The exports take and return only strings, numbers, booleans, `undefined` (`Option::None`) and
//! byte arrays; the structured values of the API cross in the forms below, each built or read in
//! one place: the functions of this module, and for the full-only forms the one export that uses
//! each, in src/wasm/search_exports.rs (kept inline there: moved here, they changed the optimised full
//! module by some tens of bytes; as they are, both modules are byte for byte those of before).
//! The JavaScript side is `pkg-template/js/protocol.js` (one decoding module; the exports' types
//! are in `pkg-template/js/glue.d.ts`); the two must change together.
//!
//! | form | text | used by |
//! | --- | --- | --- |
//! | list | items separated by single spaces, `""` = empty list (both directions) | [`join_list`], [`split_list`]: UCI moves in and out; `search::available_time_policies` |
//! | tree | `Uint16Array` of node codes, depth first, `undefined` past the cap (issue 15: building the objects from it is faster than `JSON.parse` of the text) | `legal_turn_tree`, `game_tree`: [`dicechess::package::turn_subtree_codes`] |
//! | JSON | JSON text, `JSON.parse`d by the wrapper | `available_bots`, book reports |
//! | best move | `"<score> <budgetMs> <stop> <uci>…"`: two integers, why the search stopped, then the turn's moves | `search::best_move` |
//! | status | an integer code: 0 invalid DFEN, 1 not over, 2 White won, 3 Black won, 4 over without a winner | [`status_code`] |
//! | question | an integer code: 0 offer double, 1 accept double, 2 offer draw, 3 accept draw | `search::should_bot` |
//! | equity | six numbers in the order `whiteWin, blackWin, undecided, rollouts, standardError, varianceReductionVsVanilla` | `search::equity` |
//!
//! `serde-wasm-bindgen` was measured against these forms (issue 15, `scripts/bench-boundary.mjs`,
//! BENCHMARKS.md): slower for the options, the best move, equity and the turn tree, about twice as
//! fast for the bot list and a book report, and +9 KB for the bot list alone (+49 KB for every
//! value) against a full module within 0.4 KB of its budget; the text forms stay.

use dicechess::package;

/// A list as the boundary carries it: the items joined by single spaces (`""` for none).
pub(super) fn join_list(items: Vec<String>) -> String {
    items.join(" ")
}

/// The items of a list argument; `""` (and any empty item) is no item.
pub(super) fn split_list(list: &str) -> Vec<&str> {
    list.split(' ').filter(|m| !m.is_empty()).collect()
}

/// The integer code of a game status (`getGameStatus`); 0 for an invalid DFEN.
pub(super) fn status_code(status: Option<package::GameStatus>) -> u32 {
    match status {
        None => 0,
        Some(package::GameStatus { over: false, .. }) => 1,
        Some(package::GameStatus { winner: Some(dicechess::Color::White), .. }) => 2,
        Some(package::GameStatus { winner: Some(dicechess::Color::Black), .. }) => 3,
        Some(package::GameStatus { winner: None, .. }) => 4,
    }
}
