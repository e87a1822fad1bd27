//! Binary books (`.dcb`, BOOK.md §7): the exact layout, the loader with its checks, the
//! binary-search probe over the bytes and the writer.

use std::ops::Range;

use super::fnv::{fnv1a64, key_hash};
use super::signature::{PackError, Signature};

/// `"DCBK"`.
pub const MAGIC: [u8; 4] = *b"DCBK";
/// The only version (BOOK.md §7.7).
pub const VERSION: u16 = 1;
/// The size of the header and of every record.
pub const HEADER_LEN: usize = 32;
pub const RECORD_LEN: usize = 32;
/// Flag bit 0: W/D/L fields carry game statistics.
pub const FLAG_STATS: u32 = 1;

/// One record (BOOK.md §7.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DcbRecord {
    pub key_hash: u64,
    /// The packed turn (BOOK.md §7.4).
    pub moves: u64,
    pub weight: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl DcbRecord {
    /// The sort key `(keyHash, moves)`.
    #[inline]
    pub fn sort_key(&self) -> (u64, u64) {
        (self.key_hash, self.moves)
    }

    /// The turn, assuming a record of a loaded book (checked at load).
    pub fn signature(&self) -> Option<Signature> {
        Signature::unpack(self.moves).ok()
    }

    fn read(bytes: &[u8]) -> DcbRecord {
        let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().unwrap_or_default());
        let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap_or_default());
        DcbRecord {
            key_hash: u64_at(0),
            moves: u64_at(8),
            weight: u32_at(16),
            wins: u32_at(20),
            draws: u32_at(24),
            losses: u32_at(28),
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key_hash.to_le_bytes());
        out.extend_from_slice(&self.moves.to_le_bytes());
        for v in [self.weight, self.wins, self.draws, self.losses] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
}

/// What is wrong with one record (the `bad-record` code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordProblem {
    #[error("{0}")]
    Moves(PackError),
    #[error("weight is 0")]
    ZeroWeight,
    #[error("wins/draws/losses are not 0 without the STATS flag")]
    StatsWithoutFlag,
}

/// Why bytes are not a binary book (BOOK.md §7.8), in the order the loader checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DcbError {
    #[error("{len} bytes; a binary book has a 32-byte header")]
    TooShort { len: usize },
    #[error("not a binary book (no DCBK magic)")]
    BadMagic,
    #[error("unsupported version {0} (expected 1)")]
    UnsupportedVersion(u16),
    #[error("record size {0} (expected 32)")]
    BadRecordSize(u16),
    /// The header's flags, the unknown bits shown.
    #[error("unknown flag bits {:#x}", .0 & !FLAG_STATS)]
    UnknownFlags(u32),
    #[error("reserved header bytes 24-31 are not zero")]
    ReservedNotZero,
    #[error(
        "{len} bytes, but the header announces {count} records ({} bytes): truncated or trailing data",
        HEADER_LEN as u64 + RECORD_LEN as u64 * u64::from(*.count)
    )]
    SizeMismatch { len: usize, count: u32 },
    #[error("checksum {stored:016x} does not match the records ({actual:016x})")]
    ChecksumMismatch { stored: u64, actual: u64 },
    #[error("record {index} (offset {}): {problem}", offset(*.index))]
    BadRecord { index: usize, problem: RecordProblem },
    #[error(
        "record {index} (offset {}): not after record {} in (keyHash, moves) order",
        offset(*.index),
        .index.saturating_sub(1)
    )]
    NotSorted { index: usize },
}

/// The byte offset of record `index`.
fn offset(index: usize) -> usize {
    HEADER_LEN + RECORD_LEN * index
}

impl DcbError {
    /// The code of BOOK.md §7.8 (`validateOpeningBook`).
    pub fn code(&self) -> &'static str {
        match self {
            DcbError::TooShort { .. } => "too-short",
            DcbError::BadMagic => "bad-magic",
            DcbError::UnsupportedVersion(_) => "unsupported-version",
            DcbError::BadRecordSize(_) => "bad-record-size",
            DcbError::UnknownFlags(_) => "unknown-flags",
            DcbError::ReservedNotZero => "reserved-not-zero",
            DcbError::SizeMismatch { .. } => "size-mismatch",
            DcbError::ChecksumMismatch { .. } => "checksum-mismatch",
            DcbError::BadRecord { .. } => "bad-record",
            DcbError::NotSorted { .. } => "not-sorted",
        }
    }
}

/// A loaded binary book over its bytes (`B` = `&[u8]` to borrow, `Vec<u8>` to own). Loading checks
/// everything once; probes then read the bytes directly.
#[derive(Clone, Debug)]
pub struct DcbBook<B = Vec<u8>> {
    bytes: B,
    count: usize,
    flags: u32,
}

