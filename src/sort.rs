//! Ordering by integer keys through one instantiation of the standard sort.
//!
//! Every closure-keyed `sort_by_key` instantiates its own copy of the sort code (4–8 KB of
//! WebAssembly each, API.md §2.7 budgets the module); sorting `u128` values that pack a key with
//! the item's index shares one copy and gives a stable order.

/// The indices `0..n` ordered by `key(i)` ascending, ties by index (a stable order).
pub(crate) fn order_by_key(n: usize, mut key: impl FnMut(usize) -> u64) -> Vec<usize> {
    let mut packed: Vec<u128> = (0..n).map(|i| (u128::from(key(i)) << 64) | i as u128).collect();
    packed.sort_unstable();
    packed.into_iter().map(|p| p as u64 as usize).collect()
}

/// Sorts `items` by `key` ascending, stably.
pub(crate) fn sort_by_key<T: Clone>(items: &mut [T], mut key: impl FnMut(&T) -> u64) {
    if items.len() < 2 {
        return;
    }
    let order = order_by_key(items.len(), |i| key(&items[i]));
    let sorted: Vec<T> = order.into_iter().map(|i| items[i].clone()).collect();
    items.clone_from_slice(&sorted);
}

/// A key that orders `i64` values from largest to smallest.
pub(crate) fn descending(x: i64) -> u64 {
    !((x as u64) ^ (1 << 63))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_and_descending() {
        let v = [3i64, -1, 3, i64::MIN, i64::MAX, 0];
        let order = order_by_key(v.len(), |i| descending(v[i]));
        assert_eq!(order, vec![4, 0, 2, 5, 1, 3]);
        let mut words = vec![(2u64, 'a'), (1, 'b'), (2, 'c'), (0, 'd')];
        sort_by_key(&mut words, |w| w.0);
        assert_eq!(words, vec![(0, 'd'), (1, 'b'), (2, 'a'), (2, 'c')]);
    }
}
