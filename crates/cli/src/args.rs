//! The value parsers and option sets that several subcommands share (BOOK.md §11.1, BOTS.md §10.1).
//!
//! A value clap rejects is a usage error: exit 2 with the offending argument and a usage line.

use clap::Args;

use dicechess::search::{policy_by_id, Builtin, POLICY_IDS};

use crate::io::Failure;
use crate::players::TimeControl;

/// Why clap rejects a value (exit 2, BOOK.md §11.1).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    #[error("unknown bot '{given}'; the bots are {known}")]
    UnknownBot { given: String, known: String },
    #[error("unknown time policy '{given}'; the policies are {known}")]
    UnknownPolicy { given: String, known: String },
    #[error("expected a decimal integer 0..18446744073709551615")]
    Seed,
    #[error("expected a whole number of at least 1")]
    Count,
    #[error("expected a whole number from {min} to {max}")]
    OutOfRange { min: u64, max: u64 },
    #[error("'{0}' is not M+I (whole minutes > 0, whole increment seconds >= 0)")]
    TimeControl(String),
}

/// A built-in bot id, ASCII-case-insensitively; returned in its canonical spelling (BOTS.md §10.1).
pub fn bot_id(text: &str) -> Result<String, ValueError> {
    Builtin::from_id(text).map(|b| b.id().to_owned()).ok_or_else(|| {
        let ids: Vec<&str> = Builtin::ALL.iter().map(|b| b.id()).collect();
        ValueError::UnknownBot { given: text.to_owned(), known: ids.join(", ") }
    })
}

/// A time policy id (BOTS.md §6), returned in lower case.
pub fn policy_id(text: &str) -> Result<String, ValueError> {
    policy_by_id(text)
        .map(|_| text.to_ascii_lowercase())
        .ok_or_else(|| ValueError::UnknownPolicy { given: text.to_owned(), known: POLICY_IDS.join(", ") })
}

/// A seed: a decimal unsigned 64-bit integer, no sign (BOOK.md §11.1).
pub fn parse_seed(text: &str) -> Result<u64, ValueError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ValueError::Seed);
    }
    text.parse().map_err(|_| ValueError::Seed)
}

/// A count of at least 1 (`--max-nodes`…): a decimal unsigned integer, no sign. (clap's range parser would name `u64::MAX` as the bound.)
pub fn at_least_one(text: &str) -> Result<u64, ValueError> {
    match parse_seed(text) {
        Ok(0) | Err(_) => Err(ValueError::Count),
        Ok(n) => Ok(n),
    }
}

/// The most games of a run (`--games`): 10^9.
pub const MAX_GAMES: u64 = 1_000_000_000;
/// The most pairs of a match (`--pairs`): 10^9.
pub const MAX_PAIRS: u64 = 1_000_000_000;
/// The most worker threads (`--threads`): 256, a bound that does not depend on the machine.
pub const MAX_THREADS: u64 = 256;
/// The longest budget per turn (`--move-time`, `--time`…): one hour, in ms.
pub const MAX_MOVE_TIME_MS: u64 = 3_600_000;

/// A whole number in `min..=max`: a decimal unsigned integer, no sign.
fn within(text: &str, min: u64, max: u64) -> Result<u64, ValueError> {
    parse_seed(text).ok().filter(|n| (min..=max).contains(n)).ok_or(ValueError::OutOfRange { min, max })
}

/// `--games`: 1 to [`MAX_GAMES`].
pub fn games(text: &str) -> Result<u64, ValueError> {
    within(text, 1, MAX_GAMES)
}

/// `--pairs`: 1 to [`MAX_PAIRS`].
pub fn pairs(text: &str) -> Result<u64, ValueError> {
    within(text, 1, MAX_PAIRS)
}

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn threads(text: &str) -> Result<u64, ValueError> {
    within(text, 1, MAX_THREADS)
}

/// A budget per turn in ms (`--move-time`, `--time`): 0 (untimed) to [`MAX_MOVE_TIME_MS`].
pub fn move_time(text: &str) -> Result<u64, ValueError> {
    within(text, 0, MAX_MOVE_TIME_MS)
}

/// A budget per turn in ms that must be given (`best --time`): 1 to [`MAX_MOVE_TIME_MS`].
pub fn budget_ms(text: &str) -> Result<u64, ValueError> {
    within(text, 1, MAX_MOVE_TIME_MS)
}

/// `best --effort`: 1 to the engine's [`MAX_EFFORT`](dicechess::search::MAX_EFFORT) units of work.
pub fn effort(text: &str) -> Result<u64, ValueError> {
    within(text, 1, dicechess::search::MAX_EFFORT)
}

