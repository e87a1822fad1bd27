//! What the lab knows of the bots beyond the package's registry: which of them plays with the
//! net (`expectimax-nnue`, issue 32) and that net's name, which its shards record.

use dicechess::search::{nnue, Builtin};

/// The net `expectimax-nnue` plays with, by name: the sha256 of its generated weights, as the
/// crate's manifest records it (empty if the manifest had none; the crate's tests check it). A
/// shard of that bot's games or search values records it, so that `merge` refuses shards of CLIs
/// built with different nets.
pub fn net_sha256() -> String {
    let manifest: serde_json::Value = serde_json::from_str(nnue::MANIFEST).unwrap_or_default();
    manifest["weightsSha256"].as_str().unwrap_or_default().to_owned()
}

/// Whether the bot of `id` (a canonical id, `dicechess_cli::args::bot_id`) plays with the net.
pub fn plays_with_net(id: &str) -> bool {
    id == Builtin::ExpectimaxNnue.id()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_net_is_named_by_its_weights_checksum() {
        let sha = net_sha256();
        assert_eq!(sha.len(), 64, "{sha}");
        assert!(sha.bytes().all(|b| b.is_ascii_hexdigit()), "{sha}");
        assert!(plays_with_net("expectimax-nnue"));
        assert!(!plays_with_net("expectimax-v2"));
    }
}
