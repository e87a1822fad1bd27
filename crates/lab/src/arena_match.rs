//! One arena match (BOTS.md §10.3–10.5): paired games with the same dice and exchanged colours,
//! played on a rayon pool and folded in pair-index order into a [`Tally`], so that an untimed
//! match does not depend on `--threads`; with SPRT the first decisive prefix ends it.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::stats::{self, SprtParams, Trinomial};
use dicechess::search::{derive, GameSeeds};
use dicechess::{Color, Position};

use crate::selfplay::record_line;
use dicechess_cli::players::{play_game, Player, Termination, TimeControl, Timing, Usage};
use dicechess_cli::progress::{Progress, Unit};

/// One pair's results from A's point of view.
struct PairResult {
    /// A's score ×2 in game 0 (A White) and game 1 (A Black): 0 loss, 1 draw, 2 win.
    scores: [u8; 2],
    turn_cap_draws: u64,
    /// Flags of A and B.
    flags: [u64; 2],
    /// A's turn times (µs).
    latencies: Vec<u64>,
    /// A's turn CPU times (µs), where the platform tells them.
    cpu: Vec<u64>,
    /// Book usage of A and B.
    usage: [Usage; 2],
    /// The two games' records, when the match keeps them.
    games: Vec<String>,
}

/// Results of the first pairs of a match, folded in index order.
#[derive(Default)]
pub struct Tally {
    pub pairs: u64,
    /// Indexed by A's colour: wins, losses, draws.
    pub wins: [u64; 2],
    pub losses: [u64; 2],
    pub draws: [u64; 2],
    pub turn_cap_draws: u64,
    pub flags: [u64; 2],
    pub pentanomial: [u64; 5],
    pub latencies: Vec<u64>,
    pub cpu: Vec<u64>,
    pub usage: [Usage; 2],
    /// The games' records in pair order, when the match keeps them.
    pub games: Vec<String>,
}

impl Tally {
    fn add(&mut self, r: &PairResult) {
        self.pairs += 1;
        for (colour, &s) in r.scores.iter().enumerate() {
            match s {
                2 => self.wins[colour] += 1,
                1 => self.draws[colour] += 1,
                _ => self.losses[colour] += 1,
            }
        }
        self.pentanomial[usize::from(r.scores[0] + r.scores[1])] += 1;
        self.turn_cap_draws += r.turn_cap_draws;
        self.flags[0] += r.flags[0];
        self.flags[1] += r.flags[1];
        self.latencies.extend_from_slice(&r.latencies);
        self.cpu.extend_from_slice(&r.cpu);
        self.usage[0].add(&r.usage[0]);
        self.usage[1].add(&r.usage[1]);
        self.games.extend_from_slice(&r.games);
    }

    pub fn total(v: [u64; 2]) -> u64 {
        v[0] + v[1]
    }

    pub fn games(&self) -> u64 {
        2 * self.pairs
    }

    /// The score fraction.
    pub fn score(&self) -> f64 {
        let w = Tally::total(self.wins) as f64;
        let d = Tally::total(self.draws) as f64;
        if self.pairs == 0 {
            return 0.0;
        }
        (w + d / 2.0) / self.games() as f64
    }

    pub fn ci_half_width_percent(&self) -> Option<f64> {
        stats::pair_stats(self.pentanomial).ci95_half_width_percent
    }

    pub fn trinomial(&self) -> Trinomial {
        Trinomial { losses: Tally::total(self.losses), draws: Tally::total(self.draws), wins: Tally::total(self.wins) }
    }

    fn status(&self, sprt: Option<SprtParams>) -> String {
        let ci = self.ci_half_width_percent().map_or_else(String::new, |h| format!(" ± {h:.1}"));
        let mut s = format!(
            "W-L-D {}-{}-{}  score {:.1}%{ci}",
            Tally::total(self.wins),
            Tally::total(self.losses),
            Tally::total(self.draws),
            self.score() * 100.0
        );
        if let Some(p) = sprt {
            let r = stats::sprt(self.pentanomial, Trinomial::default(), p);
            s.push_str(&format!("  LLR {:.2} [{:.2}, {:.2}]", r.llr, r.lower, r.upper));
        }
        s
    }
}

/// How the matches of a run are played (from `arena`'s options).
pub struct MatchRun {
    /// Pairs per match (a cap with SPRT).
    pub pairs: u64,
    /// The pairs this run plays: all of them, or a shard's (which SPRT does not stop: it
    /// applies to the merged totals).
    pub range: std::ops::Range<u64>,
    /// The master seed.
    pub seed: u64,
    pub sprt: Option<SprtParams>,
    pub quiet: bool,
}

