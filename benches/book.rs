//! Opening-book benchmarks (issue 5): probing a 1,000,000-record binary book, loading it, parsing a
//! TSV book of about 4 MB, and building a book from game records on one thread and on every core.
//!
//! Run: `cargo bench --bench book` (about 30 seconds, setup included). A subset: `cargo bench --bench
//! book -- probe`. The inputs are built once, deterministically, from 1,000 self-play games of
//! `greedy` (fixed seed): the games themselves are the builder's input; the books use the keys of
//! their distinct positions with each of the 56 rolls, and turns played somewhere in the games (a
//! probe never checks legality, so they need not be legal where they are booked).
//!
//! What is timed: `probe/records/*` is one probe of `DcbBook::probe` (FNV-1a-64 of the key text,
//! binary search over the bytes, the run of records read), `probe/alternatives/*` the book bot's
//! `Book::alternatives` (the same, collected), `probe/position/*` the bot's whole probe from a
//! rolled position (its key text, then `alternatives`); each call probes the next key of a fixed
//! pseudo-random list of 16,384 keys of the book (`hit`) or of positions not in it (`miss`).
//! Throughputs: `load` and `tsv_parse` count bytes of the book (loading checks every record and the
//! checksum); `build/threads/K` counts game records (JSON lines) parsed, replayed and aggregated
//! into a `.dcb` book by K threads, as `dicechess book build` does without the file I/O. Results go
//! in BENCHMARKS.md.

mod common;

use std::collections::HashSet;
use std::hint::black_box;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput};
use dicechess::book::dcb;
use dicechess::book::DcbRecord;
use dicechess::book::{key_hash, write_tsv, TsvEntry, WeightColumn};
use dicechess::book::{process_line, Aggregator, BuildOptions, UsedGame};
use dicechess::book::{Book, DcbBook, Signature, TsvBook};
use dicechess::record::Skip;
use dicechess::search::{derive, rolls56};
use dicechess::Roll;
use dicechess::{choose_turn, Bot, Registry, Rng};
use dicechess::{Color, Dice, Move, Position, Role};
use serde_json::json;

/// Master seed of the self-play games.
const SEED: u64 = 5;
/// Self-play games of `greedy` against itself: the build input, and the source of real positions
/// and turns for the other inputs.
const GAMES: usize = 1000;
/// Records of the binary book.
const RECORDS: usize = 1_000_000;
/// Keys probed in turn (a power of two), drawn pseudo-randomly.
const PROBES: usize = 1 << 14;
/// Lines of the TSV book (about 4 MB).
const TSV_ENTRIES: usize = 60_000;
/// The CLI's batch of lines handed to the workers (`book build`, crates/cli/src/book_cmd/build_cmd.rs).
const BATCH_LINES: usize = 4096;

/// The games as JSON lines (BOOK.md §8), in game-index order, and the position at the start of
/// every turn (dice empty), game after game.
struct Games {
    lines: Vec<String>,
    positions: Vec<Position>,
}

/// Plays game `g` of the master seed `seed` as `dicechess selfplay` does (BOOK.md §10.1: untimed,
/// dice stream `derive(S, 8g)`, player streams `derive(S, 8g+1)` and `derive(S, 8g+2)`, the
/// half-move draw and the 10 000-turn cap).
fn play_game(bot: &dyn Bot, seed: u64, g: u64) -> (String, Vec<Position>) {
    let mut dice_rng = Rng::from_seed(derive(seed, 8 * g));
    let mut rngs = [Rng::from_seed(derive(seed, 8 * g + 1)), Rng::from_seed(derive(seed, 8 * g + 2))];
    let mut pos = Position::initial();
    let mut positions = Vec::new();
    let mut turns = Vec::new();
    let (result, termination) = loop {
        if pos.halfmove_clock() >= 100 {
            break ("1/2-1/2", "halfmove-clock");
        }
        if turns.len() >= 10_000 {
            break ("1/2-1/2", "turn-cap");
        }
        positions.push(pos);
        let mut dice = Dice::EMPTY;
        for _ in 0..3 {
            dice = Role::from_face(dice_rng.die()).and_then(|r| dice.with(r)).unwrap_or(dice);
        }
        pos.set_dice(dice);
        let mover = pos.turn();
        let choice = choose_turn(bot, Roll::new(&pos).expect("a roll"), &mut rngs[mover.index()], None);
        let moves: Vec<String> = choice.moves.iter().map(Move::to_string).collect();
        turns.push(json!({ "dice": dice.to_field(mover), "moves": moves }));
        let mut captured = false;
        for &m in &choice.moves {
            captured |= pos.is_king_capture(m);
            pos.play_unchecked(m);
        }
        if captured {
            break (if mover == Color::White { "1-0" } else { "0-1" }, "king-capture");
        }
        pos.end_turn();
    };
    let record = json!({
        "id": format!("{seed}-{g}"), "white": "greedy", "black": "greedy",
        "result": result, "termination": termination, "turns": turns,
    });
    (record.to_string(), positions)
}

