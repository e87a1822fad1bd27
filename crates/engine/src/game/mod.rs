//! A game held for the host (issue 14): the position, the roll and what is left of it, the legal
//! next micro-moves, the history of turns, undo and redo, and how the game ended. Every action
//! that the rules refuse returns `false` and leaves the game unchanged.
//!
//! A turn completes by itself: at a leaf of the legal turn tree, and at once for a roll without a
//! legal turn (a pass). The dice come from the host ([`Game::roll`]) or
//! the engine's seeded generator ([`Game::seeded`]: the dice of game 0 of `dicechess
//! selfplay --seed S`). The host rules end a game in a draw when a turn ends with the half-move
//! clock at [`HALFMOVE_DRAW`] or more, and after [`DEFAULT_TURN_CAP`] turns; either can be
//! turned off ([`GameOptions`]). Whatever the options, a game holds at most
//! [`notation::MAX_TURNS`](crate::notation::MAX_TURNS) turns, what the game record and notation
//! readers accept: there it ends in a draw by the turn cap, so that every game can be written and
//! read back.
//!
//! ```
//! use dicechess::{Dice, Game, GameOptions, Position, Uci};
//!
//! let mut game = Game::new(Position::initial(), GameOptions::default());
//! let roll = Position::from_dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PNB").unwrap().dice();
//! assert!(game.roll(roll));
//! assert!(game.play("e2e4".parse::<Uci>().unwrap()));
//! assert_eq!(game.dice_left().len(), 2);
//! assert!(game.undo());
//! assert!(game.redo());
//! ```

#[cfg(feature = "search")]
mod driver;
#[cfg(feature = "book")]
mod notated;
// Public as `dicechess::record` with the record reader (feature `book`); else internal.
pub mod record;

#[cfg(feature = "search")]
pub use driver::{drive, Driven};
#[cfg(feature = "book")]
pub(crate) use record::{RecordError, RecordHeader};

use crate::notation::MAX_TURNS;
use crate::rules::{Judge, Legality};
use crate::{Color, Dice, Move, Outcome, Position, Step, Turns, Uci};

/// A draw when a turn ends with the half-move clock (micro-moves without a capture or a pawn
/// move) at this value or more.
pub(crate) const HALFMOVE_DRAW: u8 = 100;
/// A draw once this many turns (passes included) have been played: the one turn cap of every
/// game the engine plays (the arena's and self-play's too, docs/NOTES.md).
pub const DEFAULT_TURN_CAP: u32 = 5_000;

/// The host rules (the reference's game service defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOptions {
    /// A draw when a turn ends with the half-move clock (micro-moves without a capture or a pawn
    /// move) at 100 or more.
    pub halfmove_draw: bool,
    /// A draw after this many turns; `None`: no cap but the hard one,
    /// [`notation::MAX_TURNS`](crate::notation::MAX_TURNS), which also bounds a larger cap.
    pub turn_cap: Option<u32>,
}

impl GameOptions {
    /// The host rules at the start of a turn, after `played` turns of this game ended in `start`:
    /// a finished position is won by the side with a king; then a draw when a turn of the game
    /// ended with the half-move clock at [`HALFMOVE_DRAW`] or more, or after the turn cap (at most
    /// [`notation::MAX_TURNS`](crate::notation::MAX_TURNS), whatever the options say).
    pub(crate) fn ending(&self, start: &Position, played: usize) -> Option<Ending> {
        let draw = |termination| Some(Ending { outcome: Outcome::Draw, termination });
        if let Some(outcome) = start.outcome() {
            Some(Ending { outcome, termination: Termination::KingCapture })
        } else if self.halfmove_draw && played > 0 && start.halfmove_clock() >= HALFMOVE_DRAW {
            draw(Termination::HalfmoveClock)
        } else if played >= self.turn_cap.map_or(MAX_TURNS, |cap| (cap as usize).min(MAX_TURNS)) {
            draw(Termination::TurnCap)
        } else {
            None
        }
    }

    /// No host rule: only a king capture (or the players) end the game, or the hard turn cap.
    /// What the CLI reads game records with, since a record may come from a service with other
    /// rules.
    pub const NONE: GameOptions = GameOptions { halfmove_draw: false, turn_cap: None };
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions { halfmove_draw: true, turn_cap: Some(DEFAULT_TURN_CAP) }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    KingCapture,
    Resignation,
    Agreement,
    HalfmoveClock,
    TurnCap,
    /// A result given by a game record for another reason (a time forfeit, an adjudication).
    Adjudication,
}

