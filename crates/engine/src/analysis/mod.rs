//! Analysis for players (issue 13; docs/ANALYSIS.md): who is winning ([`win_probability`]), what
//! to play ([`analyze_turn`]) and, with feature `book`, how a game went ([`review_game`]).
//!
//! Every value is a probability: the chances of each side ([`WinProbability`], the one
//! win-probability type of the API) from the calibrated win probability (the NNUE net and its
//! second stage), and the expected scores of `expectimax-nnue`'s search (a win 1, a draw ½). A
//! roll's luck is a [`RollValue`].

#[cfg(feature = "book")]
mod review;

#[cfg(feature = "book")]
pub use review::{
    check_record, review_game, review_turn, GameReview, Label, ReviewBudget, ReviewError, SideSummary, TurnReview,
    BLUNDER_FROM, INACCURACY_FROM, MISTAKE_FROM,
};

use crate::rules::candidate_limit;
use crate::search::deepening::{Analysis, DeepeningBot, Neural};
use crate::search::{
    candidate_turns, candidates_within, net_chances, roll_chances, roll_chances_of, roll_estimate, rolls56,
    win_chances, Deadline, Turn, WinChances,
};
use crate::{Color, Dice, Move, Position, Roll, Turns};

/// The search budget of [`analyze_turn`] when the caller gives none, in milliseconds: that of
/// the search bots' `getBestMove`.
pub const DEFAULT_ANALYSIS_BUDGET_MS: u64 = 1000;
/// The number of candidates [`analyze_turn`] reports when the caller does not say.
pub const DEFAULT_TOP_N: usize = 5;
/// The most candidates [`analyze_turn`] reports.
pub const MAX_TOP_N: usize = 32;

/// The chances of each side (they sum to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "book", derive(serde::Serialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WinProbability {
    pub white_win: f64,
    pub black_win: f64,
    pub draw: f64,
}

impl WinProbability {
    /// The chances `c` of the side to move `mover`, from White's view.
    pub fn of(c: WinChances, mover: Color) -> WinProbability {
        let (mine, theirs, draw) = (f64::from(c.mover), f64::from(c.opponent), f64::from(c.draw));
        match mover {
            Color::White => WinProbability { white_win: mine, black_win: theirs, draw },
            Color::Black => WinProbability { white_win: theirs, black_win: mine, draw },
        }
    }

    /// The expected score of `side` (a draw counts half).
    pub fn score(&self, side: Color) -> f64 {
        let mine = if side == Color::White { self.white_win } else { self.black_win };
        mine + self.draw / 2.0
    }
}

/// The win probability of `pos`, some microseconds either way. Without dice, the
/// position before its roll ([`win_chances`]); with dice, the value of that roll or of what is
/// left of it ([`roll_estimate`], which estimates [`RollValue::after`] without walking the turns).
/// A finished game is decided (1 and 0); with no king at all, a draw.
#[inline]
pub fn win_probability(pos: &Position) -> WinProbability {
    WinProbability::of(roll_estimate(pos), pos.turn())
}

/// A roll's value for its mover, centred on the calibrated win probability so that the values of
/// the 56 rolls average to the value before the roll. Raw one-turn values (the best turn by the
/// net, [`net_chances`]) are higher than the value before the roll on average (the best of many
/// noisy estimates is biased upward); centring keeps the calibration and leaves luck unbiased. A roll
/// that wins outright (a king capture) keeps its value 1; the others share the shift.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RollValue {
    /// The mover's expected score before the roll: [`win_chances`]'.
    pub before: f64,
    /// The roll's raw value plus the shift that makes the 56 values average to `before`, clamped
    /// to `[0, 1]`; 1 for a roll that wins outright.
    pub after: f64,
    /// The net's chances after the roll's best turn (their draw share splits `after`).
    pub(crate) best: WinChances,
}

impl RollValue {
    /// The value of the roll `pos` (a position with dice; without, the roll is a pass). A roll
    /// of three dice takes its best from the 56 that centre it (the same value as [`each`]).
    ///
    /// [`each`]: RollValue::each
    pub fn of(pos: &Position) -> RollValue {
        let start = pos.with_dice(Dice::EMPTY);
        let whole_roll = rolls56().iter().position(|r| r.dice == pos.dice());
        match whole_roll {
            Some(i) if !start.is_finished() => {
                let centring = Centring::of(&start);
                centring.value(&start, centring.best[i])
            }
            _ => {
                let best = roll_chances(pos, net_chances);
                if best.score() >= 1.0 || start.is_finished() {
                    let before = f64::from(win_chances(&start).score());
                    return RollValue { before, after: f64::from(best.score()), best };
                }
                Centring::of(&start).value(&start, best)
            }
        }
    }

    /// The values of the 56 rolls of `start` (its dice ignored), in the order of `rolls56`: as
    /// [`RollValue::of`] each, at the cost of one.
    pub fn each(start: &Position) -> Vec<(Dice, RollValue)> {
        let start = start.with_dice(Dice::EMPTY);
        let centring = Centring::of(&start);
        rolls56().iter().zip(centring.best).map(|(r, best)| (r.dice, centring.value(&start, best))).collect()
    }
}

