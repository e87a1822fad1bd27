//! Game review (docs/ANALYSIS.md): for each turn of a game record (BOOK.md §8), the mover's
//! expected score before the roll, after it, after the played turn and after the best turn; the
//! luck of the roll, the error of the turn and its label; a summary per side.
//!
//! Luck is measured one turn deep ([`RollValue`]): before the roll is the calibrated win probability's value, after it
//! that value plus the roll's raw value minus the mean raw value of the 56 rolls, so that luck has
//! mean zero over the rolls by construction. Error is measured by `expectimax-nnue`'s analysis
//! within the turn's budget: the best turn's value minus the played turn's, both exact at the
//! same depth, so never negative.

use serde::Serialize;

use super::{RollValue, DEFAULT_TOP_N};
use crate::dfen::DfenError;
use crate::game::record::{parse_record, replay, start_position, GameId, GameRecord};
use crate::search::deepening::{DeepeningBot, Neural};
use crate::search::{candidate_turns, Clock, Deadline, Turn};
use crate::{Color, Outcome, Position, Roll, Turns, Uci};

/// The error from which a turn is an inaccuracy.
pub const INACCURACY_FROM: f64 = 0.02;
/// The error from which a turn is a mistake.
pub const MISTAKE_FROM: f64 = 0.05;
/// The error from which a turn is a blunder.
pub const BLUNDER_FROM: f64 = 0.10;

/// How bad a turn was, by its error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ReviewLabel"))]
pub enum Label {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Label {
    /// The label of an unforced turn with this error, if any.
    pub fn of(error: f64) -> Option<Label> {
        if error >= BLUNDER_FROM {
            Some(Label::Blunder)
        } else if error >= MISTAKE_FROM {
            Some(Label::Mistake)
        } else if error >= INACCURACY_FROM {
            Some(Label::Inaccuracy)
        } else {
            None
        }
    }

    /// The label's name.
    pub fn name(self) -> &'static str {
        match self {
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }
}

/// One reviewed turn; every value is the mover's expected score (a win 1, a draw ½).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnReview {
    /// 1-based, in the record's order.
    pub number: usize,
    #[serde(serialize_with = "color_name")]
    pub mover: Color,
    /// The roll, in the mover's case (`"PNB"`, `"pnb"`).
    pub dice: String,
    /// The turn played, as UCI strings (`[]` for a pass).
    #[cfg_attr(feature = "ts", ts(type = "Uci[]"))]
    pub played: Vec<String>,
    /// The best turn found (the played one for a pass).
    #[cfg_attr(feature = "ts", ts(type = "Uci[]"))]
    pub best: Vec<String>,
    pub before: f64,
    pub after_roll: f64,
    pub after_played: f64,
    pub after_best: f64,
    /// The luck of the roll: after the roll minus before.
    pub luck: f64,
    /// The error of the turn: after the best turn minus after the played one, never negative.
    pub error: f64,
    /// From the error, for unforced turns.
    pub label: Option<Label>,
    /// One legal turn or a pass: left out of the error rate and the label counts.
    pub forced: bool,
    /// The search depth of the values after the played and the best turn, in turns.
    pub depth: u8,
}

/// One side's summary of a reviewed game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SideSummary {
    pub turns: usize,
    pub unforced: usize,
    /// Total error over the unforced turns, divided by their number (0 without any).
    pub error_rate: f64,
    pub total_error: f64,
    pub total_luck: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The side's result (1, ½, 0) minus its net luck (its luck minus the opponent's); none (`null`)
    /// for an unfinished game (`"*"`).
    pub luck_adjusted_result: Option<f64>,
}

/// The review of a game: its record's `id` (as text) and `result`, every turn, each side's summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ReviewedGame"))]
pub struct GameReview {
    pub id: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = r#""1-0" | "0-1" | "1/2-1/2" | "*""#))]
    pub result: String,
    pub turns: Vec<TurnReview>,
    pub white: SideSummary,
    pub black: SideSummary,
}

/// Why nothing was reviewed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// The record does not parse or does not replay; the message names the field or the turn.
    #[error("{0}")]
    Record(String),
    #[error("invalid DFEN: {0}")]
    Dfen(#[from] DfenError),
    #[error("the position is not a roll (no dice, or the game is over)")]
    NotARoll,
    #[error("{0:?} is not a legal turn of this roll")]
    IllegalTurn(Vec<String>),
}

/// The search budget of each reviewed turn.
#[derive(Clone, Copy)]
pub enum ReviewBudget<'c> {
    /// The search's untimed limits (`expectimax-nnue`'s): exact and repeatable.
    Untimed,
    /// A deadline this many milliseconds after the turn's review starts on `clock`.
    PerTurn { clock: &'c dyn Clock, ms: u64 },
}

impl ReviewBudget<'_> {
    fn deadline(&self) -> Option<Deadline<'_>> {
        match *self {
            ReviewBudget::Untimed => None,
            ReviewBudget::PerTurn { clock, ms } => Some(Deadline { clock, at: clock.now().plus_ms(ms) }),
        }
    }
}

