//! FNV-1a 64 (BOOK.md §7.6): the hash of book keys and the checksum of binary books.

/// The FNV-1a-64 offset basis: the hash of no bytes.
pub(super) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// The FNV-1a-64 prime.
pub(super) const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a-64 of `bytes`.
#[inline]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    fnv1a64_continue(FNV_OFFSET, bytes)
}

/// Continues an FNV-1a-64 hash `h` over `bytes` (for hashing in pieces).
#[inline]
pub(super) fn fnv1a64_continue(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(FNV_PRIME);
    }
    h
}

/// The hash of a book key: FNV-1a-64 of its UTF-8 bytes, exactly as written.
#[inline]
pub fn key_hash(key: &str) -> u64 {
    fnv1a64(key.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }
}
