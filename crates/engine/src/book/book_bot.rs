//! Book bots (BOOK.md §4): a bot that consults an opening book and otherwise delegates to the base
//! bot it captured at construction.

use std::sync::Arc;

use super::lookup::{resolve, Alternative, Book, Decision};
use crate::search::{material, Bot, BotInfo, Budgeting, Choice, Question, Rng, SearchContext, Turn, WIN};
use crate::{Position, Roll, Turns};

/// A bot that plays from an opening book (BOOK.md §3) and falls back to its base bot with the same
/// deadline and the same, untouched random stream. A book bot may wrap another book bot: the outer
/// book is consulted first. The lookup follows the booked turns down the tree of legal turns and
/// asks the deadline between alternatives, so it never lists the turns.
pub struct BookBot {
    info: BotInfo,
    base: Arc<dyn Bot>,
    book: Arc<Book>,
    /// The book's size as given (UTF-16 code units of a TSV string, bytes of a binary book), for
    /// the registry's book total.
    size: u64,
}

impl std::fmt::Debug for BookBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BookBot").field("id", &self.info.id).field("base", &self.base.info().id).finish()
    }
}

/// The description of a book bot's row: `Opening-book bot decorating '<base id>'.` (BOOK.md §4.2).
pub(crate) fn book_bot_description(base_id: &str) -> String {
    format!("Opening-book bot decorating '{base_id}'.")
}

impl BookBot {
    /// A book bot with the given row `info`.
    pub fn new(book: Arc<Book>, size: u64, base: Arc<dyn Bot>, info: BotInfo) -> BookBot {
        BookBot { info, base, book, size }
    }

    /// A book bot with the row of BOOK.md §4.2: `id` and `name` as given, the description naming
    /// `base_id` as given, the base's difficulty, experimental.
    pub fn with_row(book: Arc<Book>, size: u64, base: Arc<dyn Bot>, base_id: &str, id: &str, name: &str) -> BookBot {
        let info = BotInfo {
            id: id.to_owned(),
            name: name.to_owned(),
            description: book_bot_description(base_id),
            difficulty: base.info().difficulty,
            is_experimental: true,
            takes_budget: false,
        };
        BookBot::new(book, size, base, info)
    }

    /// The book.
    pub fn book(&self) -> &Arc<Book> {
        &self.book
    }

    /// The base bot captured at construction.
    pub fn base(&self) -> &Arc<dyn Bot> {
        &self.base
    }

    /// The book's alternatives for the rolled position `pos`; `None` without a key hit.
    fn alternatives(&self, pos: &Position) -> Option<Vec<Alternative>> {
        self.book.alternatives(&pos.book_key()?)
    }
}

/// Steps 3–5 of the lookup for a key hit with `alts`; `None` when the deadline passed first.
fn decide_hit(alts: &[Alternative], turns: &Turns, ctx: &SearchContext<'_>) -> Option<Decision> {
    resolve(alts, turns, &mut || ctx.deadline.as_ref().is_some_and(|d| d.passed()))
}

/// The turn a decision plays, drawing once from `rng` for a book turn; `None` for a fallback.
fn play(decision: Decision, mover: crate::Color, rng: &mut Rng) -> Option<Choice> {
    match decision {
        Decision::KingCapture(moves) => Some(Choice { moves, score: i64::from(WIN) }),
        Decision::Book(candidates) => {
            let chosen = candidates.choose(|| rng.real());
            let mut after = chosen.end;
            after.end_turn();
            Some(Choice { moves: chosen.sequence.clone(), score: i64::from(material(&after, mover)) })
        }
        Decision::Miss | Decision::Stale => None,
    }
}

impl Bot for BookBot {
    fn info(&self) -> BotInfo {
        self.info.clone()
    }

    fn budgeting(&self) -> Budgeting {
        self.base.budgeting()
    }

    fn choose(&self, roll: Roll<'_>, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice {
        // Reached through `choose_turn` only when `preempt` found no book turn; asked directly, it
        // decides the same, building the tree on a key hit.
        let decision = self.alternatives(&roll).and_then(|alts| decide_hit(&alts, &Turns::new(roll)?, ctx));
        decision.and_then(|d| play(d, roll.turn(), ctx.rng)).unwrap_or_else(|| self.base.choose(roll, turns, ctx))
    }

    fn preempt(&self, roll: Roll<'_>, turns: &Turns, ctx: &mut SearchContext<'_>) -> Option<Choice> {
        let Some(alts) = self.alternatives(&roll) else { return self.base.preempt(roll, turns, ctx) };
        match decide_hit(&alts, turns, ctx) {
            Some(Decision::Miss | Decision::Stale) => self.base.preempt(roll, turns, ctx),
            Some(decision) => play(decision, roll.turn(), ctx.rng),
            // Out of time: the listing that follows plays the fallback at once.
            None => None,
        }
    }

    /// A king capture is never a book miss to replay: `preempt` plays a book hit first, and
    /// otherwise the base chooses.
    fn plays_a_shortest_king_capture(&self, timed: bool) -> bool {
        self.base.plays_a_shortest_king_capture(timed)
    }

    fn decide(&self, question: Question, pos: &Position, rng: &mut Rng) -> bool {
        self.base.decide(question, pos, rng)
    }

    fn held_books(&self, visit: &mut dyn FnMut(usize, u64, u64)) {
        visit(Arc::as_ptr(&self.book) as usize, self.size, self.book.entries() as u64);
        self.base.held_books(visit);
    }
}
