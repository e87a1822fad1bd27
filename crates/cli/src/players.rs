//! The players of BOTS.md §10.3–10.4, once for the arena and self-play: seeded dice and
//! per-player streams, move-time and clock deadlines, and the book usage of BOOK.md §12, on the
//! library's one game loop ([`drive`]: the half-move draw and the turn cap).

use std::ops::ControlFlow;
use std::sync::Arc;

use dicechess::book::{lookup, Book, BookBot, Decision};
use dicechess::search::Clock as _;
use dicechess::search::{
    choose_turn, effective_budget_ms, policy_by_id, Bot, Choice, ClockState, Deadline, GameSeeds, Registry, Rng,
    SystemClock, TimePolicy, ARENA_OVERHEAD_MS,
};
use dicechess::{drive, Driven};
use dicechess::{Color, Dice, GameOptions, Move, NotARoll, Position, Roll};

use crate::files::load_book;
use crate::io::{self, Failure};

/// A start position: a DFEN whose dice are ignored (every turn is rolled), of a game not over:
/// a position without one of its kings is refused (invalid content, exit 1), since no turn of it
/// would be played (RULES.md §15).
pub fn start_position(dfen: &str) -> Result<Position, Failure> {
    let mut pos = Position::from_dfen(dfen).map_err(io::invalid_dfen)?;
    if pos.is_finished() {
        return Err(Failure::invalid(format!("not a start position: {}", NotARoll::Finished)));
    }
    pos.set_dice(Dice::EMPTY);
    Ok(pos)
}

// ---------------------------------------------------------------------------------------------------
// Players

/// Which flag a book comes from, for the decorated bot's id and name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookRole {
    /// `--book`, `--white-book`, `--black-book`: `<id>-book`, `<Name> + Book`.
    Bot,
    /// `--baseline-book`: `<id>-baseline-book`, `<Name> + Baseline Book`.
    Baseline,
}

/// The built-in `base_id` decorated with the book at `path` (BOOK.md §12), and the book; a book
/// that does not load exits 1.
pub fn book_bot(
    registry: &Registry,
    base_id: &str,
    path: &str,
    role: BookRole,
) -> Result<(Arc<dyn Bot>, Arc<Book>), Failure> {
    let book = Arc::new(load_book(path)?);
    let base = builtin(registry, base_id)?;
    let info = base.info();
    let (id, name) = match role {
        BookRole::Bot => (format!("{}-book", info.id), format!("{} + Book", info.name)),
        BookRole::Baseline => (format!("{}-baseline-book", info.id), format!("{} + Baseline Book", info.name)),
    };
    // The CLI has no book caps (BOOK.md §11.1): the size is not tracked.
    let bot: Arc<dyn Bot> = Arc::new(BookBot::with_row(Arc::clone(&book), 0, base, &info.id, &id, &name));
    Ok((bot, book))
}

/// A built-in bot (the ids are checked by clap already).
pub fn builtin(registry: &Registry, id: &str) -> Result<Arc<dyn Bot>, Failure> {
    registry.get(id).cloned().ok_or_else(|| Failure::invalid(format!("unknown bot {id}")))
}

/// A player's book: the book and the path it was loaded from.
#[derive(Clone)]
pub struct PlayerBook {
    pub book: Arc<Book>,
    pub path: String,
}

/// One player of a game: its bot, its book (for usage statistics) and its time policy.
#[derive(Clone)]
pub struct Player {
    pub bot: Arc<dyn Bot>,
    pub book: Option<PlayerBook>,
    pub policy: &'static dyn TimePolicy,
    /// The policy's id, as given.
    pub time_policy: String,
}

impl Player {
    /// The built-in `id` with time policy `policy`, decorated with the book at `book` if any.
    pub fn new(registry: &Registry, id: &str, policy: &str, book: Option<(&str, BookRole)>) -> Result<Player, Failure> {
        let time_policy = policy.to_owned();
        let policy = policy_by_id(policy).ok_or_else(|| Failure::invalid(format!("unknown time policy {policy}")))?;
        let (bot, book) = match book {
            Some((path, role)) => {
                let (bot, book) = book_bot(registry, id, path, role)?;
                (bot, Some(PlayerBook { book, path: path.to_owned() }))
            }
            None => (builtin(registry, id)?, None),
        };
        Ok(Player { bot, book, policy, time_policy })
    }

