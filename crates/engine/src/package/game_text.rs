//! The package's `Game` object (issue 14) as Rust functions: the games live in a table, each
//! named by a handle (a positive integer; 0 means none), and every function takes a handle and
//! plain text. The JavaScript `Game` class (pkg-template/js/game.js) holds a handle and frees it;
//! JSON is JavaScript's there (a record crosses as its checked fields), the rules and the notation
//! are the crate's. A call with a stale or unknown handle gets the neutral value.
//!
//! Texts returned (decoded by pkg-template/js/protocol.js):
//! - [`state`]: fields separated by `'\n'`, in the order of [`StateField`];
//! - [`history`]: a line per completed turn, fields separated by `'\t'`: mover, dice, position
//!   before, position after, UCI moves (space-separated), SAN moves (space-separated), the turn's
//!   label in the notation (`12.`, `12...`);
//! - [`notation_records`]: the records of a notated text as a JSON array, or `E<line> <column>
//!   <message>`.

use std::cell::RefCell;

use crate::notation::{record_fields, tag_of, tag_text, FieldValue};
use crate::record::{parse_dice_field, parse_result};
use crate::{Color, Game, GameOptions, Outcome, Position, Uci};

/// The most games alive at once in one instance; creating another is refused.
pub const MAX_LIVE_GAMES: usize = 65_536;

/// The fields of [`state`], in order.
#[derive(Clone, Copy, Debug)]
pub enum StateField {
    /// The position: DFEN with the dice left.
    Position,
    /// The position at the start of the turn (no dice).
    TurnStart,
    /// The turn's roll as the mover's dice field; empty before the roll and once over.
    Roll,
    /// The dice left (the mover's case).
    DiceLeft,
    /// `white` or `black`.
    Turn,
    /// From 1.
    TurnNumber,
    /// Empty while the game goes on, else `<white|black|draw> <termination>`.
    Outcome,
    /// The legal next micro-moves (UCI, space-separated, UCI order).
    Moves,
    /// Their SAN, in the same order.
    MovesSan,
    /// The dice each spends (upper case letters, `KR` for castling), in the same order.
    MovesDice,
    /// The dice that some legal continuation spends.
    PlayableDice,
    /// The micro-moves played this turn (UCI).
    TurnMoves,
    /// Their SAN.
    TurnSan,
    /// `<can undo> <can redo>` as `0`/`1`.
    UndoRedo,
    /// The position the game started from (no dice).
    Start,
    /// `1` when that is the standard start, else `0`.
    StandardStart,
}

thread_local! {
    static GAMES: RefCell<Table> = const { RefCell::new(Table { slots: Vec::new(), free: Vec::new() }) };
}

/// The games by handle − 1, and the free slots.
struct Table {
    slots: Vec<Option<Game>>,
    free: Vec<usize>,
}

/// Runs `f` on the game `handle`; `None` for no such game.
pub fn with_game<R>(handle: u32, f: impl FnOnce(&mut Game) -> R) -> Option<R> {
    let index = (handle as usize).checked_sub(1)?;
    GAMES.with(|t| t.borrow_mut().slots.get_mut(index).and_then(Option::as_mut).map(f))
}

/// A new game from `start` (a DFEN; the standard start when `None`) whose first roll is the
/// start's dice, if any; then, with `seed`, the dice of `dicechess selfplay --seed` (from its first
/// roll), without, the host's. Returns its handle, 0 for an invalid DFEN or when
/// [`MAX_LIVE_GAMES`] are alive.
pub fn create(start: Option<&str>, seed: Option<u64>, options: GameOptions) -> u32 {
    let start = match start {
        None => Position::initial(),
        Some(text) => match Position::from_dfen(text) {
            Ok(p) => p,
            Err(_) => return 0,
        },
    };
    // The start's dice, if any, are the first roll; seeded dice follow.
    let mut game = Game::new(start, options);
    if let Some(seed) = seed {
        game.continue_seeded(seed);
    }
    GAMES.with(|t| {
        let mut t = t.borrow_mut();
        let index = match t.free.pop() {
            Some(i) => i,
            None if t.slots.len() < MAX_LIVE_GAMES => {
                t.slots.push(None);
                t.slots.len() - 1
            }
            None => return 0,
        };
        if let Some(slot) = t.slots.get_mut(index) {
            *slot = Some(game);
        }
        u32::try_from(index + 1).unwrap_or(0)
    })
}

