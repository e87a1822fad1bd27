//! The opening-book functions as text and bytes in, plain values out: the one implementation behind
//! the JavaScript exports and the CLI (like [`rules`](super) for the rules). Never panics.

use std::collections::HashSet;
use std::sync::Arc;

use crate::book::{
    encode_tsv, is_binary, lookup, validate_binary, validate_tsv, Book, BookBot, Decision, Validation, MAX_BOOK_SIZE,
};
use crate::search::{Bot, Registry, MAX_CUSTOM_BOTS, MAX_ID_LEN, MAX_NAME_LEN};
use crate::{Move, Position};

/// The registry's book total (BOOK.md §4.2): 256 MiB.
pub const MAX_REGISTRY_BOOK_SIZE: u64 = 256 * 1024 * 1024;

/// A book as given by a caller: TSV text or binary bytes.
#[derive(Clone, Copy, Debug)]
pub enum BookInput<'a> {
    Text(&'a str),
    Bytes(&'a [u8]),
}

/// `validateOpeningBook` for TSV text (`too-large` over 64 MiB of UTF-8 bytes; the JS layer checks
/// UTF-16 code units itself before converting).
pub fn validate_opening_book(input: BookInput<'_>) -> Validation {
    match input {
        BookInput::Text(text) => validate_tsv(text),
        BookInput::Bytes(bytes) if bytes.len() > MAX_BOOK_SIZE => Validation::too_large(),
        BookInput::Bytes(bytes) => validate_binary(bytes),
    }
}

/// `encodeOpeningBook`: the binary book of a TSV text, `None` when it cannot be encoded.
pub fn encode_opening_book(tsv: &str) -> Option<Vec<u8>> {
    encode_tsv(tsv).ok()
}

/// Loads a book given as text or bytes (bytes: binary iff they start with `DCBK`, else UTF-8 TSV).
pub fn load_book(input: BookInput<'_>) -> Option<Book> {
    match input {
        BookInput::Text(text) => Book::from_tsv(text).ok(),
        BookInput::Bytes(bytes) if is_binary(bytes) => Book::from_binary(bytes.to_vec()).ok(),
        BookInput::Bytes(bytes) => Book::from_tsv(std::str::from_utf8(bytes).ok()?).ok(),
    }
}

/// One entry of a probe.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbeEntry {
    /// The moves in signature order (UCI strings, `,`-joined) or, for a TSV entry that is not a
    /// turn, its text as written.
    pub moves: String,
    pub weight: f64,
    /// W/D/L of a binary book with statistics.
    pub stats: Option<(u32, u32, u32)>,
    /// The entry is one of the legal alternatives.
    pub legal: bool,
}

/// What `book probe` reports for one rolled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    pub key: String,
    pub key_hash: u64,
    pub entries: Vec<ProbeEntry>,
    pub decision: Decision,
}

/// Probes `book` with a DFEN with dice: `None` for an invalid DFEN or no dice.
pub fn probe(book: &Book, dfen: &str) -> Option<Probe> {
    let pos = Position::from_dfen(dfen).ok()?;
    probe_position(book, &pos)
}

/// Probes `book` with a rolled position: `None` without dice.
pub fn probe_position(book: &Book, pos: &Position) -> Option<Probe> {
    let key = pos.book_key()?;
    let decision = lookup(book, pos);
    let legal_sigs: Vec<_> = match &decision {
        Decision::Book(c) => c.0.iter().map(|c| c.signature).collect(),
        _ => Vec::new(),
    };
    let entries = match book {
        Book::Tsv(b) => b.get(&key).map_or_else(Vec::new, |e| {
            e.alternatives
                .iter()
                .map(|a| {
                    let sig = crate::book::Signature::parse(&a.moves).ok();
                    ProbeEntry {
                        moves: sig.map_or_else(|| a.moves.clone(), |s| s.to_string()),
                        weight: a.weight,
                        stats: None,
                        legal: sig.is_some_and(|s| legal_sigs.contains(&s)),
                    }
                })
                .collect()
        }),
        Book::Binary(b) => b
            .probe(&key)
            .map(|r| {
                let sig = r.signature();
                ProbeEntry {
                    moves: sig.map_or_else(String::new, |s| s.to_string()),
                    weight: f64::from(r.weight),
                    stats: b.has_stats().then_some((r.wins, r.draws, r.losses)),
                    legal: sig.is_some_and(|s| legal_sigs.contains(&s)),
                }
            })
            .collect(),
    };
    Some(Probe { key_hash: crate::book::key_hash(&key), key, entries, decision })
}

