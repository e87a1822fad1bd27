//! The JSON report of `dicechess arena --json` (BOTS.md §10.6, BOOK.md §12): one object per match
//! with its results, statistics, SPRT state, latencies and book usage, fields in the spec's order.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::stats::{self, Trinomial};

use crate::arena_match::{Match, MatchOutcome, MatchRun, Tally};
use crate::stats::SprtParams;
use dicechess_cli::files::{read_input, write_output, Input};
use dicechess_cli::io::{self, Failure};
use dicechess_cli::players::{Player, Timing, Usage};

/// What a report says about a book.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct BookJson {
    path: String,
    format: String,
    entries: usize,
    keys: usize,
}

/// A player: its bot, its time policy and its book.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BotJson {
    id: String,
    name: String,
    time_policy: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    book: Option<BookJson>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TcJson {
    label: String,
    initial_ms: u64,
    increment_ms: u64,
}

#[derive(Serialize)]
struct SplitJson {
    white: u64,
    black: u64,
    total: u64,
}

impl SplitJson {
    fn of(v: [u64; 2]) -> SplitJson {
        SplitJson { white: v[0], black: v[1], total: v[0] + v[1] }
    }
}

#[derive(Serialize)]
struct FlagsJson {
    bot: u64,
    baseline: u64,
}

#[derive(Serialize)]
struct PentJson {
    n0: u64,
    n1: u64,
    n2: u64,
    n3: u64,
    n4: u64,
    total: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResolutionJson {
    pair_score_sd: Option<f64>,
    game_score_sd: Option<f64>,
    ci95_half_width_percent: Option<f64>,
    variance_reduction: Option<f64>,
    games_to_resolve2pc_paired: Option<u64>,
    games_to_resolve2pc_unpaired: Option<u64>,
    games_to_resolve3pc_paired: Option<u64>,
    games_to_resolve3pc_unpaired: Option<u64>,
}

#[derive(Serialize)]
struct SprtJson {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    llr: f64,
    lower: f64,
    upper: f64,
    verdict: &'static str,
    observations: u64,
}

#[derive(Serialize)]
struct LatencyJson {
    count: u64,
    p50: Option<f64>,
    p95: Option<f64>,
    p99: Option<f64>,
    max: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UsageJson {
    turns: u64,
    book_turns: u64,
    king_captures: u64,
    stale: u64,
    misses: u64,
    mean_book_depth: Option<f64>,
}

impl UsageJson {
    fn of(u: &Usage) -> UsageJson {
        UsageJson {
            turns: u.turns,
            book_turns: u.book_turns,
            king_captures: u.king_captures,
            stale: u.stale,
            misses: u.misses,
            mean_book_depth: (u.games > 0).then(|| u.depth as f64 / u.games as f64),
        }
    }
}

#[derive(Serialize)]
struct BookUsageJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<UsageJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<UsageJson>,
}

/// One match of the report.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchJson {
    baseline: BotJson,
    time_control: Option<TcJson>,
    /// The bot's budget per turn in an untimed match (0: untimed modes).
    move_time_ms: Option<u64>,
    /// The baseline's budget per turn, only in a time-odds match (where it differs).
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline_move_time_ms: Option<u64>,
    pairs_requested: u64,
    pairs_played: u64,
    games: u64,
    stop_reason: &'static str,
    wins: SplitJson,
    losses: SplitJson,
    draws: SplitJson,
    turn_cap_draws: u64,
    flags: FlagsJson,
    score_percent: f64,
    ci95_half_width_percent: Option<f64>,
    elo: Option<f64>,
    elo_ci95: Option<[f64; 2]>,
    pairs: PentJson,
    resolution: ResolutionJson,
    sprt: Option<SprtJson>,
    latency_ms: LatencyJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    book_usage: Option<BookUsageJson>,
    duration_ms: u64,
}

/// The report: the run's settings, the bot under test and its matches.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArenaJson {
    pub kind: &'static str,
    pub schema_version: u32,
    pub engine_version: &'static str,
    pub seed: Value,
    pub threads: usize,
    pub bot: BotJson,
    pub start_dfen: Option<String>,
    pub openings: Option<String>,
    pub matches: Vec<MatchJson>,
}

/// A seed in the report: a number up to 2⁵³, else its decimal string.
pub fn seed_json(seed: u64) -> Value {
    if seed <= 1 << 53 {
        json!(seed)
    } else {
        json!(seed.to_string())
    }
}

