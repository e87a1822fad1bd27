//! The case structs of `../shared/conformance/search/` (its README.md is the schema). Every struct
//! denies unknown fields, so a field added to a vector file fails until a test reads it. Names
//! ([`Case`]) are unique within a file: where titles repeat (`kcp.json`, `time_policy.json`), the
//! name adds what tells the cases apart.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::conformance::{Case, Num, Suite};

pub const SUITE: Suite = Suite("search");

/// `prng.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prng {
    pub description: String,
    pub streams: Vec<Stream>,
    pub derive: Vec<Derive>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Stream {
    pub seed: Num,
    pub seed_u64: String,
    pub next_u64_hex: Vec<String>,
    pub dice: Vec<u8>,
    pub uniform100: Vec<u64>,
    pub real: Vec<Num>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Derive {
    #[serde(rename = "S")]
    pub s: u64,
    pub n: u64,
    #[serde(rename = "derivedHex")]
    pub derived_hex: String,
}

/// `registry.json`.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BotEntry {
    pub id: String,
    pub name: String,
    pub description: String,
    pub difficulty: u32,
    pub is_experimental: bool,
}

/// `kcp.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kcp {
    pub title: String,
    pub dfen: String,
    pub defender: String,
    pub target: String,
    pub numerator: u32,
    pub source: String,
}

