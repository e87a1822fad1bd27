//! Benchmark-only exports of the search (features `bench-exports` and `search`): the functions
//! that `benches/search.rs` measures, called the way it calls them, so that `npm run bench` can
//! time them in wasm against the same calls natively (`examples/native_search.rs`). Never in a
//! published build.
//!
//! Each export parses its DFEN and makes one library call; the native example does exactly the
//! same inside its timing loop. A DFEN that does not parse gives `undefined`.

use wasm_bindgen::prelude::wasm_bindgen;

use super::search_exports::with_registry;
use dicechess::search::deepening::{Config, DeepeningBot, DefaultEvaluator};
use dicechess::search::{self, candidate_turns, ExpectimaxBot, Rng};
use dicechess::{Color, Position, Role, Roll, Turns};

/// [`search::kcp_numerator`] for the defender (`white` or Black) and the target's die face 1..6.
#[wasm_bindgen]
pub fn kcp_numerator(dfen: &str, white: bool, target: u8) -> Option<u32> {
    let pos = Position::from_dfen(dfen).ok()?;
    let defender = if white { Color::White } else { Color::Black };
    Some(search::kcp_numerator(&pos, defender, Role::from_face(target)?))
}

/// [`search::estimate_equity`] with `rollouts`, `max_plies` and the generator seeded with `seed`
/// (integer-valued numbers); returns the number of rollouts played.
#[wasm_bindgen]
pub fn estimate_equity(dfen: &str, rollouts: f64, max_plies: f64, seed: f64) -> Option<f64> {
    let pos = Position::from_dfen(dfen).ok()?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let (rollouts, max_plies, seed) = (rollouts as i64, max_plies as i64, seed as u64);
    let equity = search::estimate_equity(&pos, rollouts, max_plies, &mut Rng::from_seed(seed));
    #[allow(clippy::cast_precision_loss)]
    let played = equity.rollouts as f64;
    Some(played)
}

/// [`search::choose_turn`] of the bot `algorithm` (resolved in the instance's registry) on a roll,
/// untimed, the generator seeded with `seed`; returns the choice's score.
#[wasm_bindgen]
pub fn choose_turn(dfen: &str, algorithm: &str, seed: f64) -> Option<f64> {
    let pos = Position::from_dfen(dfen).ok()?;
    let roll = Roll::new(&pos).ok()?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let seed = seed as u64;
    let choice = with_registry(|registry| {
        search::choose_turn(registry.resolve(Some(algorithm)).as_ref(), roll, &mut Rng::from_seed(seed), None)
    })?;
    #[allow(clippy::cast_precision_loss)]
    let score = choice.score as f64;
    Some(score)
}

/// The untimed [`ExpectimaxBot::search`] over all legal turns of a roll, the generator seeded with
/// `seed`; returns the number of expanded candidates (each one is 56 chance-node rolls).
#[wasm_bindgen]
pub fn expectimax_search(dfen: &str, seed: f64) -> Option<f64> {
    let roll = Position::from_dfen(dfen).ok()?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let seed = seed as u64;
    let turns = Turns::of_position(&roll)?;
    let (_, stats) = ExpectimaxBot::search(&roll, &candidate_turns(&turns), &mut Rng::from_seed(seed), None);
    #[allow(clippy::cast_precision_loss)]
    let expanded = stats.expanded as f64;
    Some(expanded)
}

/// The search's win probability ([`dicechess::search::winprob::model_chances`]) of each DFEN of `dfens` (one per line), evaluated
/// `reps` times over the list after parsing it once; returns the sum of the mover's chances (so
/// the work cannot be skipped). Time per evaluation: the call's time over `reps × lines`.
#[wasm_bindgen]
pub fn win_chances_batch(dfens: &str, reps: f64) -> Option<f64> {
    let positions: Vec<Position> = dfens.lines().map(Position::from_dfen).collect::<Result<_, _>>().ok()?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let reps = reps as u32;
    let mut sum = 0.0f64;
    for _ in 0..reps {
        for p in &positions {
            sum += f64::from(dicechess::search::winprob::model_chances(p).mover);
        }
    }
    Some(sum)
}