/// Nearest-rank percentile of sorted values, in ms.
fn percentile(sorted: &[u64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil().max(1.0) as usize;
    Some(sorted[rank.min(sorted.len()) - 1] as f64 / 1000.0)
}

/// What the report says about a player.
pub fn bot_json(p: &Player) -> BotJson {
    let info = p.bot.info();
    let book = p.book.as_ref().map(|b| BookJson {
        path: b.path.clone(),
        format: b.book.format().to_owned(),
        entries: b.book.entries(),
        keys: b.book.keys(),
    });
    BotJson { id: info.id, name: info.name, time_policy: p.time_policy.clone(), book }
}

/// The report of one match.
pub fn match_json(m: &Match, out: &MatchOutcome, run: &MatchRun) -> MatchJson {
    let mut lat = out.tally.latencies.clone();
    lat.sort_unstable();
    let latency = LatencyJson {
        count: lat.len() as u64,
        p50: percentile(&lat, 50.0),
        p95: percentile(&lat, 95.0),
        p99: percentile(&lat, 99.0),
        max: percentile(&lat, 100.0),
    };
    let head = MatchHead {
        baseline: bot_json(&m.b),
        time_control: m.tc.as_ref().map(|tc| TcJson {
            label: tc.label.clone(),
            initial_ms: tc.initial_ms,
            increment_ms: tc.increment_ms,
        }),
        move_time_ms: move_time_ms(&m.timings[0]),
        baseline_move_time_ms: Some(move_time_ms(&m.timings[1]))
            .filter(|b| *b != move_time_ms(&m.timings[0]))
            .flatten(),
        pairs_requested: run.pairs,
        books: [m.a.book.is_some(), m.b.book.is_some()],
    };
    head.report(&out.tally, out.stopped_by_sprt, run.sprt, latency, out.duration.as_millis() as u64)
}

/// A side's budget per turn in the report: 0 for the untimed modes, none under a clock.
fn move_time_ms(timing: &Timing) -> Option<u64> {
    match timing {
        Timing::Untimed => Some(0),
        Timing::PerMove(ms) => Some(*ms),
        Timing::Clock(_) => None,
    }
}

/// What a match report says before its results.
struct MatchHead {
    baseline: BotJson,
    time_control: Option<TcJson>,
    move_time_ms: Option<u64>,
    baseline_move_time_ms: Option<u64>,
    pairs_requested: u64,
    /// Whether the bot and the baseline have books.
    books: [bool; 2],
}

impl MatchHead {
    /// The report of the match with the results `t`.
    fn report(
        self,
        t: &Tally,
        stopped_by_sprt: bool,
        sprt: Option<SprtParams>,
        latency: LatencyJson,
        duration_ms: u64,
    ) -> MatchJson {
        let s = t.score();
        let h = t.ci_half_width_percent();
        let res = stats::resolution(t.pentanomial, t.trinomial());
        let elo_ci = h.and_then(|h| {
            let (lo, hi) = (s - h / 100.0, s + h / 100.0);
            Some([stats::elo_of_score(lo)?, stats::elo_of_score(hi)?])
        });
        let sprt = sprt.map(|p| {
            let r = stats::sprt(t.pentanomial, Trinomial::default(), p);
            SprtJson {
                elo0: p.elo0,
                elo1: p.elo1,
                alpha: p.alpha,
                beta: p.beta,
                llr: r.llr,
                lower: r.lower,
                upper: r.upper,
                verdict: r.verdict.as_str(),
                observations: r.observations,
            }
        });
        let book_usage = (self.books[0] || self.books[1]).then(|| BookUsageJson {
            bot: self.books[0].then(|| UsageJson::of(&t.usage[0])),
            baseline: self.books[1].then(|| UsageJson::of(&t.usage[1])),
        });
        MatchJson {
            baseline: self.baseline,
            time_control: self.time_control,
            move_time_ms: self.move_time_ms,
            baseline_move_time_ms: self.baseline_move_time_ms,
            pairs_requested: self.pairs_requested,
            pairs_played: t.pairs,
            games: t.games(),
            stop_reason: if stopped_by_sprt { "sprt" } else { "completed" },
            wins: SplitJson::of(t.wins),
            losses: SplitJson::of(t.losses),
            draws: SplitJson::of(t.draws),
            turn_cap_draws: t.turn_cap_draws,
            flags: FlagsJson { bot: t.flags[0], baseline: t.flags[1] },
            score_percent: s * 100.0,
            ci95_half_width_percent: h,
            elo: stats::elo_of_score(s),
            elo_ci95: elo_ci,
            pairs: PentJson {
                n0: t.pentanomial[0],
                n1: t.pentanomial[1],
                n2: t.pentanomial[2],
                n3: t.pentanomial[3],
                n4: t.pentanomial[4],
                total: t.pairs,
            },
            resolution: ResolutionJson {
                pair_score_sd: res.pair_score_sd,
                game_score_sd: res.game_score_sd,
                ci95_half_width_percent: h,
                variance_reduction: res.variance_reduction,
                games_to_resolve2pc_paired: res.games_to_resolve_2pc_paired,
                games_to_resolve2pc_unpaired: res.games_to_resolve_2pc_unpaired,
                games_to_resolve3pc_paired: res.games_to_resolve_3pc_paired,
                games_to_resolve3pc_unpaired: res.games_to_resolve_3pc_unpaired,
            },
            sprt,
            latency_ms: latency,
            book_usage,
            duration_ms,
        }
    }
}

/// Why the reports of an arena's shards do not merge (exit 1).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error("the shards are not arena reports of one run")]
    NotArena,
    #[error("the shards' {0} add up past 2^64 - 1")]
    Overflow(String),
    #[error("match {0}: the shards' results do not add up to their games")]
    Inconsistent(usize),
}

