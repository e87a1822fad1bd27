//! The bots the lab plays: the package's built-ins and the lab's own, `expectimax-nnue`
//! (`expectimax-v2`'s search over the NNUE evaluator, issue 32), which the package does not list
//! until a net beats `expectimax-v2` (docs/NOTES.md, "expectimax-nnue stays in the lab").

use std::sync::Arc;

use dicechess::search::deepening::{DeepeningBot, Evaluator, Neural};
use dicechess::search::{nnue, Registry};
use dicechess_cli::args::ValueError;

/// The built-ins and the lab's bots, by id, as every lab command looks them up.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    registry
        .register(Arc::new(DeepeningBot::<Neural>::default()))
        .expect("a lab bot's row is valid and not a built-in's");
    registry
}

/// The net `expectimax-nnue` plays with, by name: the sha256 of its generated weights, as the
/// crate's manifest records it (empty if the manifest had none; the crate's tests check it). A
/// shard of that bot's games or search values records it, so that `merge` refuses shards of CLIs
/// built with different nets.
pub fn net_sha256() -> String {
    let manifest: serde_json::Value = serde_json::from_str(nnue::MANIFEST).unwrap_or_default();
    manifest["weightsSha256"].as_str().unwrap_or_default().to_owned()
}

/// Whether the bot of `id` (a [`bot_id`]) plays with the net.
pub fn plays_with_net(id: &str) -> bool {
    id == Neural::bot_info().id
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
    fn the_net_is_named_by_its_weights_checksum() {
        let sha = net_sha256();
        assert_eq!(sha.len(), 64, "{sha}");
        assert!(sha.bytes().all(|b| b.is_ascii_hexdigit()), "{sha}");
        assert!(plays_with_net("expectimax-nnue"));
        assert!(!plays_with_net("expectimax-v2"));
    }

    #[test]
    fn a_bot_argument_names_a_lab_bot() {
        assert_eq!(bot_id("Expectimax-NNUE").as_deref(), Ok("expectimax-nnue"));
        assert_eq!(bot_id("GREEDY").as_deref(), Ok("greedy"));
        let unknown = bot_id("nobody").expect_err("unknown").to_string();
        assert!(unknown.ends_with("expectimax-v2, expectimax-nnue"), "{unknown}");
    }
}
