//! Not API: what the integration tests, the benches and the fuzz targets check by name that no
//! public module offers (they are separate crates and cannot see `pub(crate)` items): the lab's
//! statistics and scenario catalogs, `expectimax-v2`'s parts, and the win-probability model's
//! parts. Hidden from the docs, no stability promise; it goes when the lab and the engine become
//! crates of their own (docs/ARCHITECTURE.md, "The public API").
//!
//! Grouped by the spec section each group pins; every name has one home module inside the crate
//! and this is its only public path.

// BOTS.md §10, §11: arena statistics and scenario catalogs (the lab).
#[cfg(all(feature = "search", feature = "json"))]
pub use crate::search::scenarios::{core_search_v1, parse_catalog, Catalog, Expectation, Suite, SCHEMA_VERSION};
#[cfg(feature = "search")]
pub use crate::search::stats;
// Issue 12: `expectimax-v2`'s configuration, limits, searcher and stand-in evaluator, which its
// tests pin and its benches drive.
#[cfg(feature = "search")]
pub use crate::search::deepening::{
    Config as DeepeningConfig, DeepeningBot, Evaluator, Learned, Limits, Searcher, StandIn, ACCEPT_DOUBLE_FROM,
};
// Issue 12: the win-probability model (its chances for the side to move, alone, calibrated and
// after a roll), its inputs, weights file, manifest and trainer vectors, which its tests check
// against each other; players read [`crate::analysis::win_probability`].
#[cfg(feature = "search")]
pub use crate::search::winprob::{
    features, head_names, model_chances, roll_chances, roll_estimate, roll_inputs, win_chances, Features, HeadInputs,
    PsqAccumulator, RollInputs, WinChances, DENSE_NAMES, FORMAT_VERSION as WINPROB_FORMAT_VERSION, HEAD_FORMAT_VERSION,
    HEAD_INPUTS, HEAD_MANIFEST, HEAD_VECTORS, HEAD_WEIGHTS_SOURCE, INPUTS, MANIFEST, PSQ_INPUTS, ROLL_FORMAT_VERSION,
    ROLL_INPUTS, ROLL_MANIFEST, ROLL_NAMES, ROLL_VECTORS, ROLL_WEIGHTS_SOURCE, VECTORS, WEIGHTS_SOURCE,
};
