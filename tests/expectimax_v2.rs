//! `expectimax-v2` (issue 12): untimed searches are exact and repeatable, king captures are
//! taken, choices are legal turns, a deadline on a manual clock stops the search, decisions
//! follow the documented thresholds, and the registry lists the bot after `expectimax`.
#![cfg(all(not(target_arch = "wasm32"), feature = "search"))] // native only: wasm-pack test builds every test target for wasm32

mod common;

use common::random::{played_strategy, sparse_with_kings};
use dicechess::search::deepening::{Config, DeepeningBot, Learned, Limits, Searcher, StandIn, ACCEPT_DOUBLE_FROM};
use dicechess::search::WIN;
use dicechess::search::{decide, Budgeting, ManualClock, Moment};
use dicechess::{legal_turns, Bot, Choice, Deadline, Position, Question, Registry, Rng, Roll, Turn, Turns};
use proptest::prelude::*;

fn pos(dfen: &str) -> Position {
    Position::from_dfen(dfen).expect("valid DFEN")
}

/// `choose_turn` on a position: a pass when it is not a roll (no dice, or a game over).
fn choose(bot: &dyn Bot, p: &Position, rng: &mut Rng, deadline: Option<Deadline<'_>>) -> Choice {
    Roll::new(p).map_or_else(|_| Choice::pass(), |roll| dicechess::choose_turn(bot, roll, rng, deadline))
}

fn uci(choice: &Choice) -> Vec<String> {
    choice.moves.iter().map(ToString::to_string).collect()
}

fn legal(p: &Position) -> Vec<Vec<String>> {
    Turns::of_position(p).map(|t| legal_turns(&t).iter().map(Turn::uci).collect()).unwrap_or_default()
}

/// A bot bounded by depth and nodes (untimed).
fn bot(max_depth: u8, max_nodes: u64) -> DeepeningBot<StandIn> {
    let config = Config { untimed: Limits { max_depth, max_nodes }, ..Config::default() };
    DeepeningBot::with_config(config, StandIn)
}

const ROLLS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 NBR",
    "1r4k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 NNR",
    "7k/8/8/b7/8/8/5P2/4K3 w - - 0 1 NBK",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 RKP",
];

#[test]
fn untimed_searches_repeat_exactly_whatever_the_seed() {
    for limits in [(1, u64::MAX), (2, 20_000), (2, 200_000), (3, 50_000)] {
        let b = bot(limits.0, limits.1);
        for dfen in ROLLS {
            let p = pos(dfen);
            let first = choose(&b, &p, &mut Rng::from_seed(1), None);
            assert!(legal(&p).contains(&uci(&first)), "{dfen}: {:?}", uci(&first));
            for seed in [2, 99] {
                assert_eq!(choose(&b, &p, &mut Rng::from_seed(seed), None), first, "{dfen} {limits:?}");
            }
        }
    }
}

/// Pinned choices of the built-in configuration (depth 2, 2,000,000 nodes) on the stand-in
/// evaluator, so that the search, not the trained weights, is pinned: a change to the search
/// shows here first.
#[test]
fn pinned_untimed_choices() {
    let stand_in = DeepeningBot::<StandIn>::default();
    let b: &dyn Bot = &stand_in;
    let play = |dfen: &str| uci(&choose(b, &pos(dfen), &mut Rng::from_seed(7), None));
    // The pawn is worth the back-rank risk (Black needs two rook dice: 16 rolls in 216).
    assert_eq!(play(ROLLS[2]), ["a1a7"]);
    // The king leaves the bishop's diagonal (e1d2 would stay on it).
    assert_eq!(play(ROLLS[3]), ["e1d1"]);
}

#[test]
fn a_king_capture_is_always_taken() {
    for dfen in ["k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR", "4k3/8/8/8/8/8/3n4/R3K3 b - - 0 1 NNN"] {
        let p = pos(dfen);
        for b in [bot(1, u64::MAX), bot(2, 100_000)] {
            let choice = choose(&b, &p, &mut Rng::from_seed(1), None);
            assert_eq!(choice.score, i64::from(WIN), "{dfen}");
            let list = legal_turns(&Turns::of_position(&p).expect("turns"));
            let played = list.iter().find(|t| t.uci() == uci(&choice)).expect("a legal turn");
            assert!(played.captures_king, "{dfen}");
        }
    }
}