impl Termination {
    /// The name a game record's `termination` uses (BOOK.md §8).
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::KingCapture => "king-capture",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::HalfmoveClock => "halfmove-clock",
            Termination::TurnCap => "turn-cap",
            Termination::Adjudication => "adjudication",
        }
    }
}

/// How a game ended: its outcome for the players and what ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    pub outcome: Outcome,
    pub termination: Termination,
}

/// A completed turn.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnRecord {
    pub mover: Color,
    pub dice: Dice,
    /// The micro-moves in play order; empty for a pass.
    pub moves: Vec<Move>,
    /// Each micro-move in the notation of NOTATION.md §2 (SAN against its node of the turn tree).
    pub san: Vec<String>,
    /// The position at the start of the turn (no dice).
    pub before: Position,
    /// The position after it, the turn ended (the opponent to move, no dice).
    pub after: Position,
}

/// The turn being played: its start, its roll once rolled, the micro-moves so far. The roll is
/// judged without its tree (about a hundred bytes whatever the roll: docs/NOTES.md, "A game
/// keeps no turn tree"); [`Game::tree`] builds the tree on demand.
#[derive(Clone, Debug)]
struct Current {
    start: Position,
    /// The roll and its legality (`None` inside: a pass, completed at once).
    roll: Option<(Dice, Option<Legality>)>,
    /// The node reached: its position (dice left) and the dice spent.
    node: Position,
    spent: u32,
    moves: Vec<Move>,
    /// The SAN of each move in `moves`.
    san: Vec<String>,
}

impl Current {
    fn at(start: Position) -> Current {
        Current { start, roll: None, node: start, spent: 0, moves: Vec::new(), san: Vec::new() }
    }
}

/// An undone action, kept for redo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Undone {
    Move(Move),
    Pass,
}

/// Where the dice come from.
#[derive(Clone, Debug)]
enum Dealer {
    Host,
    Seeded(crate::random::Rng),
}

/// A game: see the module documentation.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position the game started from (no dice).
    start: Position,
    options: GameOptions,
    dealer: Dealer,
    /// The dice of every turn rolled so far, by turn index: kept across undo, so that a turn
    /// replayed gets the same roll.
    dice: Vec<Dice>,
    history: Vec<TurnRecord>,
    current: Current,
    redo: Vec<Undone>,
    ending: Option<Ending>,
    /// What the game record it was read from says beyond its turns.
    #[cfg(feature = "book")]
    info: Option<Box<RecordHeader>>,
}

impl Game {
    /// A game from `start` (its dice, if any, are the first roll) with dice from the host.
    pub fn new(start: Position, options: GameOptions) -> Game {
        let first = start.with_dice(Dice::EMPTY);
        let mut game = Game {
            start: first,
            options,
            dealer: Dealer::Host,
            dice: Vec::new(),
            history: Vec::new(),
            current: Current::at(first),
            redo: Vec::new(),
            ending: None,
            #[cfg(feature = "book")]
            info: None,
        };
        game.settle_start();
        if !start.dice().is_empty() {
            game.roll(start.dice());
        }
        game
    }

    /// A game from `start` (its dice ignored) with the dice of `dicechess selfplay --seed seed`'s
    /// first game.
    pub fn seeded(start: Position, seed: u64, options: GameOptions) -> Game {
        let mut game = Game::new(start.with_dice(Dice::EMPTY), options);
        game.continue_seeded(seed);
        game
    }

    /// From now on, the dice of the seeded stream of `seed` (from its first roll: those of
    /// `dicechess selfplay --seed seed`'s first game) rather than the host's: for a game read from
    /// a record, or started from a roll, that goes on. Turns already rolled keep their dice.
    pub fn continue_seeded(&mut self, seed: u64) {
        let seeds = crate::random::GameSeeds::of_game(seed, 0);
        self.dealer = Dealer::Seeded(crate::random::Rng::from_seed(seeds.dice));
        // The host's rolls of turns not reached (a redo line) give way to the stream's.
        let rolled = self.history.len() + usize::from(self.current.roll.is_some());
        if self.dice.len() > rolled {
            self.dice.truncate(rolled);
            self.redo.clear();
        }
        self.deal();
    }

    /// The position: the turn's start with the micro-moves played and the dice left (no dice
    /// before the roll and once the game is over).
    pub fn position(&self) -> Position {
        self.current.node
    }

    /// The position the game started from (no dice).
    pub fn start(&self) -> Position {
        self.start
    }

