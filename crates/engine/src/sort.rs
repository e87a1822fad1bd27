//! The crate's sorting, through three instantiations of the standard sorts: `u64` keys, `u128`
//! key-and-index pairs, and index orders under a comparator.
//!
//! Every call of a slice sort with its own element type or closure instantiates its own copy of
//! the sort code (4–8 KB of WebAssembly each, and API.md §2.7 budgets the modules): with some
//! thirty call sites they took about 50 KB of the full module. So every sort in the crate goes
//! through this module: hot paths sort `u64` keys in place ([`sort_keys`]) or `u128` pairs
//! ([`sort_pairs`]), others order indices by a key ([`order_by_key`], stable) or a comparator
//! ([`order_by`], stable), and permute.

#[cfg(feature = "search")]
use std::cmp::Ordering;

/// Sorts `u64` keys ascending, in place (the one unstable sort of the crate: hot paths pack what
/// they sort into such keys).
#[inline]
pub(crate) fn sort_keys(keys: &mut [u64]) {
    keys.sort_unstable();
}

/// Sorts `u128` pairs (`key << 64 | value`) ascending, in place.
#[inline]
pub(crate) fn sort_pairs(pairs: &mut [u128]) {
    pairs.sort_unstable();
}

/// The indices `0..n` ordered by `key(i)` ascending, ties by index (a stable order).
pub(crate) fn order_by_key(n: usize, mut key: impl FnMut(usize) -> u64) -> Vec<usize> {
    let mut packed: Vec<u128> = (0..n).map(|i| (u128::from(key(i)) << 64) | i as u128).collect();
    sort_pairs(&mut packed);
    packed.into_iter().map(|p| p as u64 as usize).collect()
}

/// The indices `0..n` ordered by `cmp` (a stable order): one instantiation for every comparator.
#[cfg(feature = "search")]
pub(crate) fn order_by(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// `items` in `order` (a permutation of its indices).
fn permute<T: Clone>(items: &mut [T], order: &[usize]) {
    let sorted: Vec<T> = order.iter().map(|&i| items[i].clone()).collect();
    items.clone_from_slice(&sorted);
}

/// Sorts `items` by `key` ascending, stably.
pub(crate) fn sort_by_key<T: Clone>(items: &mut [T], mut key: impl FnMut(&T) -> u64) {
    if items.len() < 2 {
        return;
    }
    let order = order_by_key(items.len(), |i| key(&items[i]));
    permute(items, &order);
}

/// Sorts `items` by `cmp`, stably.
#[cfg(feature = "search")]
pub(crate) fn sort_by<T: Clone>(items: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = order_by(items.len(), &mut |a, b| cmp(&items[a], &items[b]));
    permute(items, &order);
}

/// A key that orders `i64` values from largest to smallest.
#[cfg(feature = "search")]
pub(crate) fn descending(x: i64) -> u64 {
    !((x as u64) ^ (1 << 63))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable() {
        let mut words = vec![(2u64, 'a'), (1, 'b'), (2, 'c'), (0, 'd')];
        sort_by_key(&mut words, |w| w.0);
        assert_eq!(words, vec![(0, 'd'), (1, 'b'), (2, 'a'), (2, 'c')]);
        let mut keys = [5u64, 1, 3];
        sort_keys(&mut keys);
        assert_eq!(keys, [1, 3, 5]);
    }

    #[cfg(feature = "search")]
    #[test]
    fn descending_orders_from_largest() {
        let v = [3i64, -1, 3, i64::MIN, i64::MAX, 0];
        let order = order_by_key(v.len(), |i| descending(v[i]));
        assert_eq!(order, vec![4, 0, 2, 5, 1, 3]);
    }

    #[cfg(feature = "search")]
    #[test]
    fn sort_by_is_stable() {
        let mut texts = vec!["pear", "fig", "apple", "fig"];
        sort_by(&mut texts, |a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
        assert_eq!(texts, vec!["fig", "fig", "pear", "apple"]);
    }
}
