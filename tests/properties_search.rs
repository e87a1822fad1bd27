//! Property tests of the bots and of `estimateEquity` (issue 4) on positions reached by random play
//! from the start and on random sparse positions, as in `tests/properties.rs`:
//!
//! * every bot of the registry returns exactly a leaf of the legal turn tree, or a pass only when
//!   the tree is empty (or the game is finished, BOTS.md §5.6), on 1,000 random rolls; a king
//!   capture, when there is one, is always taken by the bots that rank by the tie-break key;
//! * on a roll with a king capture, where `choose_turn` lists only the shortest ones or a bot
//!   decides before the listing (issue 17), every bot plays what it chooses among all the legal
//!   turns, timed and untimed;
//! * `estimateEquity`'s masses sum to 1 within 1e-9, and a seed reproduces the result exactly.
//!
//! The budgeted bots run timed on a [`ManualClock`] that advances one microsecond per read, so
//! that the work they do is bounded by the number of clock reads and every case is reproducible.
#![cfg(all(not(target_arch = "wasm32"), feature = "search"))] // native only: wasm-pack test builds every test target for wasm32

mod common;

use std::collections::HashSet;

use common::random::{played_strategy, sparse_with_kings};
use dicechess::package as api;
use dicechess::package::EquityOptions;
use dicechess::search::WIN;
use dicechess::search::{ManualClock, Moment};
use dicechess::Roll;
use dicechess::{choose_turn, legal_turns, Choice, Deadline, Registry, Rng, SearchContext};
use dicechess::{Move, Position, Turns, Walk};
use proptest::prelude::*;

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![played_strategy(), sparse_with_kings(12, 8)]
}

/// A leaf of the legal turn tree: its UCI list and whether it captures a king.
struct Leaf {
    uci: Vec<String>,
    captures_king: bool,
}

/// The leaves of the legal turn tree of a roll, walked by the rules core (not the search's list).
fn tree_leaves(pos: &Position) -> Vec<Leaf> {
    let mut out = Vec::new();
    if let Some(turns) = Turns::of_position(pos) {
        let _ = turns.walk(Walk::turns(), |path, step| {
            out.push(Leaf { uci: path.iter().map(Move::to_string).collect(), captures_king: step.captures_king });
            std::ops::ControlFlow::<()>::Continue(())
        });
    }
    out
}

/// Clock reads of a timed `monte-carlo` search: about that many rollout plies in all.
const MONTE_CARLO_READS: u64 = 300;
/// Clock reads of a timed `expectimax` search: about that many chance-node rolls in all.
const EXPECTIMAX_READS: u64 = 300;
/// Clock reads of a timed `expectimax-v2` search: it reads the clock every 256 nodes.
const EXPECTIMAX_V2_READS: u64 = 40;