/// One match: the players and the time control.
pub struct Match {
    pub a: Player,
    pub b: Player,
    /// The bot's and the baseline's timing (different in a time-odds match).
    pub timings: [Timing; 2],
    pub tc: Option<TimeControl>,
    /// Keep every game's record (`arena --games`).
    pub keep_games: bool,
}

/// A match's outcome.
pub struct MatchOutcome {
    pub tally: Tally,
    pub stopped_by_sprt: bool,
    pub duration: Duration,
}

/// The start of pair `i`.
fn start_of(starts: &[Position], i: usize) -> Position {
    starts[i % starts.len()]
}

fn play_pair(m: &Match, starts: &[Position], seed: u64, i: usize) -> PairResult {
    let n = 8 * i as u64;
    let start = start_of(starts, i);
    let first = GameSeeds::of_game(seed, i as u64);
    let g0 = play_game(&start, first, [&m.a, &m.b], [&m.timings[0], &m.timings[1]]);
    // The second game: the same dice, fresh player streams.
    let second = GameSeeds { dice: first.dice, white: derive(seed, n + 3), black: derive(seed, n + 4) };
    let g1 = play_game(&start, second, [&m.b, &m.a], [&m.timings[1], &m.timings[0]]);
    let mut r = PairResult {
        scores: [1, 1],
        turn_cap_draws: 0,
        flags: [0, 0],
        latencies: Vec::new(),
        cpu: Vec::new(),
        usage: [Usage::default(); 2],
        games: Vec::new(),
    };
    for (k, (game, a_colour)) in [(&g0, Color::White), (&g1, Color::Black)].into_iter().enumerate() {
        r.scores[k] = match game.winner {
            Some(c) if c == a_colour => 2,
            Some(_) => 0,
            None => 1,
        };
        r.turn_cap_draws += u64::from(game.termination == Termination::TurnCap);
        if game.termination == Termination::Flag {
            // The flagged side is the loser.
            let a_lost = game.winner != Some(a_colour);
            r.flags[usize::from(!a_lost)] += 1;
        }
        let a_turns = || game.turns.iter().filter(|t| t.mover == a_colour);
        r.latencies.extend(a_turns().map(|t| t.micros));
        r.cpu.extend(a_turns().filter_map(|t| t.cpu_micros));
        r.usage[0].add(&game.usage[a_colour.index()]);
        r.usage[1].add(&game.usage[a_colour.opponent().index()]);
        if m.keep_games {
            let (a, b) = (m.a.id(), m.b.id());
            let players = if a_colour == Color::White { [a.as_str(), b.as_str()] } else { [b.as_str(), a.as_str()] };
            let start_dfen = (start != Position::initial()).then(|| start.to_dfen());
            // A record of a game the arena played always serializes.
            if let Ok(line) = record_line(&format!("{seed}-{i}-{k}"), players, start_dfen.as_deref(), game, false) {
                r.games.push(line);
            }
        }
    }
    r
}

/// Runs a match on `pool`: workers take pairs in index order; completed pairs are folded in index
/// order; with SPRT, the first decisive prefix ends the match and later pairs are discarded.
pub fn run_match(
    m: &Match,
    starts: &[Position],
    run: &MatchRun,
    pool: &rayon::ThreadPool,
    workers: usize,
    label: &str,
) -> MatchOutcome {
    let started = Instant::now();
    let progress = Progress::new(Some(label), Unit::Items, run.range.end - run.range.start, run.quiet);
    let sprt = run.sprt.filter(|_| run.range == (0..run.pairs));
    let next = AtomicUsize::new(usize::try_from(run.range.start).unwrap_or(usize::MAX));
    let stop = AtomicBool::new(false);
    struct Shared {
        pending: BTreeMap<usize, PairResult>,
        tally: Tally,
        decided: bool,
    }
    let shared = Mutex::new(Shared { pending: BTreeMap::new(), tally: Tally::default(), decided: false });
    pool.scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|_| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i as u64 >= run.range.end {
                    break;
                }
                let result = play_pair(m, starts, run.seed, i);
                let mut s = shared.lock().unwrap_or_else(|p| p.into_inner());
                if s.decided {
                    break;
                }
                s.pending.insert(i, result);
                loop {
                    let key = (run.range.start + s.tally.pairs) as usize;
                    let Some(r) = s.pending.remove(&key) else { break };
                    s.tally.add(&r);
                    if let Some(p) = sprt {
                        if stats::sprt(s.tally.pentanomial, Trinomial::default(), p).verdict != stats::Verdict::Continue
                        {
                            s.decided = true;
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                }
                let done = s.tally.pairs;
                progress.update(done, || s.tally.status(run.sprt));
            });
        }
    });
    progress.finish();
    let shared = shared.into_inner().unwrap_or_else(|p| p.into_inner());
    MatchOutcome { tally: shared.tally, stopped_by_sprt: shared.decided, duration: started.elapsed() }
}
