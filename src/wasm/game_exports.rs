//! The `Game` object's exports (issue 14), in every build: thin wrappers over [`dicechess::package::game_text`],
//! whose table holds the games by handle. Arguments are checked by pkg-template/js/game.js.

use wasm_bindgen::prelude::wasm_bindgen;

use super::protocol::split_list;
use dicechess::package::game_text as game;
use dicechess::GameOptions;

/// A new game: `start` a DFEN (`undefined`: the standard start), `seed` for seeded dice
/// (`undefined`: the host's), the host rules; the handle, 0 if refused.
#[wasm_bindgen]
pub fn game_new(start: Option<String>, seed: Option<f64>, halfmove_draw: bool, turn_cap: f64) -> u32 {
    // `as` saturates; the wrapper passes 0 for no cap.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let cap = turn_cap as u32;
    let options = GameOptions { halfmove_draw, turn_cap: (cap > 0).then_some(cap) };
    game::create(start.as_deref(), seed.and_then(dicechess::package::seed_from_number), options)
}

/// Frees a game.
#[wasm_bindgen]
pub fn game_free(handle: u32) {
    game::free(handle);
}

/// The state text of [`game::state`].
#[wasm_bindgen]
pub fn game_state(handle: u32) -> Option<String> {
    game::state(handle)
}

/// The history text of [`game::history`].
#[wasm_bindgen]
pub fn game_history(handle: u32) -> Option<String> {
    game::history(handle)
}

/// The turn tree left, as the codes of `getLegalTurnTree` (`undefined` past the cap).
#[wasm_bindgen]
pub fn game_tree(handle: u32) -> Option<Vec<u16>> {
    game::tree_codes(handle)
}

/// Plays a micro-move (UCI).
#[wasm_bindgen]
pub fn game_play(handle: u32, uci: &str) -> bool {
    game::play(handle, uci)
}

/// Plays a whole turn (space-separated UCI moves).
#[wasm_bindgen]
pub fn game_play_turn(handle: u32, moves: &str) -> bool {
    game::play_turn(handle, &split_list(moves))
}

/// The host's roll (a dice field).
#[wasm_bindgen]
pub fn game_roll(handle: u32, dice: &str) -> bool {
    game::roll(handle, dice)
}

/// Undo and redo: `kind` 0 a micro-move back, 1 forward, 2 a turn back, 3 forward.
#[wasm_bindgen]
pub fn game_step(handle: u32, kind: u32) -> bool {
    game::with_game(handle, |g| match kind {
        0 => g.undo(),
        1 => g.redo(),
        2 => g.undo_turn(),
        3 => g.redo_turn(),
        _ => false,
    })
    .unwrap_or(false)
}

/// `color` (`"white"` or `"black"`) resigns.
#[wasm_bindgen]
pub fn game_resign(handle: u32, color: &str) -> bool {
    game::resign(handle, color)
}

/// The players agree a draw.
#[wasm_bindgen]
pub fn game_agree_draw(handle: u32) -> bool {
    game::with_game(handle, dicechess::Game::agree_draw).unwrap_or(false)
}

/// A record's next turn: `""` or why it cannot be played.
#[wasm_bindgen]
pub fn game_play_recorded(handle: u32, dice: &str, moves: &str) -> String {
    game::play_recorded(handle, dice, &split_list(moves))
}

/// From now on, seeded dice (a game read from a record that goes on).
#[wasm_bindgen]
pub fn game_continue_seeded(handle: u32, seed: f64) -> bool {
    dicechess::package::seed_from_number(seed).is_some_and(|s| game::continue_seeded(handle, s))
}

/// A record's stated ending: `""` or why it disagrees.
#[wasm_bindgen]
pub fn game_end_recorded(handle: u32, result: &str, termination: Option<String>) -> String {
    game::end_as_recorded(handle, result, termination.as_deref())
}

/// The game in the notation, with record fields as `name\tvalue` lines (full build: the
/// notation's reader and writer are not in the rules module).
#[cfg(feature = "book")]
#[wasm_bindgen]
pub fn game_notation(handle: u32, fields: &str) -> Option<String> {
    game::notation(handle, fields)
}

/// The records of a notated text (JSON array), or `E<line> <column> <message>` (full build).
#[cfg(feature = "book")]
#[wasm_bindgen]
pub fn notation_records(text: &str) -> String {
    game::notation_records(text)
}
