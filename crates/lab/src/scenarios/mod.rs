//! The deterministic scenario suite (BOTS.md §11): the schema-v1 catalog ([`Catalog`], what a
//! fixture file says; `schema.rs`), read strictly from JSON by `parse_catalog` with the `json`
//! feature (`json.rs`, with the bundled `core-search-v1` catalog), its validation into a
//! [`Suite`] (every position parsed and its legal turns listed; `validate.rs`), and the run that
//! compares a candidate bot with a baseline, one decision per scenario, seed and bot (`run.rs`).

mod catalog_check;
mod catalog_json;
mod run;
mod schema;

pub use catalog_check::Suite;
pub use catalog_json::{core_search_v1, parse_catalog};
pub use run::Summary;
pub use run::{Comparison, Decision, MoveTime, RunResult};
pub use schema::{Catalog, Expectation, SCHEMA_VERSION};

#[cfg(test)]
mod example {
    use super::*;

    #[test]
    fn aggressive_blocks_where_greedy_takes_the_queen() {
        let suite = Suite::new(core_search_v1()).unwrap();
        let registry = dicechess::search::Registry::new();
        let (candidate, baseline) = (registry.get("aggressive").unwrap(), registry.get("greedy").unwrap());
        let run = suite.run(4, 0, candidate.as_ref(), baseline.as_ref(), None); // defensive-block-open-file
        assert_eq!(run.comparison(), Comparison::CandidateImproved); // greedy takes the queen
    }
}
