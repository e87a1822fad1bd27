//! Behaviour pinned by BOTS.md prose (not in the vector files): expectimax's worked examples, the
//! anytime contract under deadlines, finished games and registry rules.
#![cfg(all(not(target_arch = "wasm32"), feature = "search"))] // native only: wasm-pack test builds every test target for wasm32
#![cfg(feature = "search")]

use std::sync::Arc;

use dicechess::package as api;
use dicechess::package::BestMoveOptions;
use dicechess::search::ExpectimaxBot;
use dicechess::search::{Budgeting, ManualClock, Moment};
use dicechess::Roll;
use dicechess::{
    choose_turn, legal_turns, Bot, BotInfo, Choice, Deadline, Question, RegisterError, Registry, Rng, SearchContext,
    Turn,
};
use dicechess::{Position, Turns};

fn pos(dfen: &str) -> Position {
    Position::from_dfen(dfen).unwrap()
}

fn uci(choice: &Choice) -> Vec<String> {
    choice.moves.iter().map(ToString::to_string).collect()
}

#[test]
fn expectimax_width_example() {
    let p = pos("1r4k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 NNR");
    let turns = Turns::of_position(&p).unwrap();
    let list = legal_turns(&turns);
    assert_eq!(list.len(), 11);
    let registry = Registry::new();
    for seed in 0..5 {
        let greedy = choose_turn(
            registry.resolve(Some("greedy")).as_ref(),
            Roll::new(&p).unwrap(),
            &mut Rng::from_seed(seed),
            None,
        );
        assert_eq!((uci(&greedy), greedy.score), (vec!["a1a7".to_owned()], 0));
        let (choice, stats) = ExpectimaxBot::search(&p, &list, &mut Rng::from_seed(seed), None);
        assert_eq!(uci(&choice), ["a1c1"]);
        assert_eq!(choice.score, -4_629_763);
        assert_eq!(choice.score, -1_000_029_000 / 216);
        assert_eq!((stats.legal_turns, stats.candidates, stats.expanded, stats.completed), (11, 11, 8, 8));
    }
}

#[test]
fn expectimax_bishop_example() {
    let p = pos("7k/8/8/b7/8/8/5P2/4K3 w - - 0 1 NBK");
    let list = legal_turns(&Turns::of_position(&p).unwrap());
    assert_eq!(list.len(), 4);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let (choice, _) = ExpectimaxBot::search(&p, &list, &mut Rng::from_seed(seed), None);
        assert_eq!(choice.score, -207);
        seen.insert(uci(&choice).join(" "));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["e1d1", "e1e2", "e1f1"]);
    let capture = pos("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR");
    let choice = choose_turn(&ExpectimaxBot, Roll::new(&capture).unwrap(), &mut Rng::from_seed(1), None);
    assert_eq!((uci(&choice), choice.score), (vec!["a1a8".to_owned()], i64::from(i32::MAX)));
}

/// With a deadline already past on entry, budgeted bots still return a legal turn: the first
/// pre-ranked (highest material) one, with its material score.
#[test]
fn anytime_contract_with_a_past_deadline() {
    let p = pos("1r4k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 NNR");
    let clock = ManualClock::new(1_000_000, 0);
    let registry = Registry::new();
    for bot in ["monte-carlo", "expectimax", "expectimax-v2", "expectimax-nnue"] {
        let deadline = Deadline { clock: &clock, at: Moment(0) };
        let choice = choose_turn(
            registry.resolve(Some(bot)).as_ref(),
            Roll::new(&p).unwrap(),
            &mut Rng::from_seed(3),
            Some(deadline),
        );
        assert_eq!((uci(&choice), choice.score), (vec!["a1a7".to_owned()], 0), "{bot}");
    }
    // King captures are settled before the clock is read.
    let capture = pos("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR");
    for bot in ["monte-carlo", "expectimax", "expectimax-v2", "expectimax-nnue"] {
        let deadline = Deadline { clock: &clock, at: Moment(0) };
        let choice = choose_turn(
            registry.resolve(Some(bot)).as_ref(),
            Roll::new(&capture).unwrap(),
            &mut Rng::from_seed(3),
            Some(deadline),
        );
        assert_eq!(uci(&choice), ["a1a8"], "{bot}");
    }
}

/// A deadline that passes during the search (the clock advances on every read) still yields a
/// legal turn, whatever the point at which it passes.
#[test]
fn anytime_contract_mid_search() {
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB");
    let legal: Vec<Vec<String>> = legal_turns(&Turns::of_position(&p).unwrap()).iter().map(Turn::uci).collect();
    let registry = Registry::new();
    for bot in ["monte-carlo", "expectimax", "expectimax-v2", "expectimax-nnue"] {
        for reads in [1u64, 2, 5, 30, 200] {
            let clock = ManualClock::new(0, 1);
            let deadline = Deadline { clock: &clock, at: Moment(reads) };
            let choice = choose_turn(
                registry.resolve(Some(bot)).as_ref(),
                Roll::new(&p).unwrap(),
                &mut Rng::from_seed(reads),
                Some(deadline),
            );
            assert!(legal.contains(&uci(&choice)), "{bot} after {reads} reads: {:?}", uci(&choice));
        }
    }
}

