//! Native side of `npm run bench`'s search comparison: mean microseconds per call of the library
//! calls behind the benchmark-only wasm exports of `src/wasm/bench.rs`, made the same way (the
//! DFEN parsed inside the timed call, one call each, the registry built once), with the timing
//! loop of `native_turns.rs`. Printed as one JSON object:
//!
//! * `kcp`: `kcp_numerator` on the first DFEN for White's king, Black's king, White's queen;
//! * `equity`: `[µs, rollouts played]` of `estimate_equity` on the second DFEN with `<rollouts>`
//!   and `<maxPlies>`, the seed 1, 2, 3… on successive calls;
//! * `rolls`: for each roll, `[greedy µs, aggressive µs, expectimax µs, expanded, expectimax-v2 µs,
//!   nodes, chance-node rolls]`: `choose_turn` untimed with the seed 1, the untimed
//!   `ExpectimaxBot::search` with the seed 1 and its number of expanded candidates (56 chance-node
//!   rolls each), and `expectimax-v2`'s untimed search (depth 2, at most `V2_NODES` nodes, the
//!   shipped evaluator) with its node and roll counts;
//! * `winprob`: µs per evaluation of the search's win probability ([`model_chances`]) over the
//!   rolls' positions, parsed once;
//! * `nnue`: `[µs per micro-move, check]` of the NNUE fixture's update and output
//!   (`benches/common/nnue_fixture.rs`, the target shape), and the check value of one pass, which
//!   the wasm side must reproduce; `nnueShipped` the same at the shipped net's shape.
//!
//! `cargo run --release --example native_search -- <kcp dfen> <equity dfen> <rollouts> <maxPlies> <roll>...`

mod common;
#[path = "../benches/common/nnue_fixture.rs"]
mod nnue_fixture;

use std::hint::black_box;

use dicechess::search::{kcp_numerator, ExpectimaxBot};

use dicechess::search::deepening::{Config as DeepeningConfig, DeepeningBot, Learned};
use dicechess::search::estimate_equity;
use dicechess::search::winprob::model_chances;
use dicechess::Roll;
use dicechess::{choose_turn, legal_turns, Registry, Rng};
use dicechess::{Color, Position, Role, Turns};

/// The node limit of the `expectimax-v2` search (as `benches/search.rs` and scripts/bench.mjs).
const V2_NODES: u64 = 200_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kcp_dfen, equity_dfen, rollouts, max_plies, rolls @ ..] = args.as_slice() else {
        eprintln!("usage: native_search <kcp dfen> <equity dfen> <rollouts> <maxPlies> <roll>...");
        std::process::exit(2);
    };
    let rollouts: i64 = rollouts.parse().expect("an integer rollout count");
    let max_plies: i64 = max_plies.parse().expect("an integer maxPlies");
    let parse = |dfen: &str| Position::from_dfen(dfen).expect("a valid DFEN");

    let kcp: Vec<String> = [(Color::White, Role::King), (Color::Black, Role::King), (Color::White, Role::Queen)]
        .into_iter()
        .map(|(defender, target)| {
            let us = common::time(|| {
                black_box(kcp_numerator(&parse(black_box(kcp_dfen)), defender, target));
            });
            format!("{us:.3}")
        })
        .collect();

    let mut seed = 0;
    let mut played = 0;
    let equity = common::time(|| {
        seed += 1;
        played =
            estimate_equity(&parse(black_box(equity_dfen)), rollouts, max_plies, &mut Rng::from_seed(seed)).rollouts;
    });

    let registry = Registry::new();
    let mut out = Vec::new();
    for roll in rolls {
        let decide = |bot: &str| {
            common::time(|| {
                let pos = parse(black_box(roll));
                black_box(choose_turn(
                    registry.resolve(Some(bot)).as_ref(),
                    Roll::new(&pos).expect("a roll"),
                    &mut Rng::from_seed(1),
                    None,
                ));
            })
        };
        let (greedy, aggressive) = (decide("greedy"), decide("aggressive"));
        let mut expanded = 0;
        let search = common::time(|| {
            let pos = parse(black_box(roll));
            let Some(turns) = Turns::of_position(&pos) else { return };
            let (_, stats) = ExpectimaxBot::search(&pos, &legal_turns(&turns), &mut Rng::from_seed(1), None);
            expanded = black_box(stats.expanded);
        });
        let mut config = DeepeningConfig::default();
        config.untimed.max_nodes = V2_NODES;
        let v2 = DeepeningBot::with_config(config, Learned);
        let (mut nodes, mut v2_rolls) = (0, 0);
        let v2_search = common::time(|| {
            let pos = parse(black_box(roll));
            let Some(turns) = Turns::of_position(&pos) else { return };
            let (_, stats) = v2.search(&pos, &legal_turns(&turns), None);
            (nodes, v2_rolls) = black_box((stats.nodes, stats.rolls));
        });
        out.push(format!(
            "{roll:?}:[{greedy:.3},{aggressive:.3},{search:.3},{expanded},{v2_search:.3},{nodes},{v2_rolls}]"
        ));
    }
    let positions: Vec<Position> = rolls.iter().map(|r| parse(r)).collect();
    let winprob = common::time(|| {
        black_box(positions.iter().map(|p| model_chances(black_box(p)).mover).sum::<f32>());
    }) / positions.len() as f64;
    let pairs = nnue_fixture::micro_moves();
    let [nnue, nnue_shipped] = [
        nnue_time(&nnue_fixture::Target::random().network(), &pairs),
        nnue_time(&nnue_fixture::Shipped::random().network(), &pairs),
    ];
    println!(
        "{{\"kcp\":[{}],\"equity\":[{equity:.3},{played}],\"rolls\":{{{}}},\"winprob\":{winprob:.4},\"nnue\":{nnue},\"nnueShipped\":{nnue_shipped}}}",
        kcp.join(","),
        out.join(",")
    );
}

/// `[µs per micro-move, check]` of the NNUE fixture's update and output over `net`.
fn nnue_time<const H: usize, const D: usize>(
    net: &dicechess::search::nnue::Network<'_, H, D>,
    pairs: &[(Position, Position)],
) -> String {
    let starts = nnue_fixture::starts(net, pairs);
    let mut check = 0;
    let us =
        common::time(|| check = black_box(nnue_fixture::update_and_output(net, pairs, &starts))) / pairs.len() as f64;
    format!("[{us:.4},{check}]")
}
