//! Analysis (issue 13): the win probability of positions and rolls, the hints of a roll and the
//! review of turns and games.
#![cfg(feature = "book")]

mod common;

use dicechess::analysis::{
    analyze_turn, review_game, review_turn, win_probability, Label, ReviewBudget, ReviewError, RollValue,
};
use dicechess::search::rolls56;
use dicechess::search::winprob::win_chances;
use dicechess::search::{Clock, ManualClock};
use dicechess::{choose_turn, legal_turns, Color, Deadline, Position, Registry, Rng, Roll, Turns, Uci};

/// The turn starts (no dice) of a few seeded games between `greedy` bots.
fn positions(games: usize, seed: u64) -> Vec<Position> {
    common::games::turn_starts("greedy", games, 80, seed, seed + 1)
}

fn dfen(text: &str) -> Position {
    Position::from_dfen(text).unwrap()
}

/// A clock that advances 50 µs a read: deadlines that end after a fixed amount of work.
fn clock() -> ManualClock {
    ManualClock::new(0, 50)
}

#[test]
fn win_probability_of_positions_and_rolls() {
    // White's king alone: White has won, whoever is to move.
    let won = win_probability(&dfen("8/8/8/8/8/8/8/4K3 b - - 0 1"));
    assert_eq!((won.white_win, won.black_win, won.draw), (1.0, 0.0, 0.0));
    // A rook die takes the king: the roll is won.
    let capture = win_probability(&dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR"));
    assert_eq!(capture.white_win, 1.0);
    for pos in positions(8, 1).into_iter().step_by(5) {
        let p = win_probability(&pos);
        let c = win_chances(&pos);
        let mover = if pos.turn() == Color::White { p.white_win } else { p.black_win };
        assert_eq!((mover, p.draw), (f64::from(c.mover), f64::from(c.draw)), "{}", pos.to_dfen());
        let mut rolled = pos;
        rolled.set_dice(dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PNB").dice());
        let r = win_probability(&rolled);
        for x in [r.white_win, r.black_win, r.draw] {
            assert!((0.0..=1.0).contains(&x), "{}: {r:?}", rolled.to_dfen());
        }
        assert!((r.white_win + r.black_win + r.draw - 1.0).abs() < 1e-5, "{r:?}");
    }
}

#[test]
fn the_value_before_a_roll_is_the_mean_of_the_56_roll_values() {
    let (mut gap, mut n) = (0.0f64, 0);
    for pos in positions(12, 5).into_iter().step_by(3) {
        let before = f64::from(win_chances(&pos).score());
        let mut mean = 0.0;
        for r in rolls56() {
            let mut rolled = pos;
            rolled.set_dice(r.dice);
            let v = RollValue::of(&rolled);
            assert_eq!(v.before, before);
            mean += f64::from(r.weight) / 216.0 * v.after;
        }
        gap += (mean - before).abs();
        n += 1;
    }
    assert!(n >= 20, "{n} positions");
    // Exact but for the clamping to [0, 1] near decided positions.
    assert!(gap / f64::from(n) < 0.01, "mean gap {}", gap / f64::from(n));
}

#[test]
fn a_roll_has_one_value_and_the_56_rolls_share_the_candidate_cap() {
    // `RollValue::of` of a roll is `RollValue::each`'s entry for it, on a played position and on
    // one whose rolls have 5.7 million turns in all (past the cap of 400,000, shared in
    // proportion to each roll's turns: issue 17), where a king capture still wins its roll.
    let wide = dfen("QQQQBnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q7/Q6Q/QQQQKQQQ w q - 74 1");
    let capture = dfen("QQQQBnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q7/Q6Q/QQQQKQQk w - - 74 1");
    for start in [positions(2, 9)[10], wide, capture] {
        let each = RollValue::each(&start);
        for (dice, value) in each.iter().step_by(11) {
            let rolled = start.with_dice(*dice);
            let of = RollValue::of(&rolled);
            assert_eq!((of.before, of.after), (value.before, value.after), "{}", rolled.to_dfen());
            if Turns::of_position(&rolled).is_some_and(|t| t.has_king_capture()) {
                assert_eq!(of.after, 1.0, "{}", rolled.to_dfen());
            }
        }
    }
}

/// The rolls the hint test analyses: 40 by default, `DICECHESS_ANALYSIS_ROLLS` to check more
/// (BENCHMARKS.md "Analysis" records a run of 1,000).
fn hint_rolls() -> usize {
    std::env::var("DICECHESS_ANALYSIS_ROLLS").ok().and_then(|v| v.parse().ok()).unwrap_or(40)
}

#[test]
fn hints_are_legal_turns_best_first_and_never_negative() {
    let clock = clock();
    let mut dice = Rng::from_seed(3);
    let (wanted, mut rolls) = (hint_rolls(), 0);
    let games = 12 + wanted / 4;
    for mut pos in positions(games, 9).into_iter().step_by(2).take(wanted) {
        pos.set_dice(dice.three_dice());
        let Ok(roll) = Roll::new(&pos) else { continue };
        let deadline = Deadline { clock: &clock, at: clock.now().plus_ms(20) };
        let analysis = analyze_turn(roll, Some(deadline), 5);
        let legal: Vec<Vec<String>> = match Turns::new(roll) {
            Some(t) => legal_turns(&t).iter().map(|t| t.uci()).collect(),
            None => Vec::new(),
        };
        assert_eq!(analysis.hints.is_empty(), legal.is_empty(), "{}", pos.to_dfen());
        assert!(analysis.hints.len() <= 5);
        let mut last = f64::INFINITY;
        for (i, h) in analysis.hints.iter().enumerate() {
            let uci: Vec<String> = h.moves.iter().map(ToString::to_string).collect();
            assert!(legal.contains(&uci), "{}: {uci:?} is not a legal turn", pos.to_dfen());
            assert!(h.loss >= 0.0 && h.value <= last, "{}: {:?}", pos.to_dfen(), analysis.hints);
            assert_eq!(h.loss == 0.0, i == 0 || h.value == analysis.hints[0].value);
            let score = h.chances.score(pos.turn());
            assert!((score - h.value).abs() < 1e-5, "{score} against {}", h.value);
            last = h.value;
        }
        rolls += 1;
    }
    assert!(rolls >= wanted * 9 / 10, "{rolls} rolls of {wanted}");
    println!("{rolls} rolls analysed");
    // A king capture is first, with value 1.
    let roll = dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR");
    let analysis = analyze_turn(Roll::new(&roll).unwrap(), None, 3);
    assert_eq!(analysis.hints[0].moves[0].to_string(), "a1a8");
    assert_eq!((analysis.hints[0].value, analysis.hints[0].chances.white_win), (1.0, 1.0));
}

#[test]
fn a_bot_reviewing_its_own_untimed_choices_makes_no_error() {
    let registry = Registry::new();
    let bot = registry.get("expectimax-nnue").unwrap().as_ref();
    let mut dice = Rng::from_seed(21);
    let mut reviewed = 0;
    for mut pos in positions(6, 17).into_iter().step_by(5).take(6) {
        pos.set_dice(dice.three_dice());
        let Ok(roll) = Roll::new(&pos) else { continue };
        let choice = choose_turn(bot, roll, &mut Rng::from_seed(1), None);
        let played: Vec<Uci> = choice.moves.iter().map(|m| m.to_string().parse().unwrap()).collect();
        let review = review_turn(&pos, &played, ReviewBudget::Untimed).unwrap();
        assert_eq!(review.error, 0.0, "{}: played {:?}, best {:?}", pos.to_dfen(), review.played, review.best);
        assert_eq!(review.label, None);
        assert!((review.luck - (review.after_roll - review.before)).abs() < 1e-12);
        reviewed += 1;
    }
    assert!(reviewed >= 4);
}

/// The example record of BOOK.md §8: a pass, a knight's raid and a king capture.
const EXAMPLE: &str = r#"{"id": "g-0001", "result": "0-1", "turns": [{"dice": "RQK", "moves": []}, {"dice": "nnn", "moves": ["b8c6", "c6b4", "b4c2"]}, {"dice": "NKK", "moves": ["b1a3"]}, {"dice": "nkk", "moves": ["c2e1"]}]}"#;

#[test]
fn a_game_review_covers_every_turn_and_sums_up_each_side() {
    let clock = clock();
    let mut calls = Vec::new();
    let review =
        review_game(EXAMPLE, ReviewBudget::PerTurn { clock: &clock, ms: 10 }, |done, total| calls.push((done, total)))
            .unwrap();
    assert_eq!(calls, [(1, 4), (2, 4), (3, 4), (4, 4)]);
    assert_eq!(review.id.as_deref(), Some("g-0001"));
    assert_eq!(review.turns.len(), 4);
    let pass = &review.turns[0];
    assert!(pass.forced && pass.played.is_empty() && pass.error == 0.0 && pass.mover == Color::White);
    let capture = &review.turns[3];
    assert_eq!((capture.after_played, capture.after_best, capture.error), (1.0, 1.0, 0.0));
    for t in &review.turns {
        assert!(t.error >= 0.0 && (0.0..=1.0).contains(&t.before) && (0.0..=1.0).contains(&t.after_roll));
        assert_eq!(t.label, if t.forced { None } else { Label::of(t.error) });
    }
    assert_eq!(review.white.turns + review.black.turns, 4);
    let net_luck = review.black.total_luck - review.white.total_luck;
    assert!((review.black.luck_adjusted_result.unwrap() - (1.0 - net_luck)).abs() < 1e-12);
    assert!((review.white.luck_adjusted_result.unwrap() - (0.0 + net_luck)).abs() < 1e-12);
}

#[test]
fn an_invalid_record_reviews_nothing_and_names_the_turn() {
    let illegal = EXAMPLE.replace("b4c2", "b4c3");
    let Err(ReviewError::Record(message)) = review_game(&illegal, ReviewBudget::Untimed, |_, _| {}) else {
        panic!("an illegal turn was reviewed")
    };
    assert!(message.contains("turn 2"), "{message}");
    let Err(ReviewError::Record(message)) =
        review_game(r#"{"result": "1-0", "turns": [{"dice": "xyz", "moves": []}]}"#, ReviewBudget::Untimed, |_, _| {})
    else {
        panic!("bad dice were reviewed")
    };
    assert!(message.contains("turn 1"), "{message}");
    assert!(matches!(review_game("not json", ReviewBudget::Untimed, |_, _| {}), Err(ReviewError::Record(_))));
    let roll = dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR");
    let not_legal: Vec<Uci> = vec!["e1e3".parse().unwrap()];
    assert!(matches!(review_turn(&roll, &not_legal, ReviewBudget::Untimed), Err(ReviewError::IllegalTurn(_))));
    assert!(matches!(
        review_turn(&dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1"), &[], ReviewBudget::Untimed),
        Err(ReviewError::NotARoll)
    ));
}

/// Issue 31 item 7: on the widest roll (28 queens rolling QQQ, 5.6 million turns) an analysis
/// whose deadline has passed lists the turns only up to the first clock check (1024), where it
/// listed the whole 400,000-turn sample first (about 30 ms in wasm, whatever the budget), and
/// still gives one legal candidate; within its deadline, it lists the sample.
#[test]
fn an_analysis_lists_the_turns_under_its_deadline() {
    let wide = dfen("QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1 QQQ");
    let roll = Roll::new(&wide).unwrap();
    let clock = dicechess::search::ManualClock::new(0, 0);
    let deadline = Deadline { clock: &clock, at: clock.now() };
    let analysis = analyze_turn(roll, Some(deadline), 5);
    assert_eq!(analysis.listed, 1024);
    assert_eq!(analysis.hints.len(), 1);
    let moves: Vec<String> = analysis.hints[0].moves.iter().map(ToString::to_string).collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    assert!(dicechess::package::apply_turn(&wide.to_dfen(), &moves).is_some(), "{moves:?} is a legal turn");
    // A listing within the budget lists the whole sample: 1 µs a read, 391 reads.
    let clock = dicechess::search::ManualClock::new(0, 1);
    let deadline = Deadline { clock: &clock, at: clock.now().plus_ms(1) };
    assert_eq!(analyze_turn(roll, Some(deadline), 5).listed, 399_910);
}