#[test]
fn finished_games_and_passes() {
    let registry = Registry::new();
    let clock = ManualClock::new(0, 0);
    // Black's king is missing: every bot passes, every decision is false.
    let over = "8/8/8/2N5/8/3r4/2P5/K7 w - - 0 1 PNR";
    for info in registry.bots() {
        let options = BestMoveOptions { algorithm: Some(info.id.clone()), seed: Some(1), ..Default::default() };
        let r = api::get_best_move(&registry, over, &options, &clock, Moment(0));
        assert!(r.moves.is_empty() && r.score == 0, "{}", info.id);
        for q in [Question::OfferDouble, Question::AcceptDouble, Question::OfferDraw, Question::AcceptDraw] {
            let options = api::DecisionOptions { algorithm: Some(info.id.clone()), seed: Some(1) };
            assert!(!api::should_bot(&registry, over, q, &options), "{} {q:?}", info.id);
        }
    }
    let neutral = api::get_best_move(&registry, "not a dfen", &BestMoveOptions::default(), &clock, Moment(0));
    assert_eq!(neutral, api::BestMove::default());
}

#[test]
fn promotion_micro_moves() {
    let registry = Registry::new();
    let clock = ManualClock::new(0, 0);
    let options = BestMoveOptions { algorithm: Some("greedy".into()), seed: Some(0), ..Default::default() };
    let r = api::get_best_move(&registry, "7k/P7/8/8/8/8/8/7K w - - 0 1 P", &options, &clock, Moment(0));
    assert_eq!(r.uci(), ["a7a8q"]);
    assert_eq!((r.moves[0].from.as_str(), r.moves[0].to.as_str(), r.moves[0].promotion), ("a7", "a8", Some('q')));
}