/// Frees the game `handle` (nothing for no such game).
pub fn free(handle: u32) {
    let Some(index) = (handle as usize).checked_sub(1) else { return };
    GAMES.with(|t| {
        let mut t = t.borrow_mut();
        if let Some(slot @ Some(_)) = t.slots.get_mut(index) {
            *slot = None;
            t.free.push(index);
        }
    });
}

/// The number of games alive.
pub fn live_games() -> usize {
    GAMES.with(|t| t.borrow().slots.iter().filter(|s| s.is_some()).count())
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn join_moves(moves: impl Iterator<Item = Uci>) -> String {
    moves.map(|u| u.to_string()).collect::<Vec<_>>().join(" ")
}

/// The game's state, the fields of [`StateField`] separated by `'\n'`; `None` for no such game.
pub fn state(handle: u32) -> Option<String> {
    with_game(handle, |g| {
        let mover = g.turn();
        let legal = g.legal_moves_san();
        let outcome = g.ending().map_or(String::new(), |e| {
            format!("{} {}", e.outcome.winner().map_or("draw", color_name), e.termination.as_str())
        });
        let fields = [
            g.position().to_dfen(),
            g.turn_start().to_dfen(),
            g.roll_dice().map_or(String::new(), |d| d.to_field(mover)),
            g.dice_left().to_field(mover),
            color_name(mover).to_owned(),
            g.turn_number().to_string(),
            outcome,
            join_moves(legal.iter().map(|(m, _)| m.uci())),
            legal.iter().map(|(_, san)| san.as_str()).collect::<Vec<_>>().join(" "),
            legal.iter().map(|(m, _)| m.cost().to_field(Color::White)).collect::<Vec<_>>().join(" "),
            g.playable_dice().to_field(mover),
            join_moves(g.turn_moves().iter().map(|m| m.uci())),
            g.turn_san().join(" "),
            format!("{} {}", u8::from(g.can_undo()), u8::from(g.can_redo())),
            g.start().to_dfen(),
            u8::from(g.start() == Position::initial()).to_string(),
        ];
        fields.join("\n")
    })
}

/// The completed turns, a line each (see the module documentation).
pub fn history(handle: u32) -> Option<String> {
    with_game(handle, |g| {
        let mut out = String::new();
        for t in g.history() {
            let fields = [
                color_name(t.mover),
                &t.dice.to_field(t.mover),
                &t.before.to_dfen(),
                &t.after.to_dfen(),
                &join_moves(t.moves.iter().map(|m| m.uci())),
                &t.san.join(" "),
                &crate::notation::TurnLabel { number: t.before.fullmove_number(), color: t.mover }.to_string(),
            ];
            out.push_str(&fields.join("\t"));
            out.push('\n');
        }
        out
    })
}

/// The part of the turn tree left (JSON, as `getLegalTurnTree`); `{}` between turns, once over,
/// and for no such game.
pub fn tree(handle: u32) -> String {
    with_game(handle, |g| g.tree().map(|(turns, node, spent)| super::turn_subtree_json(&turns, node, spent)))
        .flatten()
        .unwrap_or_else(|| "{}".to_owned())
}

/// [`tree`] as the codes of [`super::turn_subtree_codes`] (what the wasm export returns): empty
/// between turns, once over and for no such game; `None` past the cap.
pub fn tree_codes(handle: u32) -> Option<Vec<u16>> {
    match with_game(handle, |g| g.tree().map(|(turns, node, spent)| super::turn_subtree_codes(&turns, node, spent))) {
        Some(Some(codes)) => codes,
        _ => Some(Vec::new()),
    }
}

/// Plays the micro-move `uci` (`false` if it is not a legal next micro-move).
pub fn play(handle: u32, uci: &str) -> bool {
    let Ok(uci) = Uci::parse(uci) else { return false };
    with_game(handle, |g| g.play(uci)).unwrap_or(false)
}

/// Plays a whole turn (`false`, and nothing played, unless it is a legal turn of the roll).
pub fn play_turn(handle: u32, moves: &[&str]) -> bool {
    let Ok(moves) = moves.iter().map(|m| Uci::parse(m)).collect::<Result<Vec<_>, _>>() else { return false };
    with_game(handle, |g| g.play_turn(&moves)).unwrap_or(false)
}

/// Rolls the host's dice (a dice field: 1 to 3 of `pnbrqk`, any case).
pub fn roll(handle: u32, dice: &str) -> bool {
    let Some(dice) = parse_dice_field(dice) else { return false };
    with_game(handle, |g| g.roll(dice)).unwrap_or(false)
}

/// `color` (`white` or `black`) resigns.
pub fn resign(handle: u32, color: &str) -> bool {
    let color = match color {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return false,
    };
    with_game(handle, |g| g.resign(color)).unwrap_or(false)
}

/// Plays the next turn of a record: its `dice` field and its UCI moves (empty for a pass). `""`
/// when played, else why not (the game is unchanged).
pub fn play_recorded(handle: u32, dice: &str, moves: &[&str]) -> String {
    let number = with_game(handle, |g| g.history().len() + 1).unwrap_or(0);
    let Some(roll) = parse_dice_field(dice) else {
        return format!("turn {number}: dice {dice:?} are not 1-3 of 'pnbrqk'");
    };
    let mut parsed = Vec::with_capacity(moves.len());
    for m in moves {
        match Uci::parse(m) {
            Ok(u) => parsed.push(u),
            Err(_) => return format!("turn {number}: {m:?} is not a UCI move"),
        }
    }
    with_game(handle, |g| g.play_recorded(roll, &parsed).err().unwrap_or_default()).unwrap_or_default()
}

/// Draws the dice from now on from the seeded stream of `seed` ([`Game::continue_seeded`]).
pub fn continue_seeded(handle: u32, seed: u64) -> bool {
    with_game(handle, |g| g.continue_seeded(seed)).is_some()
}

/// Ends the game as a record states (`result` text, `termination` if given); `""` or why not.
pub fn end_as_recorded(handle: u32, result: &str, termination: Option<&str>) -> String {
    let stated = match parse_result(result) {
        Ok(s) => s,
        Err(e) => return e,
    };
    with_game(handle, |g| {
        g.end_as_recorded(stated, termination).err().map(|why| format!("result {result}: {why}")).unwrap_or_default()
    })
    .unwrap_or_default()
}

/// The game in the notation (NOTATION.md), with the record fields `fields` (`name\tvalue` lines:
/// `id`, `white`, `black`, `whiteRating`, `blackRating`, `termination`) as tags, the names as a
/// game keeps them ([`tag_text`]); `None` for no such game or fields the notation cannot carry.
pub fn notation(handle: u32, fields: &str) -> Option<String> {
    let mut tags = Vec::new();
    for line in fields.lines() {
        let (field, value) = line.split_once('\t')?;
        let value = if matches!(field, "white" | "black") { tag_text(value) } else { value.to_owned() };
        tags.push((tag_of(field)?.to_owned(), value));
    }
    with_game(handle, |g| crate::notation::write_game(&g.notated_with(tags)).ok()).flatten()
}

/// The game records (BOOK.md §8) of the games of a notated text, as a JSON array; or
/// `E<line> <column> <message>` for a text that is not one.
pub fn notation_records(text: &str) -> String {
    let games = match crate::notation::parse_games(text) {
        Ok(games) => games,
        Err(e) => {
            let turn = e.turn.map_or(String::new(), |t| format!("turn {t}: "));
            return format!("E{} {} {turn}{}", e.line, e.column, e.kind);
        }
    };
    let mut json = super::json_text::JsonWriter::new();
    json.open_array();
    for game in &games {
        let fields = match record_fields(game) {
            Ok(f) => f,
            Err(e) => return format!("E0 0 {e}"),
        };
        json.open_object();
        let mut termination = None;
        for (field, value) in fields {
            if field == "termination" {
                termination = Some(value);
                continue;
            }
            json.key(field);
            write_value(&mut json, value);
        }
        json.key("result");
        json.string(Outcome::text_of(game.result));
        if game.start != Position::initial() {
            json.key("start");
            json.string(&game.start.to_dfen());
        }
        if let Some(value) = termination {
            json.key("termination");
            write_value(&mut json, value);
        }
        json.key("turns");
        json.open_array();
        let mut mover = game.start.turn();
        for turn in &game.turns {
            json.open_object();
            json.key("dice");
            json.string(&turn.dice.to_field(mover));
            json.key("moves");
            json.open_array();
            for m in &turn.moves {
                json.string(&m.to_string());
            }
            json.close_array();
            json.close_object();
            mover = mover.opponent();
        }
        json.close_array();
        json.close_object();
    }
    json.close_array();
    json.finish()
}

fn write_value(json: &mut super::json_text::JsonWriter, value: FieldValue) {
    match value {
        FieldValue::Text(t) => json.string(&t),
        FieldValue::Number(n) => json.raw(&n),
    }
}