/// Plays the games on every core; the result does not depend on the number of threads.
fn self_play() -> Games {
    let bot: Arc<dyn Bot> = Registry::new().resolve(Some("greedy")).clone();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = GAMES.div_ceil(workers);
    let parts: Vec<Vec<(String, Vec<Position>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let bot = &bot;
                scope.spawn(move || {
                    (w * per..GAMES.min((w + 1) * per)).map(|g| play_game(bot.as_ref(), SEED, g as u64)).collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a self-play thread")).collect()
    });
    let mut games = Games { lines: Vec::new(), positions: Vec::new() };
    for (line, positions) in parts.into_iter().flatten() {
        games.lines.push(line);
        games.positions.extend(positions);
    }
    games
}

/// The self-play games, played once for every target.
fn games() -> &'static Games {
    static GAMES_ONCE: OnceLock<Games> = OnceLock::new();
    GAMES_ONCE.get_or_init(|| {
        let started = Instant::now();
        let games = self_play();
        eprintln!(
            "setup: {} games, {} turns in {:.1} s",
            games.lines.len(),
            games.positions.len(),
            started.elapsed().as_secs_f64()
        );
        games
    })
}

/// Builds a book from `lines` as `dicechess book build --format dcb` does, without the file I/O:
/// batches of lines processed on `workers` threads, results aggregated in input order.
fn build(lines: &[String], options: &BuildOptions, workers: usize) -> Vec<u8> {
    let mut agg = Aggregator::new();
    for batch in lines.chunks(BATCH_LINES) {
        let one = |line: &String| process_line(line.as_bytes(), options);
        let results: Vec<Result<UsedGame, Skip>> = if workers <= 1 || batch.len() < 64 {
            batch.iter().map(one).collect()
        } else {
            let chunk = batch.len().div_ceil(workers);
            std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(chunk)
                    .map(|part| scope.spawn(move || part.iter().map(one).collect::<Vec<_>>()))
                    .collect();
                handles.into_iter().flat_map(|h| h.join().expect("a builder thread")).collect()
            })
        };
        for r in &results {
            agg.add(r);
        }
    }
    agg.finish(options).dcb().expect("no hash collision")
}

/// Keys of real positions and the records of a synthetic book over them.
struct Corpus {
    /// The distinct positions of the games (dice empty), in order of first appearance.
    positions: Vec<Position>,
    /// The book's keys: the key text, its position (an index into `positions`) and its roll (an
    /// index into `rolls56()`).
    keys: Vec<(String, u32, u8)>,
    /// `RECORDS` records, key after key (unsorted); `owners[i]` is the index of record `i`'s key.
    records: Vec<DcbRecord>,
    owners: Vec<u32>,
    /// Keys of the positions after those of the book: never in it.
    misses: Vec<(String, u32, u8)>,
}

impl Corpus {
    /// The rolled position of a key.
    fn rolled(&self, &(_, p, roll): &(String, u32, u8)) -> Position {
        let mut r = self.positions[p as usize];
        r.set_dice(rolls56()[usize::from(roll)].dice);
        r
    }
}

/// The corpus, built once: the distinct positions of the games, each with its 56 rolls, until the
/// keys carry `RECORDS` records; 1 to 3 alternatives per key (1 for half of the keys), each a turn
/// played somewhere in the games, weights 1 to 20 for keys with several alternatives.
fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let games = games();
        let mut seen = HashSet::new();
        let positions: Vec<Position> =
            games.positions.iter().filter(|p| seen.insert(p.normalized_fen())).copied().collect();
        let mut turns: Vec<u64> = Vec::new();
        let mut played = HashSet::new();
        for line in &games.lines {
            let value: serde_json::Value = serde_json::from_str(line).expect("a game record");
            for t in value["turns"].as_array().expect("turns") {
                let moves: Vec<&str> =
                    t["moves"].as_array().expect("moves").iter().filter_map(|m| m.as_str()).collect();
                if let Ok(sig) = Signature::parse(&moves.join(",")) {
                    if played.insert(sig.pack()) {
                        turns.push(sig.pack());
                    }
                }
            }
        }
        assert!(turns.len() >= 3, "the games play at least three distinct turns");
        let key_of = |p: usize, roll: usize| {
            let mut r = positions[p];
            r.set_dice(rolls56()[roll].dice);
            (r.book_key().expect("a rolled position has a key"), p as u32, roll as u8)
        };
        let mut corpus = Corpus {
            positions: Vec::new(),
            keys: Vec::new(),
            records: Vec::new(),
            owners: Vec::new(),
            misses: Vec::new(),
        };
        let mut p = 0;
        while corpus.records.len() < RECORDS {
            assert!(p < positions.len(), "the games reach enough distinct positions");
            for roll in 0..56 {
                let key = key_of(p, roll);
                let h = key_hash(&key.0);
                let alternatives = [1, 1, 2, 3][(h & 3) as usize].min(RECORDS - corpus.records.len());
                let first = (h >> 8) as usize % turns.len();
                for j in 0..alternatives {
                    let weight = if alternatives == 1 { 1 } else { 1 + (h >> (40 + 5 * j)) as u32 % 20 };
                    let moves = turns[(first + j) % turns.len()];
                    corpus.records.push(DcbRecord { key_hash: h, moves, weight, ..DcbRecord::default() });
                    corpus.owners.push(corpus.keys.len() as u32);
                }
                if alternatives > 0 {
                    corpus.keys.push(key);
                }
            }
            p += 1;
        }
        corpus.misses =
            (p..positions.len()).flat_map(|p| (0..56).map(move |roll| (p, roll))).map(|(p, r)| key_of(p, r)).collect();
        assert!(!corpus.misses.is_empty(), "the games reach positions beyond the book");
        corpus.positions = positions;
        eprintln!(
            "setup: {} records of {} keys from {p} positions; {} keys to miss",
            corpus.records.len(),
            corpus.keys.len(),
            corpus.misses.len()
        );
        corpus
    })
}