/// The merge of an arena's shards (`dicechess merge`): the reports at `paths`, in shard order,
/// added into one report written to `output` ([`merge_reports`]).
pub fn merge_shards(output: &str, paths: &[&str]) -> Result<(), Failure> {
    let reports = paths.iter().map(|path| read_report(path)).collect::<Result<Vec<Value>, Failure>>()?;
    let merged = merge_reports(&reports).map_err(|e| Failure::invalid(e.to_string()))?;
    write_output(output, io::json_pretty(&merged)?.as_bytes())
}

/// The report at `path`, as JSON.
fn read_report(path: &str) -> Result<Value, Failure> {
    serde_json::from_slice(&read_input(path, Input::Json)?)
        .map_err(|e| Failure::invalid(format!("{path}: not a JSON report: {e}")))
}

/// The pairs played in each match of the report of an arena's shard (`dicechess merge` checks
/// them against the shard's range): the same in every match, since a shard plays all its pairs.
pub fn pairs_played(path: &str) -> Result<u64, Failure> {
    let report = read_report(path)?;
    let not_arena = || Failure::invalid(format!("{path}: {}", MergeError::NotArena));
    let matches = report.get("matches").and_then(Value::as_array).ok_or_else(not_arena)?;
    let played: Vec<u64> = matches
        .iter()
        .map(|m| m.get("pairsPlayed").and_then(Value::as_u64))
        .collect::<Option<_>>()
        .ok_or_else(not_arena)?;
    match played.split_first() {
        Some((&first, rest)) if rest.iter().all(|&p| p == first) => Ok(first),
        Some(_) => Err(Failure::invalid(format!("{path}: its matches played different numbers of pairs"))),
        None => Err(not_arena()),
    }
}

