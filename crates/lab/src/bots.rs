//! The bots the lab plays: the package's built-ins and the lab's own, `expectimax-nnue`
//! (`expectimax-v2`'s search over the NNUE evaluator, issue 32), which the package does not list
//! until a net beats `expectimax-v2` (docs/NOTES.md, "expectimax-nnue stays in the lab").

use std::sync::Arc;

use dicechess::search::deepening::{DeepeningBot, Neural};
use dicechess::search::Registry;
use dicechess_cli::args::ValueError;

/// The built-ins and the lab's bots, by id, as every lab command looks them up.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    registry
        .register(Arc::new(DeepeningBot::<Neural>::default()))
        .expect("a lab bot's row is valid and not a built-in's");
    registry
}

/// A lab command's bot argument: the id of one of [`registry`]'s bots (ASCII-case-insensitively),
/// returned as that bot lists it.
pub fn bot_id(text: &str) -> Result<String, ValueError> {
    let registry = registry();
    registry.get(text).map(|bot| bot.info().id).ok_or_else(|| {
        let ids: Vec<String> = registry.bots().into_iter().map(|b| b.id).collect();
        ValueError::UnknownBot { given: text.to_owned(), known: ids.join(", ") }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lab_adds_expectimax_nnue_above_the_built_ins() {
        let lab = registry();
        let bots = lab.bots();
        assert_eq!(bots.len(), Registry::new().bots().len() + 1);
        let top = bots.last().expect("bots");
        assert_eq!((top.id.as_str(), top.difficulty, top.takes_budget), ("expectimax-nnue", 9, true));
        assert!(!Registry::new().bots().iter().any(|b| b.id == "expectimax-nnue"), "not a package built-in");
        assert_eq!(lab.resolve(Some("Expectimax-NNUE")).info().id, "expectimax-nnue");
    }

    #[test]
    fn a_bot_argument_names_a_lab_bot() {
        assert_eq!(bot_id("Expectimax-NNUE").as_deref(), Ok("expectimax-nnue"));
        assert_eq!(bot_id("GREEDY").as_deref(), Ok("greedy"));
        let unknown = bot_id("nobody").expect_err("unknown").to_string();
        assert!(unknown.ends_with("expectimax-v2, expectimax-nnue"), "{unknown}");
    }
}