/// What centres the rolls of one position: the best chances of each of the 56 rolls, the mean
/// raw value and the probability of the rolls that do not win outright.
struct Centring {
    before: f64,
    best: [WinChances; 56],
    mean: f64,
    open: f64,
}

impl Centring {
    fn of(start: &Position) -> Centring {
        let before = f64::from(win_chances(start).score());
        let mut best = [WinChances::NEUTRAL; 56];
        let (mut mean, mut open) = (0.0, 0.0);
        if !start.is_finished() {
            let rolls = rolls56().each_ref().map(|r| start.with_dice(r.dice));
            let turns = rolls.each_ref().map(Turns::of_position);
            // The 56 rolls share the candidate cap (issue 17): past it in all, each roll's best
            // is over a sample in proportion to its turns.
            let total: u64 = turns.iter().flatten().map(Turns::count).sum();
            let limit = |t: &Turns| candidate_limit(t.count(), total);
            for ((r, slot), (roll, turns)) in rolls56().iter().zip(best.iter_mut()).zip(rolls.iter().zip(&turns)) {
                *slot = roll_chances_of(roll, turns.as_ref(), turns.as_ref().map_or(0, limit), net_chances);
                let v = f64::from(slot.score());
                let w = f64::from(r.weight) / 216.0;
                mean += w * v;
                if v < 1.0 {
                    open += w;
                }
            }
        }
        Centring { before, best, mean, open }
    }

    /// The centred value of a roll of `start` whose best turn leaves `best`.
    fn value(&self, start: &Position, best: WinChances) -> RollValue {
        let raw = f64::from(best.score());
        let before = self.before;
        if raw >= 1.0 || start.is_finished() || self.open <= 0.0 {
            return RollValue { before, after: raw, best };
        }
        RollValue { before, after: (raw + (before - self.mean) / self.open).clamp(0.0, 1.0), best }
    }
}

/// One candidate turn of an analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The micro-moves in play order.
    pub moves: Vec<Move>,
    /// The chances after it, from White's view.
    pub chances: WinProbability,
    /// The mover's expected score after it.
    pub value: f64,
    /// How much expected score it gives up against the first candidate (0 for the first).
    pub loss: f64,
}

/// The analysis of a roll.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnAnalysis {
    /// The best candidates, best first; empty for a pass.
    pub hints: Vec<Hint>,
    /// The search depth of their values, in turns (0 for a pass).
    pub depth: u8,
    /// The legal turns listed to choose among: all of them (or the sample past the candidate
    /// cap), fewer when the deadline passed during the listing (0 for a pass).
    pub listed: usize,
}

/// The best `top_n` turns of `roll` by `expectimax-nnue`'s search within `deadline` (untimed: its
/// repeatable node and depth limits), each with its value and its loss against the first.
/// A king capture is first with value 1. With a deadline the turns are listed as a bot's are
/// (BOTS.md §4.8, the clock read every 1024 turns): past it, the search's fallback over the turns
/// listed is the one candidate (issue 31 item 7: the listing of a wide roll's 400,000 turns took
/// 30 ms whatever the budget).
pub fn analyze_turn(roll: Roll<'_>, deadline: Option<Deadline<'_>>, top_n: usize) -> TurnAnalysis {
    let Some(turns) = Turns::new(roll) else { return TurnAnalysis::default() };
    let list = if turns.has_king_capture() { candidate_turns(&turns) } else { candidates_within(&turns, deadline).0 };
    let analysis = DeepeningBot::<Neural>::default().analyze(&roll, &list, deadline, top_n.clamp(1, MAX_TOP_N), None);
    TurnAnalysis { hints: hints(&analysis, &list, roll.turn()), depth: analysis.depth, listed: list.len() }
}

/// The lines of `analysis` as hints.
fn hints(analysis: &Analysis, list: &[Turn], mover: Color) -> Vec<Hint> {
    let best = analysis.lines.first().map_or(0.0, |l| f64::from(l.value));
    analysis
        .lines
        .iter()
        .map(|l| {
            let turn = &list[l.turn];
            let value = f64::from(l.value);
            Hint {
                moves: turn.moves().to_vec(),
                chances: split(value, turn, mover),
                value,
                loss: (best - value).max(0.0),
            }
        })
        .collect()
}

/// The chances of a search value `value` (the mover's expected score after `turn`).
fn split(value: f64, turn: &Turn, mover: Color) -> WinProbability {
    WinProbability::of(split_chances(value, &win_chances(&turn.post_turn()).flipped()), mover)
}

/// Chances whose expected score is `score`, with the draw share of `like` (capped so that both
/// wins stay in `[0, 1]`).
fn split_chances(score: f64, like: &WinChances) -> WinChances {
    let draw = f64::from(like.draw).min(2.0 * score).min(2.0 * (1.0 - score)).max(0.0);
    WinChances { mover: (score - draw / 2.0) as f32, opponent: (1.0 - score - draw / 2.0) as f32, draw: draw as f32 }
}
