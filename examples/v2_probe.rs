//! Star2 with probing in `expectimax-v2` (issue 12): the untimed search to a fixed depth with
//! probing off and on, on the first `--limit` positions of a `dicechess datagen` file, each with
//! one seeded roll. Prints, per side, the total nodes, chance-node rolls and time, and how often the
//! two choose the same turn (Star2 prunes, so the values agree and the choices nearly always do).
//!
//! Then the timed search at `MS` milliseconds a roll, each way: how deep its choices come from.
//!
//! `cargo run --release --example v2_probe -- POSITIONS.tsv DEPTH LIMIT MS`

use std::time::Instant;

use dicechess::search::rolls56;

use dicechess::search::deepening::{Config as DeepeningConfig, DeepeningBot, Learned, Limits};
use dicechess::search::{Clock as _, SystemClock};
use dicechess::{legal_turns, Deadline, Position, Rng, Roll, Turns};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, depth, limit, ms] = args.as_slice() else {
        eprintln!("usage: v2_probe POSITIONS.tsv DEPTH LIMIT MS");
        std::process::exit(2);
    };
    let depth: u8 = depth.parse().expect("a depth");
    let limit: usize = limit.parse().expect("a count");
    let ms: u64 = ms.parse().expect("milliseconds");
    let text = std::fs::read_to_string(file).expect("a datagen file");
    let mut rng = Rng::from_seed(7);
    let rolls: Vec<Position> = text
        .lines()
        .filter_map(|l| Position::from_dfen(l.split('\t').next()?).ok())
        .filter_map(|mut p| {
            let r = rolls56()[(rng.real() * 56.0) as usize % 56];
            p.set_dice(r.dice);
            let turns = legal_turns(&Turns::new(Roll::new(&p).ok()?)?);
            (turns.len() > 1).then_some(p)
        })
        .take(limit)
        .collect();
    let bot = |probe: bool| {
        let mut config =
            DeepeningConfig { untimed: Limits { max_depth: depth, max_nodes: u64::MAX }, ..DeepeningConfig::default() };
        config.shape.probe = probe;
        DeepeningBot::with_config(config, Learned)
    };
    let mut choices = [Vec::new(), Vec::new()];
    for (side, probe) in [false, true].into_iter().enumerate() {
        let b = bot(probe);
        let (mut nodes, mut chance_rolls) = (0u64, 0u64);
        let started = Instant::now();
        for p in &rolls {
            let turns = legal_turns(&Turns::new(Roll::new(p).expect("a roll")).expect("turns"));
            let (choice, stats) = b.search(p, &turns, None);
            nodes += stats.nodes;
            chance_rolls += stats.rolls;
            choices[side].push(choice.moves);
        }
        println!(
            "probe {probe}: {} rolls, depth {depth}: {nodes} nodes, {chance_rolls} chance-node rolls, {:.2} s",
            rolls.len(),
            started.elapsed().as_secs_f64()
        );
    }
    let same = choices[0].iter().zip(&choices[1]).filter(|(a, b)| a == b).count();
    println!("same choice: {same} of {}", rolls.len());
    timed_depths(&rolls, ms, &bot);
}

/// The depths the timed search's choices came from, `[depth 0 or 1, 2, 3, 4 and more]`, with
/// probing off and on.
fn timed_depths(rolls: &[Position], ms: u64, bot: &dyn Fn(bool) -> DeepeningBot<Learned>) {
    for probe in [false, true] {
        let b = bot(probe);
        let mut depths = [0usize; 4];
        for p in rolls {
            let turns = legal_turns(&Turns::new(Roll::new(p).expect("a roll")).expect("turns"));
            let clock = SystemClock::new();
            let deadline = Deadline { clock: &clock, at: clock.now().plus_ms(ms) };
            let (_, stats) = b.search(p, &turns, Some(deadline));
            depths[usize::from(stats.depth).saturating_sub(1).min(3)] += 1;
        }
        println!("probe {probe}, {ms} ms: choices from depth ≤1, 2, 3, ≥4: {depths:?}");
    }
}
