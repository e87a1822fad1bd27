//! The value of a roll without a search: the model's value before the roll, moved by a linear
//! function of what the dice let the mover do (take a piece, save one, flee with the king,
//! promote, or nothing at all). Trained by `scripts/train/train_roll.py` on the searched roll
//! values ([`crate::analysis::RollValue`]: the best turn's value, centred) and included at compile time
//! (`roll_weights.rs`, its manifest and vectors beside it).
//!
//! The inputs are centred over the 56 rolls, so that the rolls' values average to the value
//! before the roll: a roll that takes the king is worth 1 (checked exactly when the threat
//! estimate flags it); the others share the rest, `base`, and move away from it by
//! `w · (x − mean x)` in logit space.

use super::features::{best_victim, features_and_scan, Scan};
use super::threats::{dice_mask, ROLLS};
use super::{calibrated, win_chances, WinChances};
use crate::rules::attacks;
use crate::search::eval::value;
use crate::search::kcp::captures_king_with;
use crate::search::rolls56;
use crate::{Bitboard, Color, Dice, Position, Role};

/// The generated weights (`scripts/train/train_roll.py`).
#[allow(unreachable_pub)] // generated as `pub const`; private to this module
mod weights {
    include!("roll_weights.rs");
}

/// The bytes of the roll weights file, for its manifest's checksum.
pub const ROLL_WEIGHTS_SOURCE: &str = include_str!("roll_weights.rs");
/// The roll trainer's manifest (JSON).
pub const ROLL_MANIFEST: &str = include_str!("roll_manifest.json");
/// The roll trainer's test vectors: `dfen \t score` lines (the mover's expected score).
pub const ROLL_VECTORS: &str = include_str!("roll_vectors.tsv");
/// The version of the roll weights format this code reads.
pub const ROLL_FORMAT_VERSION: u32 = 1;

/// The roll inputs, in order.
pub const ROLL_NAMES: [&str; ROLL_INPUTS] = [
    "rolled_pawn",
    "rolled_knight",
    "rolled_bishop",
    "rolled_rook",
    "rolled_queen",
    "rolled_king",
    "doubled_pawn",
    "doubled_knight",
    "doubled_bishop",
    "doubled_rook",
    "doubled_queen",
    "doubled_king",
    "victim_pawn",
    "victim_knight",
    "victim_bishop",
    "victim_rook",
    "victim_queen",
    "victim_king",
    "escape_pawn",
    "escape_knight",
    "escape_bishop",
    "escape_rook",
    "escape_queen",
    "escape_king",
    "mobility_pawn",
    "mobility_knight",
    "mobility_bishop",
    "mobility_rook",
    "mobility_queen",
    "mobility_king",
    "best_victim",
    "victim_sum",
    "best_escape",
    "unusable_dice",
    "king_flight",
    "promotion",
    "missing_dice",
    "gain_pawn",
    "gain_knight",
    "gain_bishop",
    "gain_rook",
    "gain_queen",
    "gain_king",
    "best_gain",
    "attacker_capture",
];

/// The number of roll inputs.
pub const ROLL_INPUTS: usize = 45;

const _: () = assert!(weights::ROLL_FORMAT_VERSION == ROLL_FORMAT_VERSION);
const _: [f32; ROLL_INPUTS] = weights::WEIGHTS;

/// What each die face would let the mover do, read once per position.
struct Context {
    /// The best enemy piece (king excluded, in queens) a piece of each role can take.
    victim: [f32; 6],
    /// The value (in queens) of the mover's pieces of each role that the opponent attacks.
    escape: [f32; 6],
    /// The squares the mover's pieces of each role reach, over 16.
    mobility: [f32; 6],
    /// Whether any piece of each role can move.
    usable: [bool; 6],
    /// The opponent's estimated chance of taking the mover's king next turn.
    them_capture: f32,
    /// Whether a pawn can reach the last rank.
    promotion: f32,
    /// The best capture of a piece of each role, net of losing the capturer when the victim is
    /// defended, in queens (0 when none gains).
    gain: [f32; 6],
    /// Whether a piece of each role can take a piece that attacks the mover's king.
    takes_attacker: [bool; 6],
}

