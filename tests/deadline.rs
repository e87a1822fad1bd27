//! The clock granularity of BOTS.md §4.8 on the widest rolls (issue 17): a timed search reads the
//! clock every 1024 root turns while it scores and merges them, not only while it lists them, and
//! a deadline that passes there plays the material fallback of the turns scored so far. Checked on
//! a manual clock that counts its reads (no timing).
#![cfg(all(not(target_arch = "wasm32"), feature = "search"))] // native only: wasm-pack test builds every test target for wasm32

use dicechess::search::{material_fallback, ExpectimaxBot};

use dicechess::search::deepening::{DeepeningBot, Learned};
use dicechess::search::{Clock, ManualClock, Moment};
use dicechess::{legal_turns, Bot, Choice, Deadline, Position, Registry, Rng, Roll, SearchContext, Turn, Turns};

/// The root-turn reads' period (BOTS.md §4.8).
const EVERY: usize = 1024;

/// A roll of 10 047 legal turns and no king capture: light-squared bishops against a king on a
/// dark square.
const WIDE: &str = "7k/8/8/1B1B1B2/2B1B1B1/8/8/KB1B1B2 w - - 0 1 BBK";

fn wide() -> (Position, Vec<Turn>) {
    let pos = Position::from_dfen(WIDE).expect("valid DFEN");
    let turns = legal_turns(&Turns::of_position(&pos).expect("a roll"));
    assert!(turns.len() > 6 * EVERY && !turns.iter().any(|t| t.captures_king), "{}", turns.len());
    (pos, turns)
}

/// A clock at 0 µs that moves 1 µs per read, so that a deadline at `Moment(r)` has passed from
/// its read `r + 1` on; [`reads`] gives how many reads it has had.
fn counting_clock() -> ManualClock {
    ManualClock::new(0, 1)
}

fn reads(clock: &ManualClock) -> u64 {
    clock.now().0
}

fn choose(bot: &dyn Bot, pos: &Position, turns: &[Turn], deadline: Deadline<'_>) -> Choice {
    let roll = Roll::new(pos).expect("a roll");
    bot.choose(roll, turns, &mut SearchContext { rng: &mut Rng::from_seed(1), deadline: Some(deadline) })
}

/// For every bot that scores its root turns, a deadline passing at the clock's read `r + 1` stops
/// the scan at that read: `before` reads come first (none, or `expectimax-v2`'s table sizing),
/// then one every 1024 turns, so the bot has scored `1024 × (r + 1 − before)` turns and plays
/// their material fallback.
#[test]
fn root_scoring_reads_the_clock_every_1024_turns() {
    let (pos, turns) = wide();
    let registry = Registry::new();
    for (id, before) in [("expectimax", 0), ("monte-carlo", 0), ("expectimax-v2", 1)] {
        let bot = registry.get(id).expect("a built-in bot");
        for r in before..before + 4 {
            let clock = counting_clock();
            let choice = choose(bot.as_ref(), &pos, &turns, Deadline { clock: &clock, at: Moment(r) });
            let scored = EVERY * (r + 1 - before) as usize;
            assert_eq!(reads(&clock), r + 1, "{id}: the scan stops at the first read past the deadline");
            assert_eq!(choice, material_fallback(&pos, &turns[..scored]), "{id}, deadline at read {}", r + 1);
        }
    }
}

/// The merged root positions of the two expectimax searches are those of the turns scored.
#[test]
fn an_interrupted_merge_counts_the_turns_scored() {
    let (pos, turns) = wide();
    let distinct = |n: usize| {
        let mut posts: Vec<String> = turns[..n].iter().map(|t| t.post_turn().to_dfen()).collect();
        posts.sort();
        posts.dedup();
        posts.len()
    };
    let clock = counting_clock();
    let (choice, stats) =
        ExpectimaxBot::search(&pos, &turns, &mut Rng::from_seed(1), Some(Deadline { clock: &clock, at: Moment(1) }));
    assert!(stats.fell_back && stats.completed == 0 && stats.expanded == 0);
    assert_eq!(stats.candidates, distinct(2 * EVERY));
    assert_eq!(choice, material_fallback(&pos, &turns[..2 * EVERY]));

    let clock = counting_clock();
    let v2 = DeepeningBot::<Learned>::default();
    let (choice, stats) = v2.search(&pos, &turns, Some(Deadline { clock: &clock, at: Moment(2) }));
    assert_eq!((stats.depth, stats.evals), (0, 0));
    assert_eq!(stats.candidates, distinct(2 * EVERY));
    assert_eq!(choice, material_fallback(&pos, &turns[..2 * EVERY]));
}

/// A deadline past the scan leaves it whole: after `(|T| − 1) / 1024` reads of the scan, one read
/// before the first candidate and one per roll of its chance node, a deadline at the next read
/// completes exactly that candidate, over every merged root position.
#[test]
fn a_deadline_past_the_scan_scores_every_turn() {
    let (pos, turns) = wide();
    let scan = ((turns.len() - 1) / EVERY) as u64;
    let clock = counting_clock();
    let deadline = Deadline { clock: &clock, at: Moment(scan + 1 + 56) };
    let (_, stats) = ExpectimaxBot::search(&pos, &turns, &mut Rng::from_seed(1), Some(deadline));
    let posts: std::collections::HashSet<String> = turns.iter().map(|t| t.post_turn().to_dfen()).collect();
    assert_eq!(stats.candidates, posts.len());
    assert_eq!((stats.expanded, stats.completed, stats.fell_back), (1, 1, false), "{stats:?}");
    assert_eq!(reads(&clock), scan + 1 + 56 + 1);
}
