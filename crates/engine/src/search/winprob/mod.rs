//! A calibrated win probability (issue 12): a multinomial logistic model over the inputs of
//! [`features`], trained on self-play results by `scripts/train/` and included at compile time
//! (`weights.rs`, generated; its manifest and the trainer's test vectors sit beside it).
//!
//! Three outcomes for the side to move at the start of its turn, before its dice are rolled: it
//! wins, its opponent wins, or the game is drawn. The model's logits are relative to the loss:
//! `z = (0, z_win, z_draw)`, each a bias plus the weights of the active piece-square inputs plus
//! the dense inputs times their weights, then a softmax. The piece-square part is a plain sum of
//! table rows, so a search may keep it incrementally (one row per side of the board's two views).
//!
//! The model alone ([`model_chances`], a fraction of a microsecond) is what `expectimax-v2`'s
//! search evaluates. The package's win probability ([`win_chances`]) is the NNUE net's
//! ([`net_chances`], `crate::search::nnue`, better on the held-out games) finished by a second
//! stage (`head.rs`): the exact probabilities that either side can take the other's king on its
//! next roll. The linear model under its own head ([`linear_win_chances`]) is kept for comparison.
//!
//! Players read it through [`crate::analysis::win_probability`]; the model's pieces are internal.

mod features;
mod head;
mod incremental;
mod net;
mod roll_model;
mod threats;

use std::ops::ControlFlow;

pub(crate) use features::{dense, DENSE_LEN};
pub use features::{features, Features, DENSE_NAMES, INPUTS, PSQ_INPUTS};
pub(crate) use head::calibrated;
pub use head::{
    head_names, linear_win_chances, win_chances, Head, HeadInputs, HEAD_FORMAT_VERSION, HEAD_INPUTS, HEAD_MANIFEST,
    HEAD_VECTORS, HEAD_WEIGHTS_SOURCE, LINEAR_HEAD, NET_HEAD, NET_HEAD_MANIFEST, NET_HEAD_VECTORS,
    NET_HEAD_WEIGHTS_SOURCE,
};
pub use incremental::PsqAccumulator;
pub use net::{net_chances, net_logits};
pub use roll_model::{
    roll_estimate, roll_inputs, RollInputs, ROLL_FORMAT_VERSION, ROLL_INPUTS, ROLL_MANIFEST, ROLL_NAMES, ROLL_VECTORS,
    ROLL_WEIGHTS_SOURCE,
};

use crate::search::MAX_CANDIDATE_TURNS;
use crate::{Position, Turns, Walk};

/// The generated weights (`scripts/train/train.py`).
#[allow(unreachable_pub)] // generated as `pub const`; private to this module
mod weights {
    include!("weights.rs");
}

/// The bytes of the weights file, for the manifest's checksum.
pub const WEIGHTS_SOURCE: &str = include_str!("weights.rs");
/// The trainer's manifest (JSON).
pub const MANIFEST: &str = include_str!("manifest.json");
/// The trainer's test vectors: `dfen \t mover \t opponent \t draw` lines.
pub const VECTORS: &str = include_str!("vectors.tsv");
/// The version of the weights format this code reads.
pub const FORMAT_VERSION: u32 = 1;

// The generated file must match the inputs this code computes (a mismatch does not compile).
const _: () = assert!(weights::FORMAT_VERSION == FORMAT_VERSION);
const _: [[f32; 2]; PSQ_INPUTS] = weights::PSQ;
const _: [[f32; 2]; DENSE_LEN] = weights::DENSE;

/// The outcome probabilities for the side to move (they sum to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinChances {
    pub mover: f32,
    pub opponent: f32,
    pub draw: f32,
}

impl WinChances {
    /// The value for a position the model cannot judge (no king on either side): undecided.
    pub const NEUTRAL: WinChances = WinChances { mover: 0.0, opponent: 0.0, draw: 1.0 };
    /// The mover has won (the opponent's king is gone).
    pub const WON: WinChances = WinChances { mover: 1.0, opponent: 0.0, draw: 0.0 };
    /// The mover has lost (its king is gone).
    pub const LOST: WinChances = WinChances { mover: 0.0, opponent: 1.0, draw: 0.0 };

    /// `mover + draw / 2`: the expected score of the side to move.
    #[inline]
    pub fn score(&self) -> f32 {
        self.mover + self.draw / 2.0
    }

