//! The opening-book functions as text and bytes in, plain values out: the one implementation behind
//! the JavaScript exports and the CLI (like [`rules`](super) for the rules). Never panics.

use std::collections::HashSet;
use std::sync::Arc;

use crate::book::dcb::{HEADER_LEN, RECORD_LEN};
use crate::book::{
    encode_tsv, is_binary, lookup, validate_binary, validate_tsv, Book, BookBot, Decision, PackedBook, Validation,
    MAX_BOOK_SIZE,
};
use crate::search::{Bot, Registry, MAX_CUSTOM_BOTS, MAX_ID_LEN, MAX_NAME_LEN};

pub use crate::book::{MAX_ISSUE_CHARS, MAX_REPORTED};
use crate::{Move, Position};

/// The registry's book total (BOOK.md §4.2): 256 MiB.
pub const MAX_REGISTRY_BOOK_SIZE: u64 = 256 * 1024 * 1024;
/// The registry's entry total: 2²³ = 8,388,608 effective entries (TSV) or records (binary), what
/// 256 MiB of binary books hold. A TSV book is held in about 32 bytes an entry plus its key texts,
/// so the books a registry accepts fit in about 512 MiB of WebAssembly memory.
pub const MAX_REGISTRY_BOOK_ENTRIES: u64 = 1 << 23;
/// The books one book bot may hold, its own and those of the book bots beneath it, empty books
/// included: a 17th nesting is refused.
pub const MAX_BOOK_DEPTH: usize = 16;

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
        Book::Packed(b) => b
            .get(&key)
            .unwrap_or_default()
            .iter()
            .map(|&(moves, weight)| {
                let sig = crate::book::Signature::unpack(moves).ok();
                ProbeEntry {
                    moves: sig.map_or_else(String::new, |s| s.to_string()),
                    weight,
                    stats: None,
                    legal: sig.is_some_and(|s| legal_sigs.contains(&s)),
                }
            })
            .collect(),
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

/// What the books reachable from some bots amount to (BOOK.md §4.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeldBooks {
    /// The distinct books.
    pub books: usize,
    /// Their sizes as given, summed.
    pub size: u64,
    /// Their effective entries (TSV) or records (binary), summed.
    pub entries: u64,
    /// The most books one bot holds (its nesting depth).
    pub depth: usize,
}

/// The distinct books reachable from `bots`.
pub fn held_books<'a>(bots: impl IntoIterator<Item = &'a Arc<dyn Bot>>) -> HeldBooks {
    let mut seen = HashSet::new();
    let mut held = HeldBooks::default();
    for bot in bots {
        let mut depth = 0;
        bot.held_books(&mut |id, size, entries| {
            depth += 1;
            if seen.insert(id) {
                held.books += 1;
                held.size = held.size.saturating_add(size);
                held.entries = held.entries.saturating_add(entries);
            }
        });
        held.depth = held.depth.max(depth);
    }
    held
}

/// The distinct books reachable from the registry's custom bots.
pub fn registry_books(registry: &Registry) -> HeldBooks {
    held_books(registry.custom_bots())
}

/// The registry's book total: the sizes of the distinct books reachable from its custom bots.
pub fn registry_book_total(registry: &Registry) -> u64 {
    registry_books(registry).size
}

/// `registerOpeningBookBot(book, baseBotId, newBotId, newBotName)` (BOOK.md §4.2): registers a book
/// bot decorating `base_bot_id` (resolved ASCII-case-insensitively among the registered bots
/// before the registration) under `new_bot_id`, lower-cased, replacing a custom bot with that id.
/// `false`, with the registry unchanged, when a cap is exceeded (book over 64 MiB, id over 64 or
/// name over 256 UTF-16 code units, 256 custom bots and none replaced, a base that already holds
/// [`MAX_BOOK_DEPTH`] books, [`MAX_REGISTRY_BOOK_SIZE`] or [`MAX_REGISTRY_BOOK_ENTRIES`] in the
/// registry's distinct books), the base is unknown, the new id is empty or a built-in id, or the
/// book does not load (text: TSV; bytes: a binary book). The caps that need no loading are checked
/// first, so a refused book is not parsed.
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
    // What stays reachable: the other custom bots, and the base through the new bot.
    let kept = held_books(registry.custom_bots().filter(|b| !replaced(b)).chain(std::iter::once(&base)));
    let base_depth = held_books(std::iter::once(&base)).depth;
    if base_depth >= MAX_BOOK_DEPTH || kept.size.saturating_add(size) > MAX_REGISTRY_BOOK_SIZE {
        return false;
    }
    // The entries left; a binary book's count is in its size, a TSV book's known while parsing.
    let room = usize::try_from(MAX_REGISTRY_BOOK_ENTRIES.saturating_sub(kept.entries)).unwrap_or(usize::MAX);
    let loaded = match book {
        BookInput::Text(text) => PackedBook::parse_within(text, room).map(Book::Packed),
        BookInput::Bytes(bytes) if bytes.len().saturating_sub(HEADER_LEN) / RECORD_LEN > room => None,
        BookInput::Bytes(bytes) => Book::from_binary(bytes.to_vec()).ok(),
    };
    let Some(loaded) = loaded else { return false };
    let bot = BookBot::with_row(Arc::new(loaded), size, base, base_bot_id, new_bot_id, new_bot_name);
    registry.register(Arc::new(bot)).is_ok()
}

/// `unregisterBot(id)` (BOOK.md §4.3): removes the custom bot with that id (ASCII-case-insensitive);
/// `false` for built-in and unknown ids. Book bots that wrapped it keep their base; a book that no
/// registered bot reaches any more is freed.
pub fn unregister_bot(registry: &mut Registry, id: &str) -> bool {
    !registry.is_builtin(id) && registry.unregister(id)
}
