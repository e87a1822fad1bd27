//! The work cap (issue 17; the numbers' measurement: docs/NOTES.md, "Bounded work on any roll"):
//! the one policy that bounds the work and memory of a roll, however wide. Counting the turns is
//! exact and cheap on any roll ([`Turns::count`](super::Turns::count)); listing them is capped:
//!
//! - **A tree listed whole** (`getLegalTurnTree`, `Game::tree`, `dicechess tree`) has at most
//!   [`MAX_LEGAL_TURNS`] turns. Past it ([`exceeds_tree_cap`]) it is not built: `null`, or the
//!   CLI says how many turns there are and exits 1.
//! - **What a bot or an analysis chooses among** is every turn up to [`MAX_CANDIDATE_TURNS`], and
//!   past it a sample of about as many ([`Walk::sample`](super::Walk::sample)): below each first
//!   step its first turns in canonical order, as many as its [`share`] of the turns, then the
//!   king captures. Rolls chosen among together (an analysis's 56) share one cap
//!   ([`candidate_limit`]).

/// The most legal turns of a tree listed whole. The widest roll met in 1.02 million rolls of
/// self-play had 151,146 turns (`examples/turn_counts.rs`); a tree of a million leaves is about
/// 10 MB of JSON and 110 MB of JavaScript objects.
pub const MAX_LEGAL_TURNS: u64 = 1_000_000;

/// The most turns a bot or an analysis chooses among; a roll with more gets a sample of about as
/// many. Below [`MAX_LEGAL_TURNS`] because a bot keeps each turn with its position, about 160
/// bytes in wasm, and its search adds to that: 400,000 turns keep a choice within about 130 MB.
/// 2.6 times the widest roll of 1.02 million rolls of self-play (151,146 turns), 7 times the
/// widest between bots (56,095).
#[cfg(feature = "search")]
pub const MAX_CANDIDATE_TURNS: u64 = 400_000;

/// Whether a tree (or subtree) through which `turns` legal turns pass is too wide to list whole.
#[inline]
pub fn exceeds_tree_cap(turns: u64) -> bool {
    turns > MAX_LEGAL_TURNS
}

/// The sample limit of a roll of `count` turns chosen among together with other rolls, `total`
/// turns in all: every turn while the total is within [`MAX_CANDIDATE_TURNS`], past it the roll's
/// share of the cap.
#[cfg(feature = "search")]
pub(crate) fn candidate_limit(count: u64, total: u64) -> u64 {
    if total <= MAX_CANDIDATE_TURNS {
        MAX_CANDIDATE_TURNS
    } else {
        share(MAX_CANDIDATE_TURNS, count, total)
    }
}

/// The share of `limit` of a part of `count` turns among `total` (at least 1): how a sample past
/// a cap is split in proportion. u128: `limit * count` may pass u64.
#[inline]
pub(crate) fn share(limit: u64, count: u64, total: u64) -> u64 {
    u64::try_from(u128::from(limit) * u128::from(count) / u128::from(total.max(1))).unwrap_or(limit).max(1)
}