struct Custom(&'static str, u32);

impl Bot for Custom {
    fn info(&self) -> BotInfo {
        BotInfo {
            id: self.0.to_owned(),
            name: "c".into(),
            description: String::new(),
            difficulty: self.1,
            is_experimental: true,
            takes_budget: false,
        }
    }
    fn choose(&self, _: Roll<'_>, turns: &[Turn], _: &mut SearchContext<'_>) -> Choice {
        Choice::play(&turns[0], 0)
    }
    fn decide(&self, _: Question, _: &Position, _: &mut Rng) -> bool {
        true
    }
}

#[test]
fn registry_rules() {
    let mut registry = Registry::new();
    assert_eq!(registry.register(Arc::new(Custom("", 3))), Err(RegisterError::EmptyId));
    assert_eq!(registry.register(Arc::new(Custom("Greedy", 3))), Err(RegisterError::BuiltinId));
    assert_eq!(registry.register(Arc::new(Custom("Book-A", 3))), Ok(()));
    assert_eq!(registry.register(Arc::new(Custom("book-b", 1))), Ok(()));
    let ids: Vec<String> = registry.bots().into_iter().map(|b| b.id).collect();
    assert_eq!(
        ids,
        [
            "random",
            "book-b",
            "checkmate-aware",
            "greedy",
            "Book-A",
            "greedy-v2",
            "aggressive",
            "monte-carlo",
            "expectimax",
            "expectimax-v2",
            "expectimax-nnue"
        ]
    );
    // Re-registering moves a bot to the end among equals; lookup ignores ASCII case.
    assert_eq!(registry.register(Arc::new(Custom("BOOK-B", 1))), Ok(()));
    assert_eq!(registry.custom_count(), 2);
    assert_eq!(registry.resolve(Some("book-b")).info().id, "BOOK-B");
    assert!(!registry.unregister("greedy"));
    assert!(registry.unregister("Book-a"));
    assert!(!registry.unregister("book-a"));
    assert_eq!(registry.resolve(Some("book-a")).info().id, "greedy");
}

#[test]
fn equity_is_reproducible_and_sums_to_one() {
    for seed in [1u64, 2, 3] {
        let options =
            api::EquityOptions { rollouts: Some(6.0), max_plies: Some(8.0), seed: Some(seed), ..Default::default() };
        let a = api::equity("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &options);
        let b = api::equity("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &options);
        assert_eq!(a, b);
        assert_eq!(a.rollouts, 6);
        assert!((a.white_win + a.black_win + a.undecided - 1.0).abs() <= 1e-9);
    }
    let capped = api::equity(
        "Q7/7B/8/8/3Kk2R/2NP4/8/8 w - - 0 1",
        &api::EquityOptions {
            rollouts: Some(100_000.0),
            max_plies: Some(10_000.0),
            seed: Some(1),
            ..Default::default()
        },
    );
    assert_eq!(capped.rollouts, 1000);
}

/// `timeBudgetMs` (issue 17): on a clock that advances 50 µs a read (one read a rollout ply), the
/// estimate stops at the deadline with the rollouts completed, and is exactly the untimed estimate
/// of that many rollouts of the same stream.
#[test]
fn a_budgeted_equity_is_the_estimate_of_the_rollouts_it_completed() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (budget, seed) in [(20.0, 1u64), (50.0, 2), (200.0, 3)] {
        let clock = dicechess::search::ManualClock::new(0, 50);
        let timed = api::EquityOptions {
            rollouts: Some(100_000.0),
            max_plies: Some(60.0),
            seed: Some(seed),
            time_budget_ms: Some(budget),
        };
        let e = api::equity_timed(START, &timed, &clock, dicechess::search::Moment(0));
        assert!(e.rollouts > 0 && e.rollouts < 100_000, "{budget} ms: {} rollouts", e.rollouts);
        let untimed = api::EquityOptions { rollouts: Some(e.rollouts as f64), time_budget_ms: None, ..timed };
        assert_eq!(api::equity(START, &untimed), e, "{budget} ms");
    }
    // No rollout completed: the neutral result.
    let clock = dicechess::search::ManualClock::new(0, 5_000);
    let tiny =
        api::EquityOptions { rollouts: Some(50.0), seed: Some(4), time_budget_ms: Some(1.0), ..Default::default() };
    assert_eq!(
        api::equity_timed(START, &tiny, &clock, dicechess::search::Moment(0)),
        dicechess::search::Equity::NEUTRAL
    );
}

/// Issue 31 item 6: `estimateEquity` without `timeBudgetMs` (or with 0, a negative or NaN one)
/// stops at the default deadline: the 100,000 rollouts of 100 plies (66 s before) end
/// where an explicit 1000 ms ends them, on a clock that advances 50 µs a read.
#[test]
fn an_equity_without_a_budget_stops_at_the_default_deadline() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let run = |time_budget_ms| {
        let options =
            api::EquityOptions { rollouts: Some(100_000.0), max_plies: Some(100.0), seed: Some(1), time_budget_ms };
        let clock = dicechess::search::ManualClock::new(0, 50);
        api::equity_timed(START, &options, &clock, dicechess::search::Moment(0))
    };
    let default = run(None);
    assert!(default.rollouts > 0 && default.rollouts < 100_000, "{} rollouts", default.rollouts);
    assert_eq!(run(Some(dicechess::search::DEFAULT_EQUITY_BUDGET_MS as f64)), default);
    for no_budget in [0.0, -5.0, f64::NAN] {
        assert_eq!(run(Some(no_budget)), default, "{no_budget}");
    }
}

#[test]
fn untimed_monte_carlo_rolls_out_every_turn_before_its_king_capture_draw() {
    // Two rooks each take the king in one move, among 25 quiet rook moves. Untimed, monte-carlo's
    // rollouts of the quiet turns draw from the stream before the tie-break key's draw between
    // the two captures (BOTS.md §4.6), so `choose_turn` must give it every turn: its choice is
    // the one over the whole list, and over the seeds both captures are played.
    let p = pos("8/8/8/R2k4/8/8/8/3R3K w - - 0 1 R");
    let roll = Roll::new(&p).unwrap();
    let all = legal_turns(&Turns::new(roll).unwrap());
    assert_eq!(all.iter().filter(|t| t.captures_king).count(), 2);
    let registry = Registry::new();
    let bot = registry.resolve(Some("monte-carlo")).as_ref();
    let mut played = std::collections::BTreeSet::new();
    for seed in 1..=8 {
        let chosen = choose_turn(bot, roll, &mut Rng::from_seed(seed), None);
        let mut rng = Rng::from_seed(seed);
        let whole = bot.choose(roll, &all, &mut SearchContext { rng: &mut rng, deadline: None });
        assert_eq!(uci(&chosen), uci(&whole), "seed {seed}");
        played.insert(uci(&chosen));
    }
    assert_eq!(played.len(), 2, "{played:?}");
}

#[test]
fn the_listing_says_which_bots_take_a_budget() {
    let registry = Registry::new();
    let budgeted: Vec<String> = registry.bots().into_iter().filter(|b| b.takes_budget).map(|b| b.id).collect();
    assert_eq!(budgeted, ["monte-carlo", "expectimax", "expectimax-v2", "expectimax-nnue"]);
    for bot in registry.bots() {
        let budgeting = registry.get(&bot.id).map(|b| b.budgeting());
        assert_eq!(bot.takes_budget, matches!(budgeting, Some(Budgeting::Budgeted { .. })), "{}", bot.id);
    }
}
