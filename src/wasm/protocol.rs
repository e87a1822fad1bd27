//! The encodings of the boundary between the `.wasm` exports and the JavaScript wrappers, Rust side.
//!
//! The exports take and return only strings, numbers, booleans, `undefined` (`Option::None`) and
//! byte arrays. One rule for the structured values: a result crosses as the JSON text of its Rust
//! type's serde serialization ([`json`]), which `pkg-template/js/protocol.js` parses in one
//! function (`decodeJson`); the Rust types are the package's (their TypeScript declarations are
//! generated from them: src/types.rs). The exceptions, each measured or each a scalar:
//!
//! | form | text | used by |
//! | --- | --- | --- |
//! | JSON | the serde serialization of the result's Rust type (a `None` and a non-finite number as `null`: the wrapper makes a promotion `undefined` and a variance reduction `Infinity`) | `best_move`, `equity`, `available_bots`, `win_probability`, the analyses and reviews, book reports, `notation_records` |
//! | tree | `Uint16Array` of node codes, depth first, `undefined` past the cap (issue 15: building the objects from it is faster than `JSON.parse` of the text) | `legal_turn_tree`, `game_tree`: [`dicechess::package::turn_subtree_codes`] |
//! | list | items separated by single spaces, `""` = empty list (both directions) | [`join_list`], [`split_list`]: UCI moves in and out; `available_time_policies` |
//! | status | an integer code: 0 invalid DFEN, 1 not over, 2 White won, 3 Black won, 4 over without a winner | [`status_code`] (the rules module, which has no serde) |
//! | question | an argument code: 0 offer double, 1 accept double, 2 offer draw, 3 accept draw | `should_bot` |
//! | the Game's forms | lines of fields (state, history, board, record fields) | src/wasm/game_exports.rs over `package::game_text` (the rules module) |
//!
//! The rules module (no feature `search`) carries no serde: its values keep their scalar, list and
//! line forms. `serde-wasm-bindgen` was measured against the text forms (issue 15,
//! `scripts/bench-boundary.mjs`, BENCHMARKS.md): slower for the options, the best move, equity and
//! the turn tree, and +49 KB for every value; JSON text is what crosses. The JavaScript side is
//! `pkg-template/js/protocol.js`; the exports' types are in `pkg-template/js/glue.d.ts`.

use dicechess::package;

/// A list as the boundary carries it: the items joined by single spaces (`""` for none).
pub(super) fn join_list(items: Vec<String>) -> String {
    items.join(" ")
}

/// The items of a list argument; `""` (and any empty item) is no item.
pub(super) fn split_list(list: &str) -> Vec<&str> {
    list.split(' ').filter(|m| !m.is_empty()).collect()
}

/// A structured result as JSON text: the serde serialization of its Rust type (`""` should it fail,
/// which none of the package's types can).
#[cfg(feature = "search")]
pub(super) fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
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
