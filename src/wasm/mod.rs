//! The thin JavaScript binding layer (API.md §2.6, §5.1): `#[wasm_bindgen]` exports over
//! [`dicechess::package`], and nothing else.
//!
//! The exports are internal: only the JavaScript wrappers of `pkg-template/` call them, after they
//! have checked every argument's class (API.md §3.2). They therefore take only strings, numbers,
//! byte arrays and `undefined`, and return strings, numbers, booleans, byte arrays or `undefined`:
//! structured results as the JSON text of their Rust types, and the measured or scalar exceptions
//! (the turn tree as 16-bit codes, lists of moves as space-separated text, the game status as an
//! integer code, the Game's line forms). Every encoding is defined once, in the private module `protocol`
//! (src/wasm/protocol.rs), and decoded once, by `pkg-template/js/protocol.js`. (The doc comments
//! of the exports restate their forms: wasm-bindgen copies them into the published glue, which
//! stays the same byte for byte.)
//!
//! The full build (features `search` and `book`) adds the bot, equity, registry and book exports
//! of [`search`] and [`book`] (API.md §3.4, marked F), with the instance's one registry and the
//! `performance.now()` clock of [`clock`]; the rules build contains none of them.
//!
//! The benchmark-only feature `bench-exports` (never published) adds raw exports for
//! `npm run bench`: [`enumerate_legal_turns`], and with `search` the library calls of [`bench`].
//! `bench-boundary` and `bench-serde` (never published either) add the boundary's conversions of
//! [`bench_boundary`], in the package's forms and with serde-wasm-bindgen (issue 15).
//!
//! No game logic lives here, and nothing here may panic: the lints below deny every panic path.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable,
    clippy::todo,
    clippy::unimplemented,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use wasm_bindgen::prelude::wasm_bindgen;

use dicechess::package;

#[cfg(feature = "book")]
mod analysis_exports;
#[cfg(all(feature = "bench-exports", feature = "search"))]
mod bench;
#[cfg(feature = "bench-boundary")]
mod bench_boundary;
#[cfg(feature = "book")]
mod book_exports;
#[cfg(feature = "search")]
mod clock_exports;
mod game_exports;
mod protocol;
#[cfg(feature = "search")]
mod search_exports;

#[cfg(feature = "book")]
pub use analysis_exports::{analyze_turn, review_game, review_turn, win_probability};
#[cfg(all(feature = "bench-exports", feature = "search"))]
pub use bench::{
    choose_turn, estimate_equity, expectimax_search, expectimax_v2_search, kcp_numerator, nnue_shipped_update_output,
    nnue_update_output, win_chances_batch,
};
#[cfg(feature = "bench-boundary")]
pub use bench_boundary::*;
#[cfg(feature = "book")]
pub use book_exports::{
    encode_book, register_book_bot_bytes, register_book_bot_text, unregister_bot, validate_book_bytes,
    validate_book_text,
};
#[cfg(feature = "search")]
pub use clock_exports::{moment_from_ms, PerformanceClock};
pub use game_exports::{
    game_agree_draw, game_continue_seeded, game_end_recorded, game_free, game_history, game_new, game_play,
    game_play_recorded, game_play_turn, game_resign, game_roll, game_state, game_step, game_tree,
};
#[cfg(feature = "book")]
pub use game_exports::{game_notation, notation_records};
#[cfg(feature = "search")]
pub use search_exports::{available_bots, available_time_policies, best_move, equity, should_bot};

/// Which feature set this module was built with, as the wrappers spell it.
const FEATURE_SET: &str = if cfg!(feature = "search") { "full" } else { "rules" };

/// Installs `console_error_panic_hook`, so that a panic (a bug: API.md §5.1 forbids them) still
/// reports its message before the instance traps.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The build identifier the wrappers compare with their own (API.md §2.5, §7.1):
/// `"<crate version>/<full|rules>"`.
#[wasm_bindgen]
pub fn build_id() -> String {
    let mut id = String::from(env!("CARGO_PKG_VERSION"));
    id.push('/');
    id.push_str(FEATURE_SET);
    id
}

use protocol::{join_list, split_list, status_code};