/// `time_policy.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TimePolicyFile {
    pub description: String,
    pub constants: BTreeMap<String, Num>,
    pub empirical_knots: Vec<(i32, Num)>,
    pub policies: Vec<String>,
    pub cases: Vec<Budget>,
    pub moves_to_go: Vec<MovesToGo>,
    pub custom_estimate: Vec<CustomEstimate>,
    pub js_get_best_move: JsGetBestMove,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Clock {
    pub remaining_ms: i64,
    pub increment_ms: i64,
    pub move_number: i32,
    pub moves_to_go: Option<i32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Budget {
    pub title: String,
    pub policy: String,
    pub clock: Clock,
    pub target_ms: i64,
    pub hard_cap_ms: i64,
    pub budget_ms: Overheads,
    pub source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overheads {
    pub overhead150: i64,
    pub overhead50: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MovesToGo {
    pub policy: String,
    pub move_number: i32,
    pub moves_to_go: Num,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CustomEstimate {
    pub title: String,
    pub moves_to_go_estimate: Num,
    pub clock: Clock,
    pub target_ms: i64,
    pub hard_cap_ms: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsGetBestMove {
    pub cases: Vec<JsBudget>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct JsBudget {
    pub title: String,
    pub dfen: String,
    pub options: JsOptions,
    pub expected_budget_ms: u64,
    pub note: Option<String>,
}

/// The `options` of a `getBestMove` call.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct JsOptions {
    pub algorithm: Option<String>,
    pub clock: Option<JsClock>,
    pub time_policy: Option<String>,
    pub time_budget_ms: Option<Num>,
    pub seed: Option<Num>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct JsClock {
    pub remaining_ms: Option<Num>,
    pub increment_ms: Option<Num>,
    pub move_number: Option<Num>,
    pub moves_to_go: Option<Num>,
}

/// `decisions.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decisions {
    pub description: String,
    pub cases: Vec<Decision>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Decision {
    pub title: String,
    pub dfen: String,
    pub evaluation: i32,
    pub win_probability: f64,
    /// Bot id → answers.
    pub expected: BTreeMap<String, Answers>,
}

/// `null`: depends on the random stream.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Answers {
    pub offer_double: Option<bool>,
    pub accept_double: Option<bool>,
    pub offer_draw: Option<bool>,
    pub accept_draw: Option<bool>,
}

/// `equity.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EquityFile {
    pub description: String,
    pub cases: Vec<Equity>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Equity {
    pub title: String,
    pub dfen: String,
    /// `null`: the defaults.
    pub options: Option<EquityOptions>,
    pub expected: EquityResult,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EquityOptions {
    pub rollouts: Option<Num>,
    pub max_plies: Option<Num>,
    pub seed: Option<Num>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EquityResult {
    pub white_win: Num,
    pub black_win: Num,
    pub undecided: Num,
    pub rollouts: u64,
    pub standard_error: Num,
    pub variance_reduction_vs_vanilla: Num,
}

/// `scenarios.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenarios {
    pub description: String,
    pub catalog: Catalog,
    pub expectations: Vec<Expectation>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Catalog {
    pub schema_version: u32,
    pub id: String,
    pub description: String,
    pub seed_set: SeedSet,
    pub scenarios: Vec<Scenario>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedSet {
    pub id: String,
    pub values: Vec<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Scenario {
    pub id: String,
    pub category: String,
    pub description: String,
    pub dfen: String,
    pub expected_turns: Option<Vec<Vec<String>>>,
    pub expect_pass: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Expectation {
    pub id: String,
    pub legal_turn_count: u64,
    /// Bot id → "always" | "sometimes" | "never" | null.
    pub bots: BTreeMap<String, Option<String>>,
    pub seeded: Vec<Seeded>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Seeded {
    pub seed: u64,
    /// Bot id → the exact untimed choice (`[]` = pass).
    pub bots: BTreeMap<String, Vec<String>>,
    pub monte_carlo_scores: Option<Vec<(Vec<String>, i64)>>,
}

/// `sprt.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Sprt {
    pub description: String,
    pub score_of_elo: Vec<ScoreOfElo>,
    pub cases: Vec<SprtCase>,
    pub pair_variance: Vec<PairVariance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreOfElo {
    pub elo: Num,
    pub score: Num,
    pub tolerance: Option<Num>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trinomial {
    pub losses: u64,
    pub draws: u64,
    pub wins: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtCase {
    pub title: String,
    pub pentanomial: [u64; 5],
    pub trinomial: Trinomial,
    pub elo0: Num,
    pub elo1: Num,
    pub alpha: Num,
    pub beta: Num,
    pub expected: SprtExpected,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtExpected {
    pub verdict: String,
    pub llr: Num,
    pub lower: Num,
    pub upper: Num,
    pub observations: u64,
    pub constraints: Vec<String>,
}

/// With `trinomial`: the game-level spreads (`pairScoreSd` …); without: the pair statistics (`n` …).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PairVariance {
    pub title: String,
    pub pentanomial: [u64; 5],
    pub trinomial: Option<Trinomial>,
    pub n: Option<u64>,
    #[serde(default, deserialize_with = "present")]
    pub mean: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub sd: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub standard_error: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub ci95_half_width_percent: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub pairs_to_resolve2pc: Option<Option<u64>>,
    #[serde(default, deserialize_with = "present")]
    pub pairs_to_resolve4pc: Option<Option<u64>>,
    #[serde(default, deserialize_with = "present")]
    pub pair_score_sd: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub game_score_sd: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub variance_reduction: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub games_to_resolve2pc_paired: Option<Option<u64>>,
    #[serde(default, deserialize_with = "present")]
    pub games_to_resolve2pc_unpaired: Option<Option<u64>>,
    #[serde(default, deserialize_with = "present")]
    pub games_to_resolve3pc_paired: Option<Option<u64>>,
    #[serde(default, deserialize_with = "present")]
    pub games_to_resolve3pc_unpaired: Option<Option<u64>>,
}

/// A field that may be absent (`None`), `null` (`Some(None)`) or a value.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

use super::conformance::titled;
titled!(CustomEstimate, JsBudget, Decision, Equity, SprtCase, PairVariance);

impl Case for Stream {
    fn name(&self) -> String {
        format!("seed {}", self.seed.0)
    }
}

impl Case for Derive {
    fn name(&self) -> String {
        format!("derive({}, {})", self.s, self.n)
    }
}

impl Case for BotEntry {
    fn name(&self) -> String {
        self.id.clone()
    }
}

impl Case for Kcp {
    fn name(&self) -> String {
        format!("{} (defender {}, target {})", self.title, self.defender, self.target)
    }
}

impl Case for Budget {
    fn name(&self) -> String {
        format!("{} [{}]", self.title, self.policy)
    }
}

impl Case for MovesToGo {
    fn name(&self) -> String {
        format!("{} at move {}", self.policy, self.move_number)
    }
}

impl Case for Expectation {
    fn name(&self) -> String {
        self.id.clone()
    }
}

impl Case for ScoreOfElo {
    fn name(&self) -> String {
        format!("scoreOfElo({})", self.elo.0)
    }
}