/// Reviews the turn `played` of the roll `rolled` (a position with dice in a game not over).
pub fn review_turn(rolled: &Position, played: &[Uci], budget: ReviewBudget<'_>) -> Result<TurnReview, ReviewError> {
    let deadline = budget.deadline();
    let roll = Roll::new(rolled).map_err(|_| ReviewError::NotARoll)?;
    let mover = rolled.turn();
    let RollValue { before, after: after_roll, .. } = RollValue::of(rolled);
    let played_text: Vec<String> = played.iter().map(Uci::to_string).collect();
    let mut review = TurnReview {
        number: 1,
        mover,
        dice: rolled.dice().to_field(mover),
        played: played_text.clone(),
        best: played_text.clone(),
        before,
        after_roll,
        after_played: after_roll,
        after_best: after_roll,
        luck: after_roll - before,
        error: 0.0,
        label: None,
        forced: true,
        depth: 1,
    };
    let Some(turns) = Turns::new(roll) else {
        return if played.is_empty() { Ok(review) } else { Err(ReviewError::IllegalTurn(played_text)) };
    };
    let mut list = candidate_turns(&turns);
    let index = match list
        .iter()
        .position(|t| t.moves().len() == played.len() && t.moves().iter().zip(played).all(|(&m, u)| u.matches(m)))
    {
        Some(index) => index,
        // A roll too wide to list whole: the played turn joins the sample if it is legal.
        None => {
            list.push(Turn::followed(&turns, played).ok_or(ReviewError::IllegalTurn(played_text))?);
            list.len() - 1
        }
    };
    let analysis = DeepeningBot::<Neural>::default().analyze(rolled, &list, deadline, DEFAULT_TOP_N, Some(index));
    let (Some(best), Some(asked)) = (analysis.lines.first(), analysis.asked) else { return Ok(review) };
    review.best = list[best.turn].uci();
    review.after_best = f64::from(best.value).max(f64::from(asked.value));
    review.after_played = f64::from(asked.value);
    review.error = review.after_best - review.after_played;
    review.forced = list.len() == 1;
    review.label = if review.forced { None } else { Label::of(review.error) };
    review.depth = analysis.depth;
    Ok(review)
}

/// Reviews every turn of the game record `line` (one JSON object, BOOK.md §8), calling
/// `progress(done, total)` after each turn. An invalid record reviews nothing.
pub fn review_game(
    line: &str,
    budget: ReviewBudget<'_>,
    mut progress: impl FnMut(usize, usize),
) -> Result<GameReview, ReviewError> {
    let (record, rolls) = replayed(line)?;
    let mut turns = Vec::with_capacity(rolls.len());
    for (i, (rolled, moves)) in rolls.iter().enumerate() {
        let number = i + 1;
        let mut review =
            review_turn(rolled, moves, budget).map_err(|e| ReviewError::Record(format!("turn {number}: {e}")))?;
        review.number = number;
        turns.push(review);
        progress(number, rolls.len());
    }
    let result = record.result;
    Ok(GameReview {
        id: record.id.as_ref().map(id_text),
        result: Outcome::text_of(result).to_owned(),
        white: summary(&turns, Color::White, result),
        black: summary(&turns, Color::Black, result),
        turns,
    })
}

/// Checks that `line` is a game record whose every turn is legal, as [`review_game`] does before
/// it reviews anything (cheap: no search), and returns its number of turns.
pub fn check_record(line: &str) -> Result<usize, ReviewError> {
    replayed(line).map(|(_, rolls)| rolls.len())
}

/// A turn of a record: the rolled position and the moves played.
type PlayedTurn = (Position, Vec<Uci>);

/// The record of `line` and each of its turns.
fn replayed(line: &str) -> Result<(GameRecord, Vec<PlayedTurn>), ReviewError> {
    let record = parse_record(line.as_bytes()).map_err(|s| ReviewError::Record(s.detail))?;
    let start = start_position(&record, true).map_err(|s| ReviewError::Record(s.detail))?;
    let mut rolls: Vec<PlayedTurn> = Vec::with_capacity(record.turns.len());
    replay(&record, start, |t| rolls.push((*t.rolled, t.moves.to_vec()))).map_err(|s| ReviewError::Record(s.detail))?;
    Ok((record, rolls))
}

/// The summary of `side`'s turns.
fn summary(turns: &[TurnReview], side: Color, result: Option<Outcome>) -> SideSummary {
    let mut s = SideSummary::default();
    let mut opponent_luck = 0.0;
    for t in turns {
        if t.mover != side {
            opponent_luck += t.luck;
            continue;
        }
        s.turns += 1;
        s.total_luck += t.luck;
        if t.forced {
            continue;
        }
        s.unforced += 1;
        s.total_error += t.error;
        match t.label {
            Some(Label::Inaccuracy) => s.inaccuracies += 1,
            Some(Label::Mistake) => s.mistakes += 1,
            Some(Label::Blunder) => s.blunders += 1,
            None => {}
        }
    }
    if s.unforced > 0 {
        s.error_rate = s.total_error / s.unforced as f64;
    }
    s.luck_adjusted_result = result.map(|r| r.score_for(side) - (s.total_luck - opponent_luck));
    s
}

/// A record's `id` as text.
fn id_text(id: &GameId) -> String {
    match id {
        GameId::Text(s) => s.clone(),
        GameId::Integer(n) => n.to_string(),
    }
}

fn color_name<S: serde::Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(if *color == Color::White { "white" } else { "black" })
}