/// One `--tc M+I`: whole minutes > 0, whole increment seconds ≥ 0; `M` alone has no increment.
pub fn time_control(tc: &str) -> Result<TimeControl, ValueError> {
    let (m, i) = tc.split_once('+').unwrap_or((tc, "0"));
    let digits = |s: &str| !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
    let bad = || ValueError::TimeControl(tc.to_owned());
    if !digits(m) || !digits(i) {
        return Err(bad());
    }
    let (m, i): (u64, u64) = (m.parse().map_err(|_| bad())?, i.parse().map_err(|_| bad())?);
    if m == 0 {
        return Err(bad());
    }
    Ok(TimeControl { label: tc.to_owned(), initial_ms: m * 60_000, increment_ms: i * 1000 })
}

/// The seeded games of `selfplay` and `book distill` (BOOK.md §10). `book distill` changes the
/// default of `--games` and the help of `--start` (`mut_arg` on its arguments).
#[derive(Debug, Args)]
pub struct GameArgs {
    /// Number of games.
    #[arg(long, value_name = "N", default_value = "1000", value_parser = games)]
    pub games: u64,
    /// Master seed of the dice and player streams.
    #[arg(long, value_name = "S", default_value = "42", value_parser = parse_seed)]
    pub seed: u64,
    /// Odd games exchange the bots' colours.
    #[arg(long)]
    pub swap: bool,
    /// Start position (dice ignored); default the standard start.
    #[arg(long, value_name = "DFEN")]
    pub start: Option<String>,
    /// Budget per turn of budgeted bots (0 = their untimed modes).
    #[arg(long, value_name = "MS", default_value = "1000", value_parser = move_time)]
    pub move_time: u64,
}

/// The worker threads and the progress switch of the parallel commands (`book build`, `selfplay`,
/// `book distill`; `selfplay` changes the help of `--quiet`).
#[derive(Debug, Args)]
pub struct Workers {
    /// Worker threads (default: the available cores).
    #[arg(long, value_name = "K", value_parser = threads)]
    pub threads: Option<u64>,
    /// No progress and no summary on stderr.
    #[arg(long)]
    pub quiet: bool,
}

impl Workers {
    /// `--threads`, else the available cores.
    pub fn count(&self) -> usize {
        thread_count(self.threads)
    }
}

/// `--threads` if given, else the available cores.
pub fn thread_count(requested: Option<u64>) -> usize {
    match requested {
        Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// The worker pool of the parallel commands (build, arena, self-play, distillation).
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::io(format!("cannot start {threads} threads: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_their_errors() {
        assert_eq!(bot_id("Greedy-V2"), Ok("greedy-v2".to_owned()));
        assert!(bot_id("nope").unwrap_err().to_string().starts_with("unknown bot 'nope'; the bots are "));
        assert_eq!(parse_seed("18446744073709551615"), Ok(u64::MAX));
        for bad in ["", "+1", "-1", "18446744073709551616"] {
            assert_eq!(parse_seed(bad), Err(ValueError::Seed), "{bad:?}");
        }
        assert_eq!(time_control("2+1").map(|t| (t.initial_ms, t.increment_ms)), Ok((120_000, 1000)));
        assert_eq!(time_control("3").map(|t| (t.initial_ms, t.increment_ms)), Ok((180_000, 0)));
        assert_eq!(time_control("0+1").err(), Some(ValueError::TimeControl("0+1".to_owned())));
    }

    #[test]
    fn a_count_is_at_least_one() {
        assert_eq!(at_least_one("1"), Ok(1));
        assert_eq!(at_least_one("18446744073709551615"), Ok(u64::MAX));
        for bad in ["0", "", "-1", "+3", "1.5", "18446744073709551616"] {
            assert_eq!(at_least_one(bad), Err(ValueError::Count), "{bad}");
        }
        assert_eq!(ValueError::Count.to_string(), "expected a whole number of at least 1");
    }

    #[test]
    fn counts_and_budgets_have_caps() {
        assert_eq!(threads("256"), Ok(256));
        assert_eq!(threads("257"), Err(ValueError::OutOfRange { min: 1, max: 256 }));
        assert_eq!(games("1000000000"), Ok(MAX_GAMES));
        assert!(games("18446744073709551615").is_err() && pairs("1000000001").is_err() && pairs("0").is_err());
        assert_eq!(move_time("0"), Ok(0));
        assert_eq!(move_time("3600001").unwrap_err().to_string(), "expected a whole number from 0 to 3600000");
        assert_eq!(budget_ms("0"), Err(ValueError::OutOfRange { min: 1, max: MAX_MOVE_TIME_MS }));
    }
}