/// A deadline on a manual clock (no wall time): the search stops and plays a legal turn,
/// whether the deadline is past on entry (the material fallback), near or far.
#[test]
fn a_deadline_stops_the_search() {
    let registry = Registry::new();
    let b = registry.resolve(Some("expectimax-v2")).as_ref();
    assert_eq!(b.budgeting(), Budgeting::Budgeted { default_ms: Some(1000) });
    for dfen in ROLLS {
        let p = pos(dfen);
        let legal = legal(&p);
        for reads in [0u64, 1, 3, 20, 500] {
            // One microsecond per read: the search reads the clock every 256 nodes, so it
            // stops after about `reads × 256` nodes however deep it could go.
            let clock = ManualClock::new(0, 1);
            let deadline = Deadline { clock: &clock, at: Moment(reads) };
            let choice = choose(b, &p, &mut Rng::from_seed(1), Some(deadline));
            assert!(legal.contains(&uci(&choice)), "{dfen} after {reads} reads: {:?}", uci(&choice));
        }
    }
    // Past on entry: the material fallback (BOTS.md §4.8), here a1a7 with its material score.
    let clock = ManualClock::new(1_000_000, 0);
    let deadline = Deadline { clock: &clock, at: Moment(0) };
    let choice = choose(b, &pos(ROLLS[2]), &mut Rng::from_seed(1), Some(deadline));
    assert_eq!((uci(&choice), choice.score), (vec!["a1a7".to_owned()], 0));
    // The statistics show where it stopped: a deadline a few reads away interrupts depth 2.
    let v2 = DeepeningBot::<StandIn>::default();
    let p = pos(ROLLS[1]);
    let list = legal_turns(&Turns::of_position(&p).expect("turns"));
    let clock = ManualClock::new(0, 1);
    let (_, stats) = v2.search(&p, &list, Some(Deadline { clock: &clock, at: Moment(40) }));
    assert!(stats.nodes <= 41 * 256 + 56, "{stats:?}");
    assert!(stats.depth <= 2 && (stats.depth < 2 || stats.partial), "{stats:?}");
}

#[test]
fn decisions_follow_the_win_probability() {
    let registry = Registry::new();
    let b = registry.resolve(Some("expectimax-v2")).as_ref();
    let ask = |q, dfen: &str| decide(b, q, &pos(dfen), &mut Rng::from_seed(1));
    // Even: take a double, offer none, no draw either way.
    let even = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(ask(Question::AcceptDouble, even));
    assert!(!ask(Question::OfferDouble, even));
    assert!(!ask(Question::OfferDraw, even));
    assert!(!ask(Question::AcceptDraw, even));
    // A queen and a rook up: double; a queen and a rook down: pass the double, take a draw.
    let up = "4k3/8/8/8/8/8/8/QR2K3 w - - 0 1";
    let down = "qr2k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert!(ask(Question::OfferDouble, up));
    assert!(!ask(Question::AcceptDouble, down));
    assert!(ask(Question::AcceptDraw, down));
    // King against king is a dead draw: offer one.
    assert!(ask(Question::OfferDraw, "8/8/3k4/8/8/3K4/8/8 w - - 0 1"));
    // The take threshold is the documented one, on the bot's own probability.
    let v2 = DeepeningBot::<StandIn>::default();
    for dfen in [even, up, down] {
        let p = pos(dfen);
        assert_eq!(ask(Question::AcceptDouble, dfen), v2.expected_score(&p) >= ACCEPT_DOUBLE_FROM);
    }
}

#[test]
fn the_registry_lists_it_after_expectimax() {
    let bots = Registry::new().bots();
    let ids: Vec<&str> = bots.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids[6..8], ["expectimax", "expectimax-v2"]);
    let row = &bots[7];
    assert_eq!((row.difficulty, row.is_experimental), (8, true));
    assert_eq!(Registry::new().resolve(Some("EXPECTIMAX-V2")).info().id, "expectimax-v2");
}

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![played_strategy(), sparse_with_kings(12, 8)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Untimed at depth 2 with a small node budget, and timed on a manual clock: always a
    /// legal turn (or a pass exactly when there is none), the same one twice.
    #[test]
    fn its_choice_is_always_a_legal_turn(p in any_position(), reads in 1u64..40) {
        let legal = legal(&p);
        let b = bot(2, 5_000);
        let clock = ManualClock::new(0, 1);
        let timed = DeepeningBot::<StandIn>::default();
        let deadline = Deadline { clock: &clock, at: Moment(reads) };
        let choices = [
            choose(&b, &p, &mut Rng::from_seed(1), None),
            choose(&timed, &p, &mut Rng::from_seed(1), Some(deadline)),
        ];
        for choice in &choices {
            if legal.is_empty() || p.is_finished() {
                prop_assert!(choice.is_pass());
            } else {
                prop_assert!(legal.contains(&uci(choice)), "{}: {:?}", p.to_dfen(), uci(choice));
            }
        }
        prop_assert_eq!(&choose(&b, &p, &mut Rng::from_seed(2), None), &choices[0]);
    }
}

/// Star2 with probing prunes and changes no value: a chance node searched three turns deep with
/// the full window has the value Star1 gives it, with fewer nodes (the endgames of `ROLLS`: the
/// others take minutes at this depth).
#[test]
fn probing_keeps_every_value_and_saves_nodes() {
    let eval = Learned;
    let (mut plain_nodes, mut probed_nodes) = (0, 0);
    for dfen in &ROLLS[2..] {
        let mut x = pos(dfen);
        x.set_dice(dicechess::Dice::EMPTY);
        let value = |probe: bool| {
            let mut config = Config::default();
            config.shape.probe = probe;
            let limits = Limits { max_depth: 3, max_nodes: u64::MAX };
            let mut s = Searcher::new(&eval, config.shape, limits, None, 16);
            let v = s.chance(&x, 3, 0.0, 1.0).unwrap_or(f32::NAN);
            (v, s.stats.nodes)
        };
        let ((plain, n1), (probed, n2)) = (value(false), value(true));
        assert!((plain - probed).abs() < 1e-5, "{dfen}: {plain} against {probed}");
        plain_nodes += n1;
        probed_nodes += n2;
    }
    assert!(probed_nodes < plain_nodes, "{probed_nodes} nodes probed against {plain_nodes}");
}
