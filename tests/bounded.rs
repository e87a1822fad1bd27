//! Issue 17: bounded work on any roll. The widest rolls the parser accepts have tens of millions
//! of legal turns; their count is exact and cheap, the tree past `MAX_LEGAL_TURNS` is `null`,
//! the playable dice and every bot's choice are computed without listing them all, and the rules
//! below the cap are unchanged.

#![cfg(all(feature = "search", feature = "book", not(target_arch = "wasm32")))]

use dicechess::package;
use dicechess::search::{Clock, SystemClock};
use dicechess::{
    choose_turn, Dice, Game, GameOptions, Position, Registry, Rng, Role, Roll, Step, Turns, Uci, MAX_LEGAL_TURNS,
};

/// The ring of 28 queens of the issue: 21,404,068 legal turns, no kings.
const RING: &str = "QQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQQ w - - 0 1 QQQ";
/// Issue 18's wide roll with both kings: 5,602,606 legal turns.
const WIDE: &str = "QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1 QQQ";
/// Seven black queens against a bare white king that one of them can take: 1,094,642 turns.
const WIDE_CAPTURE: &str = "5r2/4q3/1q3q2/3q4/q7/1nr5/p2qkK2/2q1q3 b - - 5 59 qqq";
/// The widest roll of 1.02 million rolls of self-play (`examples/turn_counts.rs`): 151,146 turns.
const WIDEST_PLAYED: &str = "5r2/4q3/8/8/q7/1nr5/p3kK2/2q1q3 b - - 5 59 qqq";

/// The leaves of a turn tree's JSON.
fn leaves(v: &serde_json::Value) -> u64 {
    let o = v.as_object().unwrap();
    if o.is_empty() {
        1
    } else {
        o.values().map(leaves).sum()
    }
}

fn turns(dfen: &str) -> Turns {
    Turns::of_position(&Position::from_dfen(dfen).unwrap()).unwrap()
}

#[test]
fn past_the_cap_the_tree_is_null_and_the_count_exact() {
    assert_eq!(package::count_legal_turns(RING), 21_404_068);
    assert_eq!(package::count_legal_turns(WIDE), 5_602_606);
    assert_eq!(package::count_legal_turns(WIDE_CAPTURE), 1_094_642);
    for dfen in [RING, WIDE, WIDE_CAPTURE] {
        assert!(turns(dfen).exceeds_cap(), "{dfen}");
        assert_eq!(package::legal_turn_tree_json(dfen), "null", "{dfen}");
        assert_eq!(package::legal_turn_tree_codes(dfen), None, "{dfen}");
    }
    // The neutral values are unchanged: `{}` and 0 for a pass, no dice or invalid input.
    for dfen in ["8/8/8/8/8/8/8/8 w - - 0 1 QQQ", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "x"] {
        assert_eq!(package::legal_turn_tree_json(dfen), "{}", "{dfen}");
        assert_eq!(package::legal_turn_tree_codes(dfen), Some(vec![]), "{dfen}");
        assert_eq!(package::count_legal_turns(dfen), 0, "{dfen}");
    }
}

#[test]
fn below_the_cap_the_tree_has_every_counted_turn() {
    let tree: serde_json::Value = serde_json::from_str(&package::legal_turn_tree_json(WIDEST_PLAYED)).unwrap();
    assert_eq!(leaves(&tree), 151_146);
    assert_eq!(package::count_legal_turns(WIDEST_PLAYED), 151_146);
    const { assert!(151_146 * 6 < MAX_LEGAL_TURNS, "the cap is well above real play") };
}

#[test]
fn playable_dice_are_read_without_listing_the_turns() {
    assert_eq!(package::playable_dice(RING, None).as_deref(), Some("QQQ"));
    assert_eq!(package::playable_dice(RING, Some(&["a1b2"])).as_deref(), Some("QQ"));
    assert_eq!(package::playable_dice(RING, Some(&["a1b2", "b2c3"])).as_deref(), Some("Q"));
    assert_eq!(package::playable_dice(WIDE, Some(&["a1b2", "b2c3", "c3d4"])).as_deref(), Some(""));
    assert_eq!(package::playable_dice(RING, Some(&["a1a2"])), None, "a1a2 is not a move");
}