impl Context {
    fn of(scan: &Scan, them_capture: f32) -> Context {
        let view = &scan.view;
        let (us, them) = (Color::White, Color::Black);
        let occupied = view.occupied();
        // What the opponent defends (own pieces included) and what attacks the mover's king.
        let mut defended = Bitboard::EMPTY;
        let mut attackers = Bitboard::EMPTY;
        for role in Role::ALL {
            let pieces = view.pieces(them, role);
            for sq in pieces {
                defended |= attacks::attacks(role, them, sq, occupied);
            }
            for king in view.pieces(us, Role::King) {
                attackers |= attacks::attacks(role, us, king, occupied) & pieces;
            }
        }
        let mut ctx = Context {
            victim: [0.0; 6],
            escape: [0.0; 6],
            mobility: [0.0; 6],
            usable: [false; 6],
            them_capture,
            promotion: f32::from(u8::from((scan.us_roles[0] & Bitboard::rank(7)).any())),
            gain: [0.0; 6],
            takes_attacker: [false; 6],
        };
        for role in Role::ALL {
            let (r, reach) = (role.index(), scan.us_roles[role.index()]);
            ctx.victim[r] = best_victim(view, reach, them);
            ctx.mobility[r] = reach.count() as f32 / 16.0;
            ctx.usable[r] = reach.any();
            ctx.takes_attacker[r] = (reach & attackers).any();
            if role != Role::King && (view.pieces(us, role) & scan.them_reach).any() {
                ctx.escape[r] = value(role) as f32 / 900.0;
            }
            let risk = if role == Role::King { 0 } else { value(role) };
            for sq in reach & view.by_color(them) {
                let Some(victim) = view.role_at(sq).filter(|&v| v != Role::King) else { continue };
                let net = value(victim) - if defended.contains(sq) { risk } else { 0 };
                ctx.gain[r] = ctx.gain[r].max(net as f32 / 900.0);
            }
        }
        ctx
    }

    /// The inputs of the dice `dice` (at most three).
    fn inputs(&self, dice: Dice) -> [f32; ROLL_INPUTS] {
        let mut x = [0.0; ROLL_INPUTS];
        self.visit(dice, |i, v| x[i] += v);
        x
    }

    /// `w · inputs(dice)` for the trained weights, without building the inputs.
    #[inline]
    fn dot(&self, dice: Dice) -> f32 {
        let mut z = 0.0;
        self.visit(dice, |i, v| z += weights::WEIGHTS[i] * v);
        z
    }

    /// Calls `emit(index, value)` for the inputs of `dice` (zeros may be left out; an index
    /// comes at most once): the one definition of the inputs.
    #[inline]
    fn visit(&self, dice: Dice, mut emit: impl FnMut(usize, f32)) {
        let (mut best_victim, mut victim_sum, mut best_escape, mut best_gain) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
        let (mut unusable, mut takes_attacker) = (0, false);
        for role in Role::ALL {
            let (r, n) = (role.index(), dice.count(role));
            if n == 0 {
                continue;
            }
            emit(r, 1.0);
            if n >= 2 {
                emit(6 + r, 1.0);
            }
            emit(12 + r, self.victim[r]);
            emit(18 + r, self.escape[r]);
            emit(24 + r, self.mobility[r]);
            emit(37 + r, self.gain[r]);
            victim_sum += self.victim[r];
            best_victim = best_victim.max(self.victim[r]);
            best_escape = best_escape.max(self.escape[r]);
            best_gain = best_gain.max(self.gain[r]);
            takes_attacker |= self.takes_attacker[r];
            if !self.usable[r] {
                unusable += n;
            }
        }
        emit(30, best_victim);
        emit(31, victim_sum);
        emit(32, best_escape);
        emit(33, unusable as f32 / 3.0);
        if dice.has(Role::King) {
            emit(34, self.them_capture);
        }
        if dice.has(Role::Pawn) {
            emit(35, self.promotion);
        }
        emit(36, (Dice::MAX - dice.len().min(Dice::MAX)) as f32 / 3.0);
        emit(43, best_gain);
        if takes_attacker {
            emit(44, self.them_capture);
        }
    }
}

/// A roll as the roll model sees it: decided, or the base logit and centred inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RollInputs {
    /// Nothing to learn: a finished game, no dice, a roll that takes the king, or a position
    /// where every roll is thought to take it; the chances are these.
    Decided(WinChances),
    /// The logit of the share of the value left to the rolls that do not take the king, the
    /// inputs minus their mean over those rolls, and the chances before the roll.
    Open { base: f32, centred: [f32; ROLL_INPUTS], before: WinChances },
}

/// What both forms of the model start from: a decided roll, or the context, the chances before
/// the roll, the logit of the share left to the rolls that do not take the king, and the
/// probabilities (out of 216) of those rolls, in the order of `rolls56` (0 for the others).
#[allow(clippy::large_enum_variant)] // a return value, moved once; boxing would allocate per call
enum Prelude {
    Decided(WinChances),
    Open { ctx: Context, before: WinChances, base: f32, weights: [u32; 56], open: u32 },
}