    /// The same chances seen by the other side.
    #[inline]
    pub fn flipped(self) -> WinChances {
        WinChances { mover: self.opponent, opponent: self.mover, draw: self.draw }
    }
}

/// The model's two logits (win, draw; the loss is 0) for `f`.
#[inline]
pub(crate) fn logits(f: &Features) -> [f32; 2] {
    let mut z = [0.0; 2];
    for &i in f.psq() {
        let row = weights::PSQ[usize::from(i)];
        z[0] += row[0];
        z[1] += row[1];
    }
    with_dense(z, &f.dense)
}

/// The logits from the piece-square sum `psq` and the dense inputs: the bias and the dense part
/// added.
#[inline]
fn with_dense(psq: [f32; 2], dense: &[f32; DENSE_LEN]) -> [f32; 2] {
    let mut z = [weights::BIAS[0] + psq[0], weights::BIAS[1] + psq[1]];
    for (x, row) in dense.iter().zip(weights::DENSE.iter()) {
        z[0] += x * row[0];
        z[1] += x * row[1];
    }
    z
}

/// The softmax of `(0, z_win, z_draw)`.
#[inline]
pub(crate) fn chances_of_logits(z: [f32; 2]) -> WinChances {
    let m = z[0].max(z[1]).max(0.0);
    let (l, w, d) = ((-m).exp(), (z[0] - m).exp(), (z[1] - m).exp());
    let sum = l + w + d;
    let out = WinChances { mover: w / sum, opponent: l / sum, draw: d / sum };
    if out.mover.is_finite() && out.opponent.is_finite() && out.draw.is_finite() {
        out
    } else {
        WinChances::NEUTRAL
    }
}

/// The linear model alone, without a second stage: a fraction of a microsecond. What
/// `expectimax-v2`'s search evaluates (it finds king captures itself) and what `datagen --values`
/// judges a roll's turns by.
pub fn model_chances(pos: &Position) -> WinChances {
    decided(pos).unwrap_or_else(|| chances_of_logits(logits(&features(pos))))
}

/// `mover + draw / 2` of [`model_chances`]: what a search maximises for the side to move.
#[inline]
pub(crate) fn model_score(pos: &Position) -> f32 {
    model_chances(pos).score()
}

/// The chances of a finished game (a king gone), `None` while both kings stand.
#[inline]
pub(crate) fn decided(pos: &Position) -> Option<WinChances> {
    pos.outcome().map(|o| match o.winner() {
        Some(w) if w == pos.turn() => WinChances::WON,
        Some(_) => WinChances::LOST,
        None => WinChances::NEUTRAL,
    })
}

/// An evaluator of positions before their roll: [`model_chances`] or [`net_chances`].
pub type Judge = fn(&Position) -> WinChances;

/// The chances of the roll `pos` (its dice pool is the roll) for its side to move: those after
/// its best turn by `judge` (a king capture wins), or, for a pass, those of the position passed
/// to the opponent. A finished game as in [`win_chances`].
pub fn roll_chances(pos: &Position, judge: Judge) -> WinChances {
    roll_chances_of(pos, Turns::of_position(pos).as_ref(), MAX_CANDIDATE_TURNS, judge)
}

/// [`roll_chances`] of the roll `pos` whose legal turns are `turns` (`None`: a pass), the best
/// of a sample of about `limit` of them on a roll with more (issue 17). A king capture wins.
pub(crate) fn roll_chances_of(pos: &Position, turns: Option<&Turns>, limit: u64, judge: Judge) -> WinChances {
    if let Some(finished) = decided(pos) {
        return finished;
    }
    let Some(turns) = turns else { return pass_chances(pos, judge) };
    if turns.has_king_capture() {
        return WinChances::WON;
    }
    let mut best: Option<WinChances> = None;
    let _ = turns.walk(Walk::sample(limit), |_, step| {
        let mut after = step.position;
        after.end_turn();
        let chances = judge(&after).flipped();
        if best.is_none_or(|b| chances.score() > b.score()) {
            best = Some(chances);
        }
        ControlFlow::<()>::Continue(())
    });
    best.unwrap_or_else(|| pass_chances(pos, judge))
}

/// The outcome probabilities of passing the turn of `pos` for its side to move, by `judge`.
fn pass_chances(pos: &Position, judge: Judge) -> WinChances {
    let mut after = *pos;
    after.end_turn();
    judge(&after).flipped()
}
