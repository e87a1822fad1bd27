//! The widest rolls of real play (issue 17): plays seeded self-play games between bot pairs from
//! the standard start, the first turns of each game random, and counts the legal turns of every
//! roll met (`Turns::count`). Prints, per pair and in all, the rolls counted, the largest count
//! with its roll, and the 50th, 99th, 99.9th and 99.99th percentiles, as JSON lines. The work
//! cap `dicechess::notation::MAX_TURNS` is set well above the largest count this finds.
//!
//! `cargo run --release --example turn_counts -- <positions per pair> <seed> <white:black>...`

use dicechess::{choose_turn, Position, Registry, Rng, Roll, Turns};

/// The standard start.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The most random opening turns of a game (each game draws 0..=this).
const RANDOM_TURNS: u64 = 8;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [positions, seed, pairs @ ..] = args.as_slice() else {
        eprintln!("usage: turn_counts <positions per pair> <seed> <white:black>...");
        std::process::exit(2);
    };
    let positions: usize = positions.parse().expect("a position count");
    let seed: u64 = seed.parse().expect("an integer seed");
    let results: Vec<(String, Vec<(u64, String)>)> = std::thread::scope(|s| {
        let handles: Vec<_> = pairs
            .iter()
            .enumerate()
            .map(|(i, pair)| s.spawn(move || (pair.clone(), count_pair(pair, positions, seed + i as u64 * 1_000_003))))
            .collect();
        handles.into_iter().map(|h| h.join().expect("a worker")).collect()
    });
    let mut all = Vec::new();
    for (pair, counts) in results {
        report(&pair, &counts);
        all.extend(counts);
    }
    report("all", &all);
}

/// The legal-turn counts of the rolls of games between the pair `white:black` until
/// `positions` rolls are counted, each with the roll when it is a record.
fn count_pair(pair: &str, positions: usize, seed: u64) -> Vec<(u64, String)> {
    let registry = Registry::new();
    let (white, black) = pair.split_once(':').expect("a pair white:black");
    let bots = [white, black].map(|id| registry.get(id).unwrap_or_else(|| panic!("no bot {id}")).clone());
    let random = registry.get("random").expect("the random bot").clone();
    let mut rng = Rng::from_seed(seed);
    let mut out: Vec<(u64, String)> = Vec::with_capacity(positions);
    let mut widest = 0;
    while out.len() < positions {
        let mut pos = Position::from_dfen(START).expect("the start position");
        let opening = rng.index(RANDOM_TURNS as usize + 1) as u64;
        for turn in 0..10_000u64 {
            if pos.halfmove_clock() >= 100 || out.len() >= positions {
                break;
            }
            pos.set_dice(rng.three_dice());
            let Ok(roll) = Roll::new(&pos) else { break };
            let n = Turns::new(roll).map_or(0, |t| t.count());
            let record = if n > widest { pos.to_dfen() } else { String::new() };
            widest = widest.max(n);
            out.push((n, record));
            let bot = if turn < opening { &random } else { &bots[pos.turn().index()] };
            let choice = choose_turn(bot.as_ref(), roll, &mut rng, None);
            if pos.play_turn(&choice.moves) {
                break;
            }
        }
    }
    out
}

fn report(label: &str, counts: &[(u64, String)]) {
    let mut sorted: Vec<u64> = counts.iter().map(|c| c.0).collect();
    sorted.sort_unstable();
    let at = |q: f64| sorted.get(((sorted.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0);
    let widest = counts.iter().max_by_key(|c| c.0).cloned().unwrap_or_default();
    println!(
        "{{\"pairs\":{label:?},\"rolls\":{},\"max\":{},\"p50\":{},\"p99\":{},\"p999\":{},\"p9999\":{},\"widest\":{:?}}}",
        sorted.len(),
        widest.0,
        at(0.5),
        at(0.99),
        at(0.999),
        at(0.9999),
        widest.1
    );
}