/// The moves of a decision's turn as UCI strings (empty for a fallback), choosing a book turn with
/// the draw `u`.
pub fn decision_moves(decision: &Decision, u: f64) -> Vec<String> {
    let moves: &[Move] = match decision {
        Decision::KingCapture(m) => m,
        Decision::Book(c) => &c.choose(|| u).sequence,
        _ => &[],
    };
    moves.iter().map(Move::to_string).collect()
}

impl BookInput<'_> {
    /// The size as given (BOOK.md §4.2): UTF-16 code units of a text, bytes of a binary book.
    pub fn size(&self) -> u64 {
        match self {
            BookInput::Text(text) => text.encode_utf16().count() as u64,
            BookInput::Bytes(bytes) => bytes.len() as u64,
        }
    }
}

/// The sum of the sizes of the distinct books reachable from `bots` (BOOK.md §4.2).
pub fn book_total<'a>(bots: impl IntoIterator<Item = &'a Arc<dyn Bot>>) -> u64 {
    let mut seen = HashSet::new();
    let mut total = 0u64;
    for bot in bots {
        bot.held_books(&mut |id, size| {
            if seen.insert(id) {
                total = total.saturating_add(size);
            }
        });
    }
    total
}

/// The registry's book total: the distinct books reachable from its custom bots.
pub fn registry_book_total(registry: &Registry) -> u64 {
    book_total(registry.custom_bots())
}

/// `registerOpeningBookBot(book, baseBotId, newBotId, newBotName)` (BOOK.md §4.2): registers a book
/// bot decorating `base_bot_id` (resolved ASCII-case-insensitively among the registered bots
/// before the registration) under `new_bot_id`, lower-cased, replacing a custom bot with that id.
/// `false`, with the registry unchanged, when a cap is exceeded (book over 64 MiB, id over 64 or
/// name over 256 UTF-16 code units, 256 custom bots and none replaced, 256 MiB of books in the
/// registry), the base is unknown, the new id is empty or a built-in id, or the book does not load
/// (text: TSV; bytes: a binary book).
pub fn register_opening_book_bot(
    registry: &mut Registry,
    book: BookInput<'_>,
    base_bot_id: &str,
    new_bot_id: &str,
    new_bot_name: &str,
) -> bool {
    let size = book.size();
    if size > MAX_BOOK_SIZE as u64
        || new_bot_id.encode_utf16().count() > MAX_ID_LEN
        || new_bot_name.encode_utf16().count() > MAX_NAME_LEN
        || new_bot_id.is_empty()
        || registry.is_builtin(new_bot_id)
    {
        return false;
    }
    let Some(base) = registry.get(base_bot_id).cloned() else { return false };
    let key = new_bot_id.to_ascii_lowercase();
    let replaced = |b: &Arc<dyn Bot>| b.info().id.to_ascii_lowercase() == key;
    if registry.custom_count() >= MAX_CUSTOM_BOTS && !registry.custom_bots().any(replaced) {
        return false;
    }
    let loaded = match book {
        BookInput::Text(text) => Book::from_tsv(text).ok(),
        BookInput::Bytes(bytes) => Book::from_binary(bytes.to_vec()).ok(),
    };
    let Some(loaded) = loaded else { return false };
    let bot: Arc<dyn Bot> =
        Arc::new(BookBot::with_row(Arc::new(loaded), size, base, base_bot_id, new_bot_id, new_bot_name));
    let kept = registry.custom_bots().filter(|b| !replaced(b));
    if book_total(kept.chain(std::iter::once(&bot))) > MAX_REGISTRY_BOOK_SIZE {
        return false;
    }
    registry.register(bot).is_ok()
}

/// `unregisterBot(id)` (BOOK.md §4.3): removes the custom bot with that id (ASCII-case-insensitive);
/// `false` for built-in and unknown ids. Book bots that wrapped it keep their base.
pub fn unregister_bot(registry: &mut Registry, id: &str) -> bool {
    !registry.is_builtin(id) && registry.unregister(id)
}