/// `getLegalUciMoves`: space-separated UCI moves.
#[wasm_bindgen]
pub fn legal_uci_moves(dfen: &str) -> String {
    #[cfg(feature = "test-trap")]
    trap_on_request(dfen);
    join_list(package::legal_uci_moves(dfen))
}

/// Test-only (feature `test-trap`): panics on the input `"!trap"`, so that the JavaScript tests can
/// check the wrappers' last-resort path of API.md §5.1 (report once, neutral values from then on).
#[cfg(feature = "test-trap")]
#[allow(clippy::panic)]
fn trap_on_request(dfen: &str) {
    if dfen == "!trap" {
        panic!("test-trap: a deliberate panic");
    }
}

/// Benchmark-only (feature `bench-exports`): the raw legal-turn enumeration, see
/// [`package::enumerate_legal_turns`].
#[cfg(feature = "bench-exports")]
#[wasm_bindgen]
pub fn enumerate_legal_turns(dfen: &str) -> f64 {
    package::enumerate_legal_turns(dfen) as f64
}

/// `getLegalTurnTree`: the tree as 16-bit codes (see [`package::turn_subtree_codes`]); `undefined`
/// past the cap (the wrapper's `null`).
#[wasm_bindgen]
pub fn legal_turn_tree(dfen: &str) -> Option<Vec<u16>> {
    package::legal_turn_tree_codes(dfen)
}

/// `countLegalTurns`: exact below 2^53, far above any roll's count.
#[wasm_bindgen]
pub fn count_legal_turns(dfen: &str) -> f64 {
    package::count_legal_turns(dfen) as f64
}

/// `getPlayableDice`: `moves` is space-separated (the wrapper maps `undefined`/`null` to `""`).
#[wasm_bindgen]
pub fn playable_dice(dfen: &str, moves: &str) -> Option<String> {
    let moves = split_list(moves);
    package::playable_dice(dfen, Some(&moves))
}

/// `generateMoves`: space-separated UCI moves.
#[wasm_bindgen]
pub fn generate_moves(dfen: &str) -> String {
    join_list(package::generate_moves(dfen))
}

/// `applyMove`; `promotion` `undefined` means not given.
#[wasm_bindgen]
pub fn apply_move(dfen: &str, from: &str, to: &str, promotion: Option<String>) -> Option<String> {
    package::apply_move(dfen, from, to, promotion.as_deref())
}

/// `applyTurn`: `moves` is space-separated.
#[wasm_bindgen]
pub fn apply_turn(dfen: &str, moves: &str) -> Option<String> {
    let moves = split_list(moves);
    package::apply_turn(dfen, &moves)
}

/// `endTurn`.
#[wasm_bindgen]
pub fn end_turn(dfen: &str) -> Option<String> {
    package::end_turn(dfen)
}

/// `perft` with the JavaScript depth cap; `depth` is an integer-valued number (checked by the
/// wrapper), converted with saturation. Leaf counts below 2^53 are exact as numbers.
#[wasm_bindgen]
pub fn perft(dfen: &str, depth: f64) -> f64 {
    // `as` saturates (NaN becomes 0); the core rejects depths outside 0..=PERFT_MAX_DEPTH_JS.
    #[allow(clippy::cast_possible_truncation)]
    let depth = depth as i64;
    #[allow(clippy::cast_precision_loss)]
    let nodes = package::perft(dfen, depth, package::PERFT_MAX_DEPTH_JS) as f64;
    nodes
}

/// `getPieceFromDice`; `face` is an integer-valued number (checked by the wrapper).
#[wasm_bindgen]
pub fn piece_from_dice(face: f64) -> Option<String> {
    #[allow(clippy::cast_possible_truncation)]
    let face = face as i64;
    package::piece_from_dice(face).map(String::from)
}

/// `canonicalKey`.
#[wasm_bindgen]
pub fn canonical_key(dfen: &str) -> Option<String> {
    package::canonical_key(dfen)
}

/// `getGameStatus` as a code: 0 invalid DFEN, 1 not over, 2 over with White the winner, 3 over with
/// Black the winner, 4 over without a winner.
#[wasm_bindgen]
pub fn game_status(dfen: &str) -> u32 {
    status_code(package::game_status(dfen))
}

/// `getBoard`: the squares and the other fields (see [`package::board`]).
#[wasm_bindgen]
pub fn board(dfen: &str) -> Option<String> {
    package::board(dfen)
}