    /// The position at the start of the current turn (no dice).
    pub fn turn_start(&self) -> Position {
        self.current.start
    }

    /// The current turn's roll, once rolled.
    #[inline]
    pub fn roll_dice(&self) -> Option<Dice> {
        self.current.roll.as_ref().map(|r| r.0)
    }

    /// The dice not yet spent this turn.
    pub fn dice_left(&self) -> Dice {
        self.current.node.dice()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.current.start.turn()
    }

    /// The number of the current turn, from 1 (passes count).
    pub fn turn_number(&self) -> usize {
        self.history.len() + 1
    }

    /// The micro-moves played so far this turn.
    #[inline]
    pub fn turn_moves(&self) -> &[Move] {
        &self.current.moves
    }

    /// The SAN of each micro-move played so far this turn.
    #[inline]
    pub fn turn_san(&self) -> &[String] {
        &self.current.san
    }

    /// The SAN (NOTATION.md §2) of a legal next micro-move `m`.
    pub fn san_of(&self, m: Move) -> Option<String> {
        let (rule, node) = self.node()?;
        crate::notation::san_judged(&rule, &node, m)
    }

    /// The legal next micro-moves with their SAN, in UCI order (one pass over the node's children).
    pub fn legal_moves_san(&self) -> Vec<(Move, String)> {
        let Some((rule, node)) = self.node() else { return Vec::new() };
        let mut out = crate::notation::san_all_judged(&rule, &node);
        crate::sort::sort_by_key(&mut out, |(m, _)| u64::from(m.uci_order_key()));
        out.dedup_by_key(|(m, _)| *m);
        out
    }

    /// The completed turns, oldest first.
    #[inline]
    pub fn history(&self) -> &[TurnRecord] {
        &self.history
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The game's outcome, once it has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.map(|e| e.outcome)
    }

    /// The remaining part of the turn tree: the tree and the node reached (position and dice
    /// spent), while a turn is being played. The game keeps no tree: each call builds it.
    pub fn tree(&self) -> Option<(Turns, &Position, u32)> {
        let (rule, ..) = self.judge()?;
        Some((Turns::of_position(rule.root())?, &self.current.node, self.current.spent))
    }

    /// The roll's legality and the node reached (position and dice spent), while a turn is
    /// being played.
    pub(crate) fn judge(&self) -> Option<(&Legality, &Position, u32)> {
        match (&self.current.roll, self.ending) {
            (Some((_, Some(rule))), None) => Some((rule, &self.current.node, self.current.spent)),
            _ => None,
        }
    }

    /// The roll's legality and the node reached as a step (not a leaf), while a turn is being
    /// played.
    fn node(&self) -> Option<(Legality, Step)> {
        let (rule, position, spent) = self.judge()?;
        Some((*rule, Step { mv: Move::FILLER, position: *position, spent, is_leaf: false, captures_king: false }))
    }

