//! Issue 30: searches that end on any clock. With a clock that never moves (Cloudflare Workers
//! during CPU work), every bot of the registry returns a legal turn and says why it stopped; with
//! `effort`, the same seed gives the same turn whatever the clock does.

#![cfg(all(feature = "search", not(target_arch = "wasm32")))]

use dicechess::package::{get_best_move, BestMove, BestMoveOptions, MicroMove};
use dicechess::search::{legal_turns, Clock, ManualClock, Moment, Stop, SystemClock};
use dicechess::{Position, Registry, Turns};

/// Rolls from a two-turn one to the wide middle game of kiwipete.
const ROLLS: [&str; 5] = [
    "7k/8/8/8/8/8/P7/K7 w - - 0 1 P",
    "1r4k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 NNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 PNB",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 RPK",
];

/// Asserts that `best` plays a legal turn of `dfen`.
fn assert_legal(dfen: &str, best: &BestMove, bot: &str) {
    let roll = Position::from_dfen(dfen).expect("valid DFEN");
    let turns = legal_turns(&Turns::of_position(&roll).expect("a roll"));
    let legal = turns.iter().any(|t| t.moves().iter().map(|&m| MicroMove::from(m)).eq(best.moves.iter().cloned()));
    assert!(legal, "{bot} on {dfen}: {:?} is not a legal turn", best.uci());
}

fn options(bot: &str) -> BestMoveOptions {
    BestMoveOptions { algorithm: Some(bot.to_owned()), seed: Some(7), ..BestMoveOptions::default() }
}

#[test]
fn on_a_frozen_clock_every_bot_returns_a_legal_turn_and_says_why() {
    let registry = Registry::new();
    let frozen = ManualClock::new(1_000_000, 0);
    for info in registry.bots() {
        for dfen in ROLLS {
            let options = BestMoveOptions { time_budget_ms: Some(10.0), ..options(&info.id) };
            let best = get_best_move(&registry, dfen, &options, &frozen, frozen.now());
            assert_legal(dfen, &best, &info.id);
            let expected: &[Stop] =
                if info.takes_budget { &[Stop::FrozenClock, Stop::Complete] } else { &[Stop::Complete] };
            assert!(expected.contains(&best.stop), "{} on {dfen}: {:?}", info.id, best.stop);
            assert_eq!(best.budget_ms, if info.takes_budget { 10 } else { 0 }, "{}", info.id);
        }
    }
}

#[test]
fn a_frozen_clock_ends_a_budgeted_search_by_its_work_on_a_wide_roll() {
    // Kiwipete has more candidates than 20 ms of work searches: each budgeted bot is cut short.
    let registry = Registry::new();
    let frozen = ManualClock::new(0, 0);
    for bot in ["monte-carlo", "expectimax", "expectimax-v2", "expectimax-nnue"] {
        let options = BestMoveOptions { time_budget_ms: Some(20.0), ..options(bot) };
        let best = get_best_move(&registry, ROLLS[3], &options, &frozen, frozen.now());
        assert_eq!(best.stop, Stop::FrozenClock, "{bot}");
    }
}

#[test]
fn with_effort_the_same_seed_gives_the_same_turn_whatever_the_clock() {
    let registry = Registry::new();
    let frozen = ManualClock::new(0, 0);
    let running = SystemClock::new();
    for info in registry.bots() {
        for dfen in ROLLS {
            let options = BestMoveOptions { effort: Some(5.0), time_budget_ms: Some(5.0), ..options(&info.id) };
            let first = get_best_move(&registry, dfen, &options, &frozen, frozen.now());
            let second = get_best_move(&registry, dfen, &options, &running, running.now());
            assert_legal(dfen, &first, &info.id);
            assert_eq!((&first.moves, first.score), (&second.moves, second.score), "{} on {dfen}", info.id);
            assert_eq!((first.stop, first.budget_ms), (second.stop, second.budget_ms), "{} on {dfen}", info.id);
            let expected: &[Stop] = if info.takes_budget { &[Stop::Effort, Stop::Complete] } else { &[Stop::Complete] };
            assert!(expected.contains(&first.stop), "{} on {dfen}: {:?}", info.id, first.stop);
            assert_eq!(first.budget_ms, 0, "an effort replaces the budget");
        }
    }
}

#[test]
fn an_effort_that_is_not_a_positive_number_leaves_the_budget() {
    let registry = Registry::new();
    let clock = ManualClock::new(0, 0);
    // The default 1000 ms of monte-carlo, on a position without dice (no search runs).
    for effort in [None, Some(0.0), Some(-3.0), Some(0.9), Some(f64::NAN)] {
        let options = BestMoveOptions { effort, ..options("monte-carlo") };
        let best = get_best_move(&registry, "7k/8/8/8/8/8/8/K7 w - - 0 1", &options, &clock, Moment(0));
        assert_eq!((best.budget_ms, best.stop), (1000, Stop::Complete), "{effort:?}");
    }
    let options = BestMoveOptions { effort: Some(f64::INFINITY), ..options("monte-carlo") };
    let best = get_best_move(&registry, "7k/8/8/8/8/8/8/K7 w - - 0 1", &options, &clock, Moment(0));
    assert_eq!(best.budget_ms, 0, "an effort replaces the budget");
}