    pub fn id(&self) -> String {
        self.bot.info().id
    }
}

// ---------------------------------------------------------------------------------------------------
// The game loop

/// A time control `M+I`.
#[derive(Clone, Debug)]
pub struct TimeControl {
    pub label: String,
    pub initial_ms: u64,
    pub increment_ms: u64,
}

/// How budgeted bots get their deadlines.
#[derive(Clone, Debug)]
pub enum Timing {
    /// Untimed modes (`--move-time 0`).
    Untimed,
    /// A fixed budget per turn.
    PerMove(u64),
    /// Chess clocks with an increment.
    Clock(TimeControl),
}

impl Timing {
    /// A budget of `ms` per turn; 0 is the untimed modes (`--move-time 0`).
    pub fn per_move(ms: u64) -> Timing {
        if ms == 0 {
            Timing::Untimed
        } else {
            Timing::PerMove(ms)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    KingCapture,
    HalfmoveClock,
    TurnCap,
    Flag,
}

impl Termination {
    /// The ending of a game the loop played to its end: a king capture or a host rule.
    fn of(played: dicechess::Termination) -> Termination {
        match played {
            dicechess::Termination::HalfmoveClock => Termination::HalfmoveClock,
            dicechess::Termination::TurnCap => Termination::TurnCap,
            // The loop ends a game by the rules only with a king capture or a host rule.
            dicechess::Termination::KingCapture
            | dicechess::Termination::Resignation
            | dicechess::Termination::Agreement
            | dicechess::Termination::Adjudication => Termination::KingCapture,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Termination::KingCapture => "king-capture",
            Termination::HalfmoveClock => "halfmove-clock",
            Termination::TurnCap => "turn-cap",
            Termination::Flag => "time-forfeit",
        }
    }
}

/// One turn as played.
pub struct PlayedTurn {
    pub mover: Color,
    pub dice: Dice,
    pub moves: Vec<Move>,
    /// The wall time of the choice.
    pub micros: u64,
    /// The CPU time of the choice (its thread's), where the platform tells it: beside the wall
    /// time, it tells a slow choice from a thread waiting for a core.
    pub cpu_micros: Option<u64>,
}

/// The CPU time the calling thread has used, in µs (`CLOCK_THREAD_CPUTIME_ID`; Unix only).
pub fn thread_cpu_micros() -> Option<u64> {
    #[cfg(unix)]
    {
        let t = nix::time::clock_gettime(nix::time::ClockId::CLOCK_THREAD_CPUTIME_ID).ok()?;
        let (secs, nanos) = (u64::try_from(t.tv_sec()).ok()?, u64::try_from(t.tv_nsec()).ok()?);
        Some(secs.saturating_mul(1_000_000).saturating_add(nanos / 1000))
    }
    #[cfg(not(unix))]
    None
}

/// A side's book usage in one game or summed over games (BOOK.md §12).
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    pub turns: u64,
    pub book_turns: u64,
    pub king_captures: u64,
    pub stale: u64,
    pub misses: u64,
    /// Turns played from the book before the first non-book turn (this game), or their sum.
    pub depth: u64,
    pub games: u64,
}

impl Usage {
    /// `self` and `other` added, `None` past `u64::MAX` (the merge of reports read from files).
    pub fn checked_sum(&self, other: &Usage) -> Option<Usage> {
        Some(Usage {
            turns: self.turns.checked_add(other.turns)?,
            book_turns: self.book_turns.checked_add(other.book_turns)?,
            king_captures: self.king_captures.checked_add(other.king_captures)?,
            stale: self.stale.checked_add(other.stale)?,
            misses: self.misses.checked_add(other.misses)?,
            depth: self.depth.checked_add(other.depth)?,
            games: self.games.checked_add(other.games)?,
        })
    }