    /// The legal next micro-moves (the keys of the node reached), in UCI order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let Some((rule, node)) = self.node() else { return Vec::new() };
        let mut out: Vec<Move> = rule.children_where(&node, &mut |_| true).iter().map(|step| step.mv).collect();
        crate::rules::sort_in_uci_order(&mut out);
        out.dedup();
        out
    }

    /// The dice left that some legal continuation of the turn spends (RULES.md §10).
    pub fn playable_dice(&self) -> Dice {
        let Some((rule, node)) = self.node() else { return Dice::EMPTY };
        rule.playable_below(&node)
    }

    /// Rolls `dice` (one to three dice) for the current turn: only with dice from the host, while
    /// the game goes on and before a micro-move of the turn is played (a roll not yet played
    /// from is replaced). A roll without a legal turn passes at once.
    pub fn roll(&mut self, dice: Dice) -> bool {
        if !matches!(self.dealer, Dealer::Host) || !self.current.moves.is_empty() || self.ending.is_some() {
            return false;
        }
        if dice.is_empty() {
            return false;
        }
        let index = self.history.len();
        if self.dice.get(index) != Some(&dice) {
            // A different roll: what followed the old one cannot be redone.
            self.dice.truncate(index);
            self.dice.push(dice);
            self.redo.clear();
        }
        self.start_turn(dice);
        true
    }

    /// Plays the micro-move `uci` when it is a key of the node reached; the turn completes by
    /// itself at a leaf.
    pub fn play(&mut self, uci: Uci) -> bool {
        let Some((rule, node)) = self.node() else { return false };
        let Some(step) = rule.find_child(&node, &mut |m| uci.matches(m)) else { return false };
        match self.redo.last() {
            Some(&Undone::Move(r)) if r == step.mv => {
                self.redo.pop();
            }
            _ => self.redo.clear(),
        }
        if self.apply(step) {
            self.complete_turn();
        }
        true
    }

    /// Plays a whole turn from its start: `false` (and nothing played) unless `moves` is a legal
    /// turn of the roll, or empty for a roll without one (which passes by itself).
    pub fn play_turn(&mut self, moves: &[Uci]) -> bool {
        if !self.current.moves.is_empty() || moves.is_empty() {
            return false;
        }
        // The whole turn is checked before anything is played.
        if self.judge().is_none_or(|(rule, ..)| rule.check(moves).is_err()) {
            return false;
        }
        for &uci in moves {
            self.play(uci);
        }
        true
    }

    /// Undoes one micro-move (reopening the previous turn at its start if need be; a pass is
    /// undone with the move before it, since it would pass again at once), or a resignation or
    /// an agreed draw. `false` at the start.
    pub fn undo(&mut self) -> bool {
        if matches!(self.ending, Some(o) if matches!(o.termination, Termination::Resignation | Termination::Agreement))
        {
            self.ending = None;
            return true;
        }
        if let Some(m) = self.current.moves.pop() {
            self.current.san.pop();
            self.replay_current();
            self.redo.push(Undone::Move(m));
            return true;
        }
        // Passes replay by themselves: undo reaches back to the last turn with a move, if any.
        if self.history.iter().all(|t| t.moves.is_empty()) {
            return false;
        }
        while let Some(turn) = self.history.pop() {
            self.ending = None;
            self.current = Current::at(turn.before);
            self.start_turn_quiet(turn.dice);
            let Some((&last, rest)) = turn.moves.split_last() else {
                self.redo.push(Undone::Pass);
                continue;
            };
            for &m in rest {
                self.step(m);
            }
            self.redo.push(Undone::Move(last));
            break;
        }
        true
    }

    /// The completed turns as a notated game with the tags `tags`, the result from how the game
    /// ended (`*` while it goes on).
    #[inline]
    pub fn notated_with(&self, tags: Vec<(String, String)>) -> crate::notation::NotatedGame {
        let result = self.outcome();
        let turns = self
            .history
            .iter()
            .map(|t| crate::notation::NotatedTurn { dice: t.dice, moves: t.moves.iter().map(|m| m.uci()).collect() })
            .collect();
        crate::notation::NotatedGame { tags, start: self.start, turns, result }
    }

    /// Whether [`Game::undo`] would undo something.
    pub fn can_undo(&self) -> bool {
        matches!(self.ending, Some(o) if matches!(o.termination, Termination::Resignation | Termination::Agreement))
            || !self.current.moves.is_empty()
            || self.history.iter().any(|t| !t.moves.is_empty())
    }

    /// Whether [`Game::redo`] would redo something.
    pub fn can_redo(&self) -> bool {
        matches!(self.redo.last(), Some(Undone::Move(m)) if self.judge().is_some_and(|(rule, n, s)| rule.step(n, s, *m).is_some()))
    }

    /// Redoes the last undone micro-move (and the passes that followed it).
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(Undone::Move(m)) => {
                if self.judge().is_some_and(|(rule, n, s)| rule.step(n, s, m).is_some()) {
                    self.advance(m);
                    true
                } else {
                    self.redo.clear();
                    false
                }
            }
            // A pass is redone by itself after the move before it.
            Some(Undone::Pass) | None => false,
        }
    }

    /// Undoes the micro-moves of the current turn, or the whole previous turn when none is
    /// played. `false` at the start.
    pub fn undo_turn(&mut self) -> bool {
        if !self.undo() {
            return false;
        }
        while !self.current.moves.is_empty() && self.undo() {}
        true
    }

    /// Redoes micro-moves until a turn completes. `false` when there is nothing to redo.
    pub fn redo_turn(&mut self) -> bool {
        let turns = self.history.len();
        if !self.redo() {
            return false;
        }
        while self.history.len() == turns && self.redo() {}
        true
    }

    /// `color` resigns: its opponent wins. `false` once the game is over.
    #[inline]
    pub fn resign(&mut self, color: Color) -> bool {
        self.end(Ending {
            outcome: Outcome::Decisive { winner: color.opponent() },
            termination: Termination::Resignation,
        })
    }

    /// The players agree a draw. `false` once the game is over.
    #[inline]
    pub fn agree_draw(&mut self) -> bool {
        self.end(Ending { outcome: Outcome::Draw, termination: Termination::Agreement })
    }

    fn end(&mut self, ending: Ending) -> bool {
        if self.ending.is_some() {
            return false;
        }
        self.ending = Some(ending);
        true
    }

    /// Plays `m` (a key of the node) and completes the turn at a leaf.
    fn advance(&mut self, m: Move) {
        if self.step(m) {
            self.complete_turn();
        }
    }

    /// Plays `m` at the node; `true` at a leaf.
    fn step(&mut self, m: Move) -> bool {
        let Some((rule, node, spent)) = self.judge() else { return false };
        let Some(step) = rule.step(node, spent, m) else { return false };
        self.apply(step)
    }

    /// Moves to the child `step` of the node; `true` at a leaf.
    fn apply(&mut self, step: Step) -> bool {
        let san = match self.node() {
            Some((rule, node)) => crate::notation::san_of_child(&rule, &node, &step),
            None => step.mv.uci().to_string(),
        };
        self.current.san.push(san);
        self.current.node = step.position;
        self.current.spent = step.spent;
        self.current.moves.push(step.mv);
        step.is_leaf
    }

    /// Rebuilds the node of the current turn from its start and its moves.
    fn replay_current(&mut self) {
        let moves = std::mem::take(&mut self.current.moves);
        self.current.san.clear();
        let dice = self.current.roll.as_ref().map(|r| r.0).unwrap_or(Dice::EMPTY);
        self.current.node = self.current.start.with_dice(dice);
        self.current.spent = 0;
        for m in moves {
            self.step(m);
        }
    }

    /// Rolls `dice` for the current turn (no pass handling).
    fn start_turn_quiet(&mut self, dice: Dice) {
        let rolled = self.current.start.with_dice(dice);
        self.current.roll = Some((dice, Legality::of_position(&rolled)));
        self.current.node = rolled;
        self.current.spent = 0;
        self.current.moves.clear();
        self.current.san.clear();
    }

    /// Rolls `dice` for the current turn; a roll without a legal turn passes.
    fn start_turn(&mut self, dice: Dice) {
        if self.start_turn_passes(dice) {
            self.deal();
        }
    }

    /// Rolls `dice` for the current turn and records it when it is a pass: `true` then.
    fn start_turn_passes(&mut self, dice: Dice) -> bool {
        self.start_turn_quiet(dice);
        if !matches!(self.current.roll, Some((_, None))) {
            return false;
        }
        if self.redo.last() == Some(&Undone::Pass) {
            self.redo.pop();
        }
        self.record_turn();
        true
    }

    /// Records the current turn, applies the host rules and starts the next turn.
    fn complete_turn(&mut self) {
        self.record_turn();
        self.deal();
    }

    /// Records the current turn and applies the host rules at the start of the next.
    fn record_turn(&mut self) {
        let Some((dice, _)) = self.current.roll else { return };
        let mut after = self.current.node;
        let captured = after.is_finished();
        after.end_turn();
        let after = after.with_dice(Dice::EMPTY);
        let mover = self.turn();
        self.history.push(TurnRecord {
            mover,
            dice,
            moves: std::mem::take(&mut self.current.moves),
            san: std::mem::take(&mut self.current.san),
            before: self.current.start,
            after,
        });
        self.current = Current::at(after);
        self.settle_start();
        if captured && self.ending.is_none() {
            self.ending =
                Some(Ending { outcome: Outcome::Decisive { winner: mover }, termination: Termination::KingCapture });
        }
    }

    /// The host rules at the start of a turn ([`GameOptions::ending`]).
    fn settle_start(&mut self) {
        self.ending = self.options.ending(&self.current.start, self.history.len());
    }

    /// Rolls the current turn when its dice are known: drawn or rolled for it before (a turn
    /// replayed after undo gets the same roll), or, with seeded dice, the generator's next. Passes
    /// are played in a loop, not by recursion, however many follow (up to the turn cap).
    fn deal(&mut self) {
        loop {
            if self.ending.is_some() || self.current.roll.is_some() {
                return;
            }
            let index = self.history.len();
            if let Dealer::Seeded(rng) = &mut self.dealer {
                while self.dice.len() <= index {
                    self.dice.push(rng.three_dice());
                }
            }
            let Some(&dice) = self.dice.get(index) else { return };
            if !self.start_turn_passes(dice) {
                return;
            }
        }
    }
}
