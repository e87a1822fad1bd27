//! Not API: the spec-level pieces that the integration tests, the benches and the fuzz targets
//! check by name, which are separate crates and cannot see `pub(crate)` items. Hidden from the
//! docs, no stability promise; see docs/ARCHITECTURE.md ("The public API").
//!
//! Grouped by the spec section each group pins; every name has one home module inside the crate
//! and this is its only public path.

// BOTS.md §2.3–§2.6, §4.6–§4.8: evaluation, the dice distribution and king-capture probability,
// the seeded stream, the rollout step, the two searching bots and the material fallback.
#[cfg(feature = "search")]
pub use crate::search::{
    advance, chance_node, derive, kcp_numerator, material, material_fallback, rolls56, win_probability, ExpectimaxBot,
    MonteCarloBot, MONTE_CARLO_DEFAULT_BUDGET_MS, WIN,
};
// BOTS.md §6: time policies and budgets.
#[cfg(feature = "search")]
pub use crate::search::{
    budget, budget_ms, moves_to_go, policy_by_id, ClockState, TimePolicy, ARENA_OVERHEAD_MS, EMPIRICAL_KNOTS,
    JS_OVERHEAD_MS, MAX_BUDGET_MS, MIN_THINK_MS, POLICY_IDS,
};
// BOTS.md §10, §11: arena statistics and scenario catalogs.
#[cfg(all(feature = "search", feature = "json"))]
pub use crate::search::scenarios::{core_search_v1, parse_catalog, Catalog, Expectation, Suite, SCHEMA_VERSION};
#[cfg(feature = "search")]
pub use crate::search::stats;
// BOOK.md §6–§9: FNV-1a and the key hash, TSV ↔ binary, the `.dcb` writer, the builder; §10 the
// playout judge.
#[cfg(feature = "book")]
pub use crate::book::build::{is_blank, process_line, Aggregator, BuildOptions, BuiltBook, UsedGame};
#[cfg(feature = "book")]
pub use crate::book::playout::{judge, Judging, Playout};
#[cfg(feature = "book")]
pub use crate::book::{
    dcb, dcb_to_tsv, encode_tsv, fnv1a64, key_hash, key_table, validate_tsv, write_tsv, TsvEntry, WeightColumn,
};
#[cfg(feature = "book")]
pub use crate::game::record::Skip;
// Issue 12: `expectimax-v2`'s configuration, limits, searcher and stand-in evaluator, which its
// tests pin and its benches drive.
#[cfg(feature = "search")]
pub use crate::search::deepening::{
    Config as DeepeningConfig, DeepeningBot, Evaluator, Learned, Limits, Searcher, StandIn, ACCEPT_DOUBLE_FROM,
};
// Issue 12: the win-probability model's inputs, weights file, manifest and trainer vectors, which
// its tests check against each other.
#[cfg(feature = "search")]
pub use crate::search::winprob_model::{
    features, head_names, roll_inputs, Features, HeadInputs, PsqAccumulator, RollInputs, DENSE_NAMES,
    FORMAT_VERSION as WINPROB_FORMAT_VERSION, HEAD_FORMAT_VERSION, HEAD_INPUTS, HEAD_MANIFEST, HEAD_VECTORS,
    HEAD_WEIGHTS_SOURCE, INPUTS, MANIFEST, PSQ_INPUTS, ROLL_FORMAT_VERSION, ROLL_INPUTS, ROLL_MANIFEST, ROLL_NAMES,
    ROLL_VECTORS, ROLL_WEIGHTS_SOURCE, VECTORS, WEIGHTS_SOURCE,
};
