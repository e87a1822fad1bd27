//! `expectimax-nnue` (issue 32): `expectimax-v2`'s search over the NNUE evaluator. Its incremental
//! evaluation changes nothing (a search equals one that refreshes every evaluation), its untimed
//! searches are exact and play legal turns; the package does not list it (the lab does).
#![cfg(all(not(target_arch = "wasm32"), feature = "search"))] // native only: wasm-pack test builds every test target for wasm32

use dicechess::search::deepening::{Config, DeepeningBot, Evaluator, Learned, Limits, Neural};
use dicechess::{legal_turns, Bot, Choice, Position, Registry, Rng, Roll, Turn, Turns};

fn pos(dfen: &str) -> Position {
    Position::from_dfen(dfen).expect("valid DFEN")
}

/// The NNUE evaluator without its scratch: every score a refresh.
struct Refreshing;

impl Evaluator for Refreshing {
    type Scratch = ();

    fn score(&self, pos: &Position) -> f32 {
        Neural.score(pos)
    }
}

fn config(max_depth: u8, max_nodes: u64) -> Config {
    Config { untimed: Limits { max_depth, max_nodes }, ..Config::default() }
}

fn choose(bot: &dyn Bot, p: &Position) -> Choice {
    Roll::new(p).map_or_else(|_| Choice::pass(), |roll| dicechess::choose_turn(bot, roll, &mut Rng::from_seed(1), None))
}

const ROLLS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 NBR",
    "1r4k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 NNR",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 RKP",
];

#[test]
fn the_incremental_search_equals_the_refreshing_one() {
    for (depth, nodes) in [(2, 30_000), (3, 30_000)] {
        let (kept, fresh) = (
            DeepeningBot::with_config(config(depth, nodes), Neural),
            DeepeningBot::with_config(config(depth, nodes), Refreshing),
        );
        for dfen in ROLLS {
            let p = pos(dfen);
            let turns = legal_turns(&Turns::of_position(&p).expect("a roll"));
            let (a, a_stats) = kept.search(&p, &turns, None);
            let (b, b_stats) = fresh.search(&p, &turns, None);
            assert_eq!((a, a_stats), (b, b_stats), "{dfen} at depth {depth}");
            assert!(a_stats.evals > 100, "{dfen}: {} evaluations", a_stats.evals);
            let legal: Vec<Vec<String>> = turns.iter().map(Turn::uci).collect();
            let played: Vec<String> = choose(&kept, &p).moves.iter().map(ToString::to_string).collect();
            assert!(legal.contains(&played), "{dfen}: {played:?}");
        }
    }
}

#[test]
fn the_package_lists_it_at_the_top_of_the_ladder_and_its_row_says_what_it_is() {
    let top = Registry::new().bots().pop().expect("bots");
    assert_eq!(
        (top.id.as_str(), top.difficulty, top.is_experimental, top.takes_budget),
        ("expectimax-nnue", 9, true, true)
    );
    let row = DeepeningBot::<Neural>::default().info();
    assert_eq!(row, Registry::new().resolve(Some("Expectimax-NNUE")).info());
    assert_eq!(DeepeningBot::<Learned>::default().info(), Registry::new().resolve(Some("expectimax-v2")).info());
}