fn prelude(pos: &Position) -> Prelude {
    let dice = pos.dice();
    if dice.is_empty() || pos.is_finished() {
        return Prelude::Decided(win_chances(pos));
    }
    let start = pos.with_dice(Dice::EMPTY);
    let (f, scan) = features_and_scan(&start);
    let before = calibrated(&start, &f);
    let threats = scan.us_threats.mask;
    if threats & dice_mask(dice) != 0 && captures_king_with(pos, dice) {
        return Prelude::Decided(WinChances::WON);
    }
    let mut weights = [0u32; 56];
    for ((w, &mask), roll) in weights.iter_mut().zip(ROLLS.iter()).zip(rolls56()) {
        if mask & threats == 0 {
            *w = roll.weight;
        }
    }
    let open: u32 = weights.iter().sum();
    if open == 0 {
        return Prelude::Decided(before);
    }
    let share = open as f32 / 216.0;
    let rest = ((before.score() - (1.0 - share)) / share).clamp(1e-4, 1.0 - 1e-4);
    let ctx = Context::of(&scan, f.dense[28]);
    Prelude::Open { ctx, before, base: (rest / (1.0 - rest)).ln(), weights, open }
}

/// The roll model's view of `pos` (its dice pool is the roll, or what is left of it): what the
/// trainer fits.
pub fn roll_inputs(pos: &Position) -> RollInputs {
    let (ctx, before, base, weights, open) = match prelude(pos) {
        Prelude::Decided(c) => return RollInputs::Decided(c),
        Prelude::Open { ctx, before, base, weights, open } => (ctx, before, base, weights, open),
    };
    let mut centred = ctx.inputs(pos.dice());
    for (roll, &w) in rolls56().iter().zip(weights.iter()) {
        if w > 0 {
            for (c, x) in centred.iter_mut().zip(ctx.inputs(roll.dice)) {
                *c -= w as f32 / open as f32 * x;
            }
        }
    }
    RollInputs::Open { base, centred, before }
}

/// The value of the roll `pos` for its side to move, without a search: about a microsecond,
/// against a walk of every turn of the 56 rolls for [`crate::analysis::RollValue`], which it estimates.
/// Without dice, the value before the roll ([`win_chances`]); a finished game is decided.
pub fn roll_estimate(pos: &Position) -> WinChances {
    match prelude(pos) {
        Prelude::Decided(c) => c,
        Prelude::Open { ctx, before, base, weights, open } => {
            // w · (x − mean x) = w · x − mean (w · x).
            let mean: f32 = rolls56().iter().zip(weights.iter()).map(|(r, &w)| w as f32 * ctx.dot(r.dice)).sum();
            let z = base + ctx.dot(pos.dice()) - mean / open as f32;
            with_score(1.0 / (1.0 + (-z).exp()), before)
        }
    }
}

/// Chances with the expected score `score` and, as far as it allows, the draw share of `like`.
fn with_score(score: f32, like: WinChances) -> WinChances {
    let draw = like.draw.min(2.0 * score).min(2.0 * (1.0 - score)).max(0.0);
    WinChances { mover: score - draw / 2.0, opponent: 1.0 - score - draw / 2.0, draw }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(dfen: &str) -> Position {
        Position::from_dfen(dfen).unwrap()
    }

    #[test]
    fn a_king_capture_is_won_and_no_dice_is_the_value_before() {
        assert_eq!(roll_estimate(&pos("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR")), WinChances::WON);
        // The threat estimate counts the pawn on a2 as a blocker that P then R discovers, but
        // the pawn cannot move: the exact check refuses the capture.
        let blocked = pos("k7/8/8/8/8/p7/P7/R3K3 w - - 0 1 PRB");
        assert_ne!(roll_estimate(&blocked), WinChances::WON);
        let quiet = pos("k7/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(roll_estimate(&quiet), win_chances(&quiet));
    }

    #[test]
    fn the_inputs_of_a_full_roll_average_to_zero() {
        let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut sum = [0.0f32; ROLL_INPUTS];
        for roll in rolls56() {
            let mut rolled = start;
            rolled.set_dice(roll.dice);
            let RollInputs::Open { centred, .. } = roll_inputs(&rolled) else { panic!("open") };
            for (s, x) in sum.iter_mut().zip(centred) {
                *s += roll.weight as f32 / 216.0 * x;
            }
        }
        assert!(sum.iter().all(|s| s.abs() < 1e-5), "{sum:?}");
    }
}