/// `bot`'s choices on `pos` with the stream of `seed`, labelled by mode. Instant bots and
/// `expectimax` run untimed (their exact modes); the budgeted bots also run timed, with a deadline
/// some clock reads away on a clock that advances 1 µs per read. Untimed `monte-carlo` (120
/// rollouts of 40 plies for every legal turn) is too slow for 1,000 cases and is left to the
/// conformance vectors.
fn choices(registry: &Registry, bot: &str, pos: &Position, seed: u64) -> Vec<(&'static str, Choice)> {
    let b = registry.resolve(Some(bot)).as_ref();
    let timed = |reads: u64| {
        let clock = ManualClock::new(0, 1);
        let deadline = Deadline { clock: &clock, at: Moment(reads) };
        Roll::new(pos).map_or_else(|_| Choice::pass(), |r| choose_turn(b, r, &mut Rng::from_seed(seed), Some(deadline)))
    };
    let untimed =
        || Roll::new(pos).map_or_else(|_| Choice::pass(), |r| choose_turn(b, r, &mut Rng::from_seed(seed), None));
    match bot {
        "monte-carlo" => vec![("timed", timed(MONTE_CARLO_READS))],
        "expectimax" => vec![("untimed", untimed()), ("timed", timed(EXPECTIMAX_READS))],
        // Untimed `expectimax-v2` (depth 2, up to 2,000,000 nodes) is left to tests/expectimax_v2.rs.
        "expectimax-v2" => vec![("timed", timed(EXPECTIMAX_V2_READS))],
        _ => vec![("untimed", untimed())],
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn a_king_capture_roll_plays_what_every_legal_turn_would(pos in sparse_with_kings(12, 8), seed in any::<u64>()) {
        let Ok(roll) = Roll::new(&pos) else { return Ok(()) };
        let Some(turns) = Turns::new(roll) else { return Ok(()) };
        if !turns.has_king_capture() {
            return Ok(());
        }
        let all = legal_turns(&turns);
        let registry = Registry::new();
        let clock = ManualClock::new(0, 0);
        let far = Deadline { clock: &clock, at: Moment(u64::MAX) };
        for info in registry.bots() {
            let bot = registry.resolve(Some(&info.id)).as_ref();
            // Untimed `monte-carlo` lists every turn (and rolls out each: too slow here).
            let deadlines = if info.id == "monte-carlo" { vec![Some(far)] } else { vec![Some(far), None] };
            for deadline in deadlines {
                let listed = choose_turn(bot, roll, &mut Rng::from_seed(seed), deadline);
                let mut rng = Rng::from_seed(seed);
                let whole = bot.choose(roll, &all, &mut SearchContext { rng: &mut rng, deadline });
                let mode = if deadline.is_some() { "timed" } else { "untimed" };
                prop_assert_eq!(&listed.moves, &whole.moves, "{} ({}) on {}", info.id, mode, pos.to_dfen());
                prop_assert_eq!(listed.score, whole.score, "{} ({}) on {}", info.id, mode, pos.to_dfen());
            }
        }
    }
}

fn sum(e: &dicechess::search::Equity) -> f64 {
    e.white_win + e.black_win + e.undecided
}

proptest! {
    // The number of cases is the requirement: 1,000 rolls, each checked for every bot.
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn every_bot_plays_a_leaf_of_the_tree_or_passes_when_it_is_empty(pos in any_position(), seed in any::<u64>()) {
        let registry = Registry::new();
        let ids: Vec<String> = registry.bots().into_iter().map(|b| b.id).collect();
        prop_assert_eq!(ids.len(), 9, "the nine built-ins");
        let leaves = tree_leaves(&pos);
        let legal: HashSet<&[String]> = leaves.iter().map(|l| l.uci.as_slice()).collect();
        prop_assert_eq!(legal.len(), leaves.len(), "leaves are distinct");
        let shortest_capture = leaves.iter().filter(|l| l.captures_king).map(|l| l.uci.len()).min();
        let finished = pos.is_finished();
        for (id, mode, choice) in ids.iter().flat_map(|id| {
            choices(&registry, id, &pos, seed).into_iter().map(move |(mode, choice)| (id, mode, choice))
        }) {
            let uci: Vec<String> = choice.moves.iter().map(Move::to_string).collect();
            if finished || leaves.is_empty() {
                // A finished game (a king missing) passes whatever the tree (BOTS.md §5.6).
                prop_assert!(choice.is_pass(), "{} ({}) on {}: {:?} instead of a pass", id, mode, pos.to_dfen(), uci);
                prop_assert_eq!(choice.score, 0);
                continue;
            }
            prop_assert!(!choice.is_pass(), "{} ({}) passed on {} with {} legal turns", id, mode, pos.to_dfen(), leaves.len());
            prop_assert!(legal.contains(uci.as_slice()), "{} ({}) on {}: {:?} is not a leaf", id, mode, pos.to_dfen(), uci);
            // King captures first (§2.4, §4.2, §4.6 step 1, §4.7 step 1): the shortest one, except
            // for `random` (uniform) and `checkmate-aware` (uniform over all king captures).
            if let Some(shortest) = shortest_capture {
                let leaf = leaves.iter().find(|l| l.uci == uci).unwrap();
                if id != "random" {
                    prop_assert!(leaf.captures_king, "{} ({}) on {}: {:?} misses the king", id, mode, pos.to_dfen(), uci);
                    prop_assert_eq!(choice.score, i64::from(WIN));
                }
                if id != "random" && id != "checkmate-aware" {
                    prop_assert_eq!(uci.len(), shortest, "{} ({}) on {}: not the shortest king capture", id, mode, pos.to_dfen());
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn equity_masses_sum_to_one_and_a_seed_reproduces_them(
        pos in any_position(),
        rollouts in 1i32..8,
        max_plies in 0i32..24,
        seed in any::<u64>(),
    ) {
        let dfen = pos.to_dfen();
        let options =
            EquityOptions { rollouts: Some(f64::from(rollouts)), max_plies: Some(f64::from(max_plies)), seed: Some(seed), ..Default::default() };
        let a = api::equity(&dfen, &options);
        let b = api::equity(&dfen, &options);
        // Identical, bit for bit (every field; NaN would fail the comparison).
        prop_assert_eq!(a, b);
        prop_assert_eq!(a.rollouts, rollouts as u64);
        prop_assert!((sum(&a) - 1.0).abs() <= 1e-9, "{}: masses {:?} sum to {}", dfen, a, sum(&a));
        for m in [a.white_win, a.black_win, a.undecided] {
            prop_assert!((0.0..=1.0).contains(&m), "{}: mass {} out of range", dfen, m);
        }
        prop_assert!(a.standard_error >= 0.0);
        if max_plies == 0 && !pos.is_finished() {
            prop_assert_eq!(a.undecided, 1.0, "no ply simulated");
        }
        // The same through the library entry point.
        let lib = dicechess::search::estimate_equity(
            &pos,
            i64::from(rollouts),
            i64::from(max_plies),
            &mut Rng::from_seed(seed),
        );
        prop_assert_eq!(lib, a);
    }
}

/// Guards the generators: most rolls have legal turns, some have king captures, some are forced
/// passes and some are finished games, so every branch of the properties above is exercised.
#[test]
fn generators_cover_every_branch() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = any_position();
    let (mut playable, mut captures, mut passes, mut finished) = (0, 0, 0, 0);
    for _ in 0..1000 {
        let pos = strategy.new_tree(&mut runner).unwrap().current();
        let leaves = tree_leaves(&pos);
        if pos.is_finished() {
            finished += 1;
        } else if leaves.is_empty() {
            passes += 1;
        } else {
            playable += 1;
            captures += usize::from(leaves.iter().any(|l| l.captures_king));
        }
    }
    assert!(playable >= 600, "{playable} playable rolls of 1000");
    assert!(captures >= 100, "{captures} rolls with a king capture");
    assert!(passes >= 100, "{passes} forced passes");
    assert!(finished >= 20, "{finished} finished games");
}