    pub fn add(&mut self, other: &Usage) {
        self.turns += other.turns;
        self.book_turns += other.book_turns;
        self.king_captures += other.king_captures;
        self.stale += other.stale;
        self.misses += other.misses;
        self.depth += other.depth;
        self.games += other.games;
    }
}

/// A finished game.
pub struct Game {
    pub winner: Option<Color>,
    pub termination: Termination,
    pub turns: Vec<PlayedTurn>,
    /// Book usage by colour (zero for a side without a book).
    pub usage: [Usage; 2],
}

/// Plays one game from `start` (BOTS.md §10.3): `players` and their `timings` by colour index
/// (White, Black); the timings differ only in a time-odds match.
pub fn play_game(start: &Position, seeds: GameSeeds, players: [&Player; 2], timings: [&Timing; 2]) -> Game {
    let clock = SystemClock::new();
    let mut rngs = [Rng::from_seed(seeds.white), Rng::from_seed(seeds.black)];
    let clock_ms = |timing: &Timing| match timing {
        Timing::Clock(tc) => (tc.initial_ms as i64, tc.increment_ms as i64),
        _ => (0, 0),
    };
    let mut remaining = timings.map(|t| clock_ms(t).0);
    let mut turns = Vec::new();
    let mut usage = [Usage { games: 1, ..Usage::default() }; 2];
    let mut in_book = [true; 2];
    let ending = drive(start, GameOptions::default(), &mut Rng::from_seed(seeds.dice), |pos| {
        let mover = pos.turn();
        let i = mover.index();
        let (player, timing) = (players[i], timings[i]);
        if let Some(PlayerBook { book, .. }) = &player.book {
            let u = &mut usage[i];
            u.turns += 1;
            let from_book = match lookup(book, pos) {
                Decision::Miss => {
                    u.misses += 1;
                    false
                }
                Decision::Stale => {
                    u.stale += 1;
                    false
                }
                Decision::KingCapture(_) => {
                    u.king_captures += 1;
                    false
                }
                Decision::Book(_) => {
                    u.book_turns += 1;
                    true
                }
            };
            in_book[i] &= from_book;
            u.depth += u64::from(in_book[i]);
        }
        let (started, cpu_started) = (clock.now(), thread_cpu_micros());
        let budgeting = player.bot.budgeting();
        let budget = match timing {
            Timing::Untimed => None,
            Timing::PerMove(ms) => {
                let ms = i64::try_from(*ms).unwrap_or(i64::MAX);
                effective_budget_ms(budgeting, None, ARENA_OVERHEAD_MS, Some(ms))
            }
            Timing::Clock(_) => {
                let state = ClockState {
                    remaining_ms: remaining[i].max(0),
                    increment_ms: clock_ms(timing).1,
                    move_number: i32::try_from(pos.fullmove_number()).unwrap_or(i32::MAX),
                    moves_to_go: None,
                };
                effective_budget_ms(budgeting, Some((player.policy, &state)), ARENA_OVERHEAD_MS, None)
            }
        };
        let deadline = budget.map(|b| Deadline { clock: &clock, at: started.plus_ms(b) });
        let choice = Roll::new(pos)
            .map_or_else(|_| Choice::pass(), |roll| choose_turn(player.bot.as_ref(), roll, &mut rngs[i], deadline));
        let micros = clock.now().0.saturating_sub(started.0);
        let cpu_micros = cpu_started.zip(thread_cpu_micros()).map(|(a, b)| b.saturating_sub(a));
        turns.push(PlayedTurn { mover, dice: pos.dice(), moves: choice.moves.clone(), micros, cpu_micros });
        if let Timing::Clock(_) = timing {
            remaining[i] -= (micros / 1000) as i64;
            if remaining[i] < 0 {
                return ControlFlow::Break(mover.opponent());
            }
            remaining[i] += clock_ms(timing).1;
        }
        ControlFlow::Continue(choice.moves)
    });
    let (winner, termination) = match ending {
        Driven::Played(ending) => (ending.outcome.winner(), Termination::of(ending.termination)),
        Driven::Stopped(winner) => (Some(winner), Termination::Flag),
    };
    Game { winner, termination, turns, usage }
}

#[cfg(test)]
mod tests {
    use super::thread_cpu_micros;

    #[test]
    #[cfg(unix)]
    fn the_thread_cpu_clock_counts_work_and_not_sleep() {
        let start = thread_cpu_micros().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(30));
        let slept = thread_cpu_micros().unwrap() - start;
        let mut x = 0u64;
        let busy = std::time::Instant::now();
        while busy.elapsed() < std::time::Duration::from_millis(30) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let worked = thread_cpu_micros().unwrap() - start - slept;
        // Sleeping costs (almost) no CPU; spinning for 30 ms of wall time costs some.
        assert!(slept < worked, "slept {slept} µs of CPU, worked {worked} µs");
    }
}