/// `expectimax-v2`'s untimed search of a roll with the shipped evaluator, bounded by depth 2 and
/// `max_nodes` nodes; returns `[nodes, chance-node rolls]` as `"nodes rolls"`.
#[wasm_bindgen]
pub fn expectimax_v2_search(dfen: &str, max_nodes: f64) -> Option<String> {
    let roll = Position::from_dfen(dfen).ok()?;
    let turns = Turns::of_position(&roll)?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let max_nodes = max_nodes as u64;
    let (_, stats) = v2_bot(max_nodes).search(&roll, &candidate_turns(&turns), None);
    Some(format!("{} {}", stats.nodes, stats.rolls))
}

/// The built-in `expectimax-v2` with its untimed node limit set to `max_nodes` (depth 2).
fn v2_bot(max_nodes: u64) -> DeepeningBot {
    let mut config = Config::default();
    config.untimed.max_nodes = max_nodes;
    DeepeningBot::with_config(config, DefaultEvaluator::default())
}

// The NNUE cost fixture of `benches/nnue.rs` (random weights of the target shape, the micro-moves
// of seeded random games): constant inputs, so its indexing and arithmetic cannot fail.
#[allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    dead_code,
    unreachable_pub
)]
#[path = "../../benches/common/nnue_fixture.rs"]
mod nnue_fixture;

/// An NNUE fixture of shape `H`, `D`, built on the first call.
struct NnueFixture<const H: usize, const D: usize> {
    weights: nnue_fixture::Weights<H, D>,
    pairs: Vec<(Position, Position)>,
    starts: Vec<dicechess::search::nnue::Accumulator<H>>,
}

impl<const H: usize, const D: usize> NnueFixture<H, D> {
    fn new() -> NnueFixture<H, D> {
        let weights = nnue_fixture::Weights::random();
        let pairs = nnue_fixture::micro_moves();
        let starts = nnue_fixture::starts(&weights.network(), &pairs);
        NnueFixture { weights, pairs, starts }
    }

    /// `passes` passes of the measured work; the number of updates, or `None` when the logits'
    /// check value is not `check`.
    fn run(&self, passes: f64, check: i32) -> Option<f64> {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let passes = passes as u32;
        let net = self.weights.network();
        for _ in 0..passes {
            if nnue_fixture::update_and_output(&net, &self.pairs, &self.starts) != check {
                return None;
            }
        }
        #[allow(clippy::cast_precision_loss)]
        let updates = self.pairs.len() as f64 * f64::from(passes);
        Some(updates)
    }
}

thread_local! {
    static NNUE: NnueFixture<{ nnue_fixture::H }, { nnue_fixture::D }> = NnueFixture::new();
    static NNUE_SHIPPED: NnueFixture<{ dicechess::search::nnue::HIDDEN }, { dicechess::search::nnue::DENSE }> =
        NnueFixture::new();
}

/// `passes` passes of the NNUE fixture's measured work (`benches/nnue.rs`'s `update+output`: one
/// micro-move's accumulator update and the output after it, for each micro-move of the fixture);
/// returns the number of updates made, or `undefined` when the logits' check value is not the
/// native one (`check`), so that the work cannot be skipped or differ. Time per update: the
/// call's time over the result.
#[wasm_bindgen]
pub fn nnue_update_output(passes: f64, check: i32) -> Option<f64> {
    NNUE.with(|f| f.run(passes, check))
}

/// [`nnue_update_output`] at the shipped net's shape (random weights: the net itself is not in
/// the package).
#[wasm_bindgen]
pub fn nnue_shipped_update_output(passes: f64, check: i32) -> Option<f64> {
    NNUE_SHIPPED.with(|f| f.run(passes, check))
}
