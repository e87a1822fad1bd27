//! TSV books held for play: the effective entries of BOOK.md §2 as sorted compact records, the
//! model being the binary format's (§7.1): 16 bytes a key (two words on wasm32) plus its text and
//! 16 an entry, where a hash map of strings took about 280 bytes an entry.

use super::fnv::key_hash;
use super::signature::Signature;
use super::tsv::{Grouped, MalformedLine};

/// A TSV book as lookup needs it (BOOK.md §3): its keys sorted by FNV-1a-64 hash, then text, each
/// with its text and its storable effective entries as (packed moves, weight) in ascending packed
/// moves (file order among equals). An entry whose moves are not a turn (§7.4) is always stale: it
/// is counted, not kept, and its key stays (a key hit still lets a king capture beat the book).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackedBook {
    /// Per key: its hash.
    hashes: Vec<u64>,
    /// Per key: the end of its text in `text` and of its entries in `moves`.
    ends: Vec<(usize, usize)>,
    text: String,
    moves: Vec<(u64, f64)>,
    /// The effective entries, storable or not.
    entries: usize,
}

impl PackedBook {
    /// Parses a TSV book (BOOK.md §2.1): the first malformed line rejects it.
    pub fn parse(text: &str) -> Result<PackedBook, MalformedLine> {
        let mut grouped = Grouped::new(text, |line, error| {
            Err(MalformedLine { number: line.number, text: line.text.to_owned(), error })
        })?;
        Ok(PackedBook::build(&mut grouped, usize::MAX).unwrap_or_default())
    }

    /// Parses a TSV book of at most `max_entries` effective entries: `None` when it has more (known,
    /// for most books, from its keys before the entries are built) or does not parse.
    pub fn parse_within(text: &str, max_entries: usize) -> Option<PackedBook> {
        let mut grouped = Grouped::new(text, |_, _| Err(())).ok()?;
        PackedBook::build(&mut grouped, max_entries)
    }

    /// The book of `grouped`'s effective entries; `None` past `max_entries`.
    fn build(grouped: &mut Grouped<'_>, max_entries: usize) -> Option<PackedBook> {
        // Every key has an effective entry.
        let keys = grouped.hashes();
        if keys > max_entries {
            return None;
        }
        let mut book =
            PackedBook { hashes: Vec::with_capacity(keys), ends: Vec::with_capacity(keys), ..PackedBook::default() };
        let mut kept: Vec<(u64, f64)> = Vec::new();
        grouped.for_each_key(|lines| {
            if book.entries > max_entries {
                return;
            }
            kept.clear();
            for l in lines.effective() {
                book.entries += 1;
                if let Ok(sig) = Signature::parse(l.fields.moves) {
                    kept.push((sig.pack(), l.fields.weight.unwrap_or(1.0)));
                }
            }
            crate::sort::sort_by_key(&mut kept, |e| e.0);
            book.moves.extend_from_slice(&kept);
            book.hashes.push(key_hash(lines.key()));
            book.text.push_str(lines.key());
            book.ends.push((book.text.len(), book.moves.len()));
        });
        if book.entries > max_entries {
            return None;
        }
        book.text.shrink_to_fit();
        book.moves.shrink_to_fit();
        Some(book)
    }

    /// The storable entries of `key` as (packed moves, weight), or `None` when the key is not in
    /// the book.
    pub fn get(&self, key: &str) -> Option<&[(u64, f64)]> {
        let h = key_hash(key);
        let lo = self.hashes.partition_point(|&x| x < h);
        let len = self.hashes[lo..].partition_point(|&x| x == h);
        // Keys of one hash are sorted by text.
        let (mut k, mut end) = (lo, lo + len);
        while k < end {
            let mid = k + (end - k) / 2;
            if self.key(mid) < key {
                k = mid + 1;
            } else {
                end = mid;
            }
        }
        (k < lo + len && self.key(k) == key).then(|| &self.moves[self.start(k).1..self.ends[k].1])
    }

    /// Where the text and the entries of key `k` start.
    fn start(&self, k: usize) -> (usize, usize) {
        k.checked_sub(1).map_or((0, 0), |p| self.ends[p])
    }

    /// The text of key `k`.
    fn key(&self, k: usize) -> &str {
        self.text.get(self.start(k).0..self.ends[k].0).unwrap_or_default()
    }

    /// The number of keys.
    pub fn keys(&self) -> usize {
        self.hashes.len()
    }

    /// The number of effective entries.
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// Every key and its storable entries, by hash.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[(u64, f64)])> {
        (0..self.keys()).map(|k| (self.key(k), &self.moves[self.start(k).1..self.ends[k].1]))
    }

    /// The bytes it holds (its allocations), for the registry's caps and the benchmarks.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.hashes[..]) + size_of_val(&self.ends[..]) + self.text.len() + size_of_val(&self.moves[..])
    }
}