impl<B: AsRef<[u8]>> DcbBook<B> {
    /// Loads and checks a binary book (BOOK.md §7.8): one pass, no allocation.
    pub fn new(bytes: B) -> Result<DcbBook<B>, DcbError> {
        let (count, flags) = check(bytes.as_ref())?;
        Ok(DcbBook { bytes, count, flags })
    }

    /// The bytes as given.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.as_ref()
    }

    /// The number of records.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The header flags.
    pub fn flags(&self) -> u32 {
        self.flags
    }

    /// `true` if W/D/L carry statistics.
    pub fn has_stats(&self) -> bool {
        self.flags & FLAG_STATS != 0
    }

    /// DcbRecord `i` (`i < len()`).
    #[inline]
    pub fn record(&self, i: usize) -> DcbRecord {
        DcbRecord::read(&self.as_bytes()[offset(i)..offset(i + 1)])
    }

    #[inline]
    fn hash_at(&self, i: usize) -> u64 {
        let o = offset(i);
        u64::from_le_bytes(self.as_bytes()[o..o + 8].try_into().unwrap_or_default())
    }

    /// Every record in file order.
    pub fn records(&self) -> impl Iterator<Item = DcbRecord> + '_ {
        (0..self.count).map(|i| self.record(i))
    }

    /// The indices of the records with `keyHash = h`: a lower-bound binary search, O(log n).
    ///
    /// The search is branchless: it always takes ⌈log₂ n⌉ steps and each step is a conditional
    /// move, so a probe waits on memory rather than on mispredicted branches (random hashes make
    /// every branch a coin toss): about a fifth faster on a 10⁶-record book (`benches/book.rs`).
    pub fn find_hash(&self, h: u64) -> Range<usize> {
        // Invariant: records before `lo` are below `h`, and the first record ≥ `h` is in
        // `lo ..= lo + len`.
        let (mut lo, mut len) = (0, self.count);
        while len > 1 {
            let half = len / 2;
            lo = if self.hash_at(lo + half - 1) < h { lo + half } else { lo };
            len -= half;
        }
        if len == 1 && self.hash_at(lo) < h {
            lo += 1;
        }
        let mut end = lo;
        while end < self.count && self.hash_at(end) == h {
            end += 1;
        }
        lo..end
    }

    /// The records of `key` (its FNV-1a-64 hash), in file order (ascending packed moves).
    pub fn probe(&self, key: &str) -> impl Iterator<Item = DcbRecord> + '_ {
        self.find_hash(key_hash(key)).map(|i| self.record(i))
    }

    /// The number of distinct key hashes.
    pub fn distinct_keys(&self) -> usize {
        (0..self.count).filter(|&i| i == 0 || self.hash_at(i) != self.hash_at(i - 1)).count()
    }
}

/// The checks of BOOK.md §7.8 in order; the record count and flags on success.
fn check(bytes: &[u8]) -> Result<(usize, u32), DcbError> {
    if bytes.len() < HEADER_LEN {
        return Err(DcbError::TooShort { len: bytes.len() });
    }
    let u16_at = |o: usize| u16::from_le_bytes([bytes[o], bytes[o + 1]]);
    let u32_at = |o: usize| u32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]);
    if bytes[0..4] != MAGIC {
        return Err(DcbError::BadMagic);
    }
    let version = u16_at(4);
    if version != VERSION {
        return Err(DcbError::UnsupportedVersion(version));
    }
    let record_size = u16_at(6);
    if usize::from(record_size) != RECORD_LEN {
        return Err(DcbError::BadRecordSize(record_size));
    }
    let flags = u32_at(8);
    if flags & !FLAG_STATS != 0 {
        return Err(DcbError::UnknownFlags(flags));
    }
    if bytes[24..32].iter().any(|&b| b != 0) {
        return Err(DcbError::ReservedNotZero);
    }
    let count = u32_at(12);
    if bytes.len() as u64 != HEADER_LEN as u64 + RECORD_LEN as u64 * u64::from(count) {
        return Err(DcbError::SizeMismatch { len: bytes.len(), count });
    }
    let stored = u64::from(u32_at(16)) | u64::from(u32_at(20)) << 32;
    let actual = fnv1a64(&bytes[HEADER_LEN..]);
    if stored != actual {
        return Err(DcbError::ChecksumMismatch { stored, actual });
    }
    let count = count as usize;
    let stats = flags & FLAG_STATS != 0;
    let mut previous: Option<(u64, u64)> = None;
    for (index, chunk) in bytes[HEADER_LEN..].chunks_exact(RECORD_LEN).enumerate() {
        let r = DcbRecord::read(chunk);
        let problem = if let Err(e) = Signature::unpack(r.moves) {
            Some(RecordProblem::Moves(e))
        } else if r.weight == 0 {
            Some(RecordProblem::ZeroWeight)
        } else if !stats && (r.wins | r.draws | r.losses) != 0 {
            Some(RecordProblem::StatsWithoutFlag)
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(DcbError::BadRecord { index, problem });
        }
        if previous.is_some_and(|p| p >= r.sort_key()) {
            return Err(DcbError::NotSorted { index });
        }
        previous = Some(r.sort_key());
    }
    Ok((count, flags))
}