/// The report of a sharded arena from its shards' reports (in shard order, each a sharded
/// run's): every count added, with checked arithmetic, and the statistics and the SPRT decision
/// computed on the totals, as the unsharded run reports them. Timing is not additive: `threads`
/// is the first shard's, `durationMs` the sum, `latencyMs` the count and the maximum (its
/// percentiles `null`). The results of each match must add up to its games, and its pair
/// outcomes to its pairs.
fn merge_reports(reports: &[Value]) -> Result<ArenaJson, MergeError> {
    use MergeError::NotArena;
    let first = reports.first().ok_or(NotArena)?;
    let count = first.get("matches").and_then(Value::as_array).ok_or(NotArena)?.len();
    let mut matches = Vec::with_capacity(count);
    for i in 0..count {
        let parts: Vec<&Value> =
            reports.iter().map(|r| r.get("matches")?.get(i)).collect::<Option<_>>().ok_or(NotArena)?;
        let sum = |path: &[&str]| -> Result<u64, MergeError> {
            parts.iter().try_fold(0u64, |total, p| {
                let value = path.iter().try_fold(*p, |v, k| v.get(k)).and_then(Value::as_u64).ok_or(NotArena)?;
                total.checked_add(value).ok_or_else(|| MergeError::Overflow(path.join(".")))
            })
        };
        let split = |name: &str| Ok::<_, MergeError>([sum(&[name, "white"])?, sum(&[name, "black"])?]);
        let pairs = sum(&["pairsPlayed"])?;
        let usage = |side: &str| -> Result<Usage, MergeError> {
            let overflow = || MergeError::Overflow(format!("bookUsage.{side}"));
            let mut u = Usage::default();
            for p in &parts {
                let Some(j) = p.get("bookUsage").and_then(|b| b.get(side)) else { continue };
                let n = |k: &str| j.get(k).and_then(Value::as_u64).ok_or(NotArena);
                let games = p
                    .get("pairsPlayed")
                    .and_then(Value::as_u64)
                    .ok_or(NotArena)?
                    .checked_mul(2)
                    .ok_or_else(overflow)?;
                let depth =
                    j.get("meanBookDepth").and_then(Value::as_f64).map_or(0, |m| (m * games as f64).round() as u64);
                let shard = Usage {
                    turns: n("turns")?,
                    book_turns: n("bookTurns")?,
                    king_captures: n("kingCaptures")?,
                    stale: n("stale")?,
                    misses: n("misses")?,
                    depth,
                    games,
                };
                u = u.checked_sum(&shard).ok_or_else(overflow)?;
            }
            Ok(u)
        };
        let pentanomial = [
            sum(&["pairs", "n0"])?,
            sum(&["pairs", "n1"])?,
            sum(&["pairs", "n2"])?,
            sum(&["pairs", "n3"])?,
            sum(&["pairs", "n4"])?,
        ];
        let (wins, losses, draws) = (split("wins")?, split("losses")?, split("draws")?);
        let total = |counts: &[u64]| counts.iter().try_fold(0u64, |t, &c| t.checked_add(c));
        let results = total(&[wins[0], wins[1], losses[0], losses[1], draws[0], draws[1]]);
        if results != pairs.checked_mul(2) || total(&pentanomial) != Some(pairs) {
            return Err(MergeError::Inconsistent(i + 1));
        }
        let tally = Tally {
            pairs,
            wins,
            losses,
            draws,
            turn_cap_draws: sum(&["turnCapDraws"])?,
            flags: [sum(&["flags", "bot"])?, sum(&["flags", "baseline"])?],
            pentanomial,
            usage: [usage("bot")?, usage("baseline")?],
            ..Tally::default()
        };
        let head_of = &parts[0];
        let books = ["bot", "baseline"].map(|side| head_of.get("bookUsage").and_then(|b| b.get(side)).is_some());
        let sprt = head_of.get("sprt").filter(|s| !s.is_null()).map(|s| {
            let f = |k: &str| s.get(k).and_then(Value::as_f64).unwrap_or(f64::NAN);
            SprtParams { elo0: f("elo0"), elo1: f("elo1"), alpha: f("alpha"), beta: f("beta") }
        });
        let latency = LatencyJson {
            count: sum(&["latencyMs", "count"])?,
            p50: None,
            p95: None,
            p99: None,
            max: parts.iter().filter_map(|p| p.get("latencyMs")?.get("max")?.as_f64()).reduce(f64::max),
        };
        let field = |k: &str| head_of.get(k).cloned().ok_or(NotArena);
        let head = MatchHead {
            baseline: serde_json::from_value(field("baseline")?).map_err(|_| NotArena)?,
            time_control: serde_json::from_value(field("timeControl")?).map_err(|_| NotArena)?,
            move_time_ms: field("moveTimeMs")?.as_u64(),
            baseline_move_time_ms: head_of.get("baselineMoveTimeMs").and_then(Value::as_u64),
            pairs_requested: field("pairsRequested")?.as_u64().ok_or(NotArena)?,
            books,
        };
        matches.push(head.report(&tally, false, sprt, latency, sum(&["durationMs"])?));
    }
    let text = |k: &str| first.get(k).and_then(Value::as_str).map(str::to_owned);
    let field = |k: &str| first.get(k).ok_or(NotArena);
    Ok(ArenaJson {
        kind: match field("kind")?.as_str() {
            Some("arena") => "arena",
            Some("book_arena") => "book_arena",
            _ => return Err(NotArena),
        },
        schema_version: 1,
        engine_version: env!("CARGO_PKG_VERSION"),
        seed: field("seed")?.clone(),
        threads: field("threads")?.as_u64().and_then(|t| usize::try_from(t).ok()).ok_or(NotArena)?,
        bot: serde_json::from_value(field("bot")?.clone()).map_err(|_| NotArena)?,
        start_dfen: text("startDfen"),
        openings: text("openings"),
        matches,
    })
}