/// `PROBES` keys drawn pseudo-randomly from `keys`, with their rolled positions.
fn sample(corpus: &Corpus, keys: &[(String, u32, u8)], rng: &mut Rng) -> (Vec<String>, Vec<Position>) {
    (0..PROBES)
        .map(|_| {
            let key = &keys[rng.index(keys.len())];
            (key.0.clone(), corpus.rolled(key))
        })
        .unzip()
}

fn probe(c: &mut Criterion) {
    let corpus = corpus();
    let book = Book::from_binary(dcb::write(0, &mut corpus.records.clone())).expect("a valid binary book");
    let Book::Binary(dcb) = &book else { unreachable!("a binary book") };
    let mut rng = Rng::from_seed(SEED);
    let (hits, hit_positions) = sample(corpus, &corpus.keys, &mut rng);
    let (misses, miss_positions) = sample(corpus, &corpus.misses, &mut rng);
    assert!(misses.iter().all(|k| book.alternatives(k).is_none()), "a miss key is not in the book");
    let mut g = c.benchmark_group("probe");
    for (name, keys) in [("hit", &hits), ("miss", &misses)] {
        // The probe itself: FNV-1a-64 of the key and the binary search over the bytes.
        g.bench_with_input(BenchmarkId::new("records", name), keys, |b, keys| {
            let mut i = 0;
            b.iter(|| {
                i += 1;
                dcb.probe(black_box(&keys[i % PROBES])).fold(0u64, |sum, r| sum + u64::from(r.weight))
            })
        });
        // What the book bot asks (`Book::alternatives`): the same, collected with their turns.
        g.bench_with_input(BenchmarkId::new("alternatives", name), keys, |b, keys| {
            let mut i = 0;
            b.iter(|| {
                i += 1;
                book.alternatives(black_box(&keys[i % PROBES]))
            })
        });
    }
    // The book bot's whole probe from a rolled position: its key text, then `alternatives`.
    for (name, positions) in [("hit", &hit_positions), ("miss", &miss_positions)] {
        g.bench_with_input(BenchmarkId::new("position", name), positions, |b, positions| {
            let mut i = 0;
            b.iter(|| {
                i += 1;
                let key = black_box(&positions[i % PROBES]).book_key().expect("a key");
                book.alternatives(&key)
            })
        });
    }
    g.finish();
    let bytes = dcb.as_bytes();
    let mut g = c.benchmark_group("load");
    g.sampling_mode(SamplingMode::Flat);
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("dcb/1M", |b| b.iter(|| DcbBook::new(black_box(bytes)).map(|b| b.len())));
    g.finish();
}

fn tsv_parse(c: &mut Criterion) {
    let corpus = corpus();
    let mut entries: Vec<TsvEntry> = (0..TSV_ENTRIES)
        .map(|i| {
            let r = &corpus.records[i];
            TsvEntry {
                key: corpus.keys[corpus.owners[i] as usize].0.clone(),
                signature: Signature::unpack(r.moves).expect("a played turn"),
                weight: r.weight,
            }
        })
        .collect();
    let text = write_tsv(&mut entries, WeightColumn::Auto);
    eprintln!("setup: a TSV book of {} lines, {} bytes", entries.len(), text.len());
    let mut g = c.benchmark_group("tsv_parse");
    g.sampling_mode(SamplingMode::Flat);
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("parse", |b| b.iter(|| TsvBook::parse(black_box(&text)).map(|b| b.entries())));
    g.finish();
}

fn build_games(c: &mut Criterion) {
    let games = games();
    let options = BuildOptions::default();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut g = c.benchmark_group("build");
    g.sampling_mode(SamplingMode::Flat);
    g.throughput(Throughput::Elements(games.lines.len() as u64));
    let mut threads = vec![1];
    if cores > 1 {
        threads.push(cores);
    }
    for workers in threads {
        g.bench_with_input(BenchmarkId::new("threads", workers), &workers, |b, &workers| {
            b.iter(|| build(black_box(&games.lines), &options, workers))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config(500, 1500);
    targets = probe, tsv_parse, build_games
}
criterion_main!(benches);