/// Merges binary books as Polyglot's `merge-book` does (issue 16): the records of one key hash
/// and turn become one, their weights added (saturating at 4294967295) and their W/D/L added;
/// the statistics are kept when every book has them, else dropped (flag and counts).
pub fn merge<B: AsRef<[u8]>>(books: &[DcbBook<B>]) -> Vec<u8> {
    let stats = books.iter().all(DcbBook::has_stats);
    let mut records: Vec<DcbRecord> = books.iter().flat_map(DcbBook::records).collect();
    crate::sort::sort_by(&mut records, |a, b| a.sort_key().cmp(&b.sort_key()));
    let mut merged: Vec<DcbRecord> = Vec::with_capacity(records.len());
    for r in records {
        let r = if stats { r } else { DcbRecord { wins: 0, draws: 0, losses: 0, ..r } };
        match merged.last_mut() {
            Some(m) if m.sort_key() == r.sort_key() => {
                m.weight = m.weight.saturating_add(r.weight);
                m.wins = m.wins.saturating_add(r.wins);
                m.draws = m.draws.saturating_add(r.draws);
                m.losses = m.losses.saturating_add(r.losses);
            }
            _ => merged.push(r),
        }
    }
    write(if stats { FLAG_STATS } else { 0 }, &mut merged)
}

/// Writes a binary book: the header (checksum included) and `records` sorted by `(keyHash,
/// moves)`. The caller guarantees one record per key hash and moves (a strict order).
pub fn write(flags: u32, records: &mut [DcbRecord]) -> Vec<u8> {
    crate::sort::sort_by(records, |a, b| a.sort_key().cmp(&b.sort_key()));
    debug_assert!(records.windows(2).all(|w| w[0].sort_key() < w[1].sort_key()));
    let mut body = Vec::with_capacity(records.len() * RECORD_LEN);
    for r in records.iter() {
        r.write(&mut body);
    }
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(RECORD_LEN as u16).to_le_bytes());
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(&(records.len() as u32).to_le_bytes());
    out.extend_from_slice(&fnv1a64(&body).to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_book_round_trip() {
        let bytes = write(0, &mut []);
        assert_eq!(bytes.len(), 32);
        let book = DcbBook::new(&bytes[..]).unwrap();
        assert!(book.is_empty());
        assert_eq!(book.find_hash(5), 0..0);
    }

    #[test]
    fn find_hash_matches_a_scan() {
        let moves = ["e2e4", "d2d4", "g1f3"].map(|m| Signature::parse(m).unwrap().pack());
        for n in 0..12u64 {
            // Hashes 0, 2, 4, 4, 6, 8, 8, …: runs of one and two records.
            let mut records: Vec<DcbRecord> = (0..n)
                .map(|i| DcbRecord {
                    key_hash: 2 * (i - i / 3),
                    moves: moves[(i % 3) as usize],
                    weight: 1,
                    ..DcbRecord::default()
                })
                .collect();
            let bytes = write(0, &mut records);
            let book = DcbBook::new(&bytes[..]).unwrap();
            for h in 0..2 * n + 3 {
                let start = records.iter().take_while(|r| r.key_hash < h).count();
                let end = records.iter().take_while(|r| r.key_hash <= h).count();
                assert_eq!(book.find_hash(h), start..end, "{n} records, hash {h}");
            }
        }
    }

    #[test]
    fn errors_never_panic_on_prefixes() {
        let mut records = [
            DcbRecord {
                key_hash: 9,
                moves: Signature::parse("e2e4").unwrap().pack(),
                weight: 1,
                ..DcbRecord::default()
            },
            DcbRecord {
                key_hash: 3,
                moves: Signature::parse("d2d4").unwrap().pack(),
                weight: 2,
                ..DcbRecord::default()
            },
        ];
        let bytes = write(0, &mut records);
        assert!(DcbBook::new(&bytes[..]).is_ok());
        for n in 0..bytes.len() {
            assert!(DcbBook::new(&bytes[..n]).is_err());
        }
    }
}