#[test]
fn a_game_past_the_cap_gives_a_null_tree_and_still_plays() {
    let start = Position::from_dfen(&WIDE[..WIDE.len() - 4]).unwrap();
    let mut game = Game::new(start, GameOptions::default());
    let queens = Dice::EMPTY.with(Role::Queen).and_then(|d| d.with(Role::Queen)).and_then(|d| d.with(Role::Queen));
    assert!(game.roll(queens.unwrap()));
    let (turns, node, spent) = game.tree().unwrap();
    assert_eq!(package::turn_subtree_json(&turns, node, spent), "null");
    assert_eq!(package::turn_subtree_codes(&turns, node, spent), None);
    assert!(game.play("a1b2".parse().unwrap()));
    let (turns, node, spent) = game.tree().unwrap();
    let below: serde_json::Value = serde_json::from_str(&package::turn_subtree_json(&turns, node, spent)).unwrap();
    assert_eq!(leaves(&below), turns.count_below(node, spent), "the turns through a1b2");
    assert!(turns.count_below(node, spent) > 1_000);
}

/// Every built-in bot plays a legal turn on the wide rolls (with a budget of 100 ms where the bot
/// takes one; the time it takes is a benchmark's business, not this test's).
#[test]
fn every_bot_plays_a_legal_turn_past_the_cap() {
    let registry = Registry::new();
    for dfen in [WIDE, WIDE_CAPTURE] {
        let t = turns(dfen);
        for bot in registry.bots() {
            let options = package::BestMoveOptions {
                algorithm: Some(bot.id.clone()),
                time_budget_ms: Some(100.0),
                seed: Some(1),
                ..Default::default()
            };
            let clock = SystemClock::new();
            let best = package::get_best_move(&registry, dfen, &options, &clock, clock.now());
            let ucis: Vec<Uci> = best
                .moves
                .iter()
                .map(|m| format!("{}{}{}", m.from, m.to, m.promotion.map(String::from).unwrap_or_default()))
                .map(|u| u.parse().unwrap())
                .collect();
            let end = t.follow(&ucis).unwrap_or_else(|| panic!("{} {dfen}: {ucis:?} not legal", bot.id));
            assert!(end.is_leaf, "{} {dfen}: {ucis:?} not a complete turn", bot.id);
            if t.has_king_capture() && bot.id != "random" {
                assert!(end.captures_king, "{} misses the king capture", bot.id);
            }
        }
    }
}

/// `random` picks by index without the list: the turn it would pick from the whole list.
#[test]
fn random_picks_what_the_list_would_give() {
    let registry = Registry::new();
    let random = registry.get("random").unwrap();
    for dfen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 QRK",
        WIDEST_PLAYED,
    ] {
        let pos = Position::from_dfen(dfen).unwrap();
        let list = dicechess::legal_turns(&turns(dfen));
        for seed in 0..20 {
            let choice = choose_turn(random.as_ref(), Roll::new(&pos).unwrap(), &mut Rng::from_seed(seed), None);
            let index = Rng::from_seed(seed).index(list.len());
            assert_eq!(choice.moves, list[index].moves(), "{dfen} seed {seed}");
        }
    }
}

#[test]
fn reviews_and_analyses_work_past_the_cap() {
    let pos = Position::from_dfen(WIDE).unwrap();
    let roll = Roll::new(&pos).unwrap();
    let analysis = dicechess::analysis::analyze_turn(roll, None, 3);
    assert!(!analysis.hints.is_empty());
    // The last turn in canonical order is outside the sample: the review still judges it.
    let t = turns(WIDE);
    let (mut last, mut node): (Vec<Uci>, Option<Step>) = (Vec::new(), None);
    loop {
        let (pos, spent) = node.map_or((*t.root(), 0), |s| (s.position, s.spent));
        let step = t.children(&pos, spent).into_iter().max_by_key(|s| s.mv.uci_order_key()).unwrap();
        last.push(step.mv.uci());
        if step.is_leaf {
            break;
        }
        node = Some(step);
    }
    let review = dicechess::analysis::review_turn(&pos, &last, dicechess::analysis::ReviewBudget::Untimed).unwrap();
    assert_eq!(review.played.len(), last.len());
}
