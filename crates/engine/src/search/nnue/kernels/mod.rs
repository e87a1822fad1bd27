//! The network's integer kernels, each one meaning with three implementations: the scalar
//! reference (`scalar.rs`), SSE2 on x86_64 (`sse2.rs`, the baseline of every x86_64 target, so no
//! detection), and SIMD128 in wasm (`simd128.rs`, when the module is built with
//! `target-feature=+simd128`). Other targets run the scalar code, which compilers vectorise. All
//! arithmetic wraps, so every implementation returns the same bits in any order of summation; the
//! tests compare them on random inputs.
//!
//! Slices of any length are accepted: the vectors take eight lanes at a time and the scalar code
//! finishes the rest. Paired slices are read up to the shorter one's length.

pub(crate) mod scalar;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;
#[cfg(target_arch = "x86_64")]
mod sse2;

#[cfg(not(any(target_arch = "x86_64", all(target_arch = "wasm32", target_feature = "simd128"))))]
use scalar as vector;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use simd128 as vector;
#[cfg(target_arch = "x86_64")]
use sse2 as vector;

/// `acc += row`, lane by lane, each i8 of the row widened to i16 (wrapping).
#[inline]
pub(crate) fn add(acc: &mut [i16], row: &[i8]) {
    vector::add(acc, row);
}

/// `acc -= row`, lane by lane, each i8 of the row widened to i16 (wrapping).
#[inline]
pub(crate) fn sub(acc: &mut [i16], row: &[i8]) {
    vector::sub(acc, row);
}

/// `out = clamp(input, 0, ceiling)`, lane by lane: the clipped ReLU.
#[inline]
pub(crate) fn clipped_relu(input: &[i16], ceiling: i16, out: &mut [i16]) {
    vector::clipped_relu(input, ceiling, out);
}

/// `Σ a·b` in i32 (wrapping).
#[inline]
pub(crate) fn dot(a: &[i16], b: &[i16]) -> i32 {
    vector::dot(a, b)
}

#[cfg(test)]
mod tests {
    use super::{scalar, vector};
    use proptest::prelude::*;

    fn pair() -> impl Strategy<Value = (Vec<i16>, Vec<i16>)> {
        (0usize..80).prop_flat_map(|n| (prop::collection::vec(any::<i16>(), n), prop::collection::vec(any::<i16>(), n)))
    }

    /// An accumulator and an input row of the same length.
    fn lanes_and_row() -> impl Strategy<Value = (Vec<i16>, Vec<i8>)> {
        (0usize..80).prop_flat_map(|n| (prop::collection::vec(any::<i16>(), n), prop::collection::vec(any::<i8>(), n)))
    }

    proptest! {
        #[test]
        fn the_vector_add_and_sub_equal_the_scalar_ones((a, b) in lanes_and_row()) {
            let (mut v, mut s) = (a.clone(), a.clone());
            vector::add(&mut v, &b);
            scalar::add(&mut s, &b);
            prop_assert_eq!(&v, &s);
            vector::sub(&mut v, &b);
            scalar::sub(&mut s, &b);
            prop_assert_eq!(&v, &s);
            prop_assert_eq!(&v, &a);
        }

        #[test]
        fn the_vector_clipped_relu_equals_the_scalar_one((a, _) in pair(), ceiling in 0i16..=i16::MAX) {
            let (mut v, mut s) = (vec![0; a.len()], vec![0; a.len()]);
            vector::clipped_relu(&a, ceiling, &mut v);
            scalar::clipped_relu(&a, ceiling, &mut s);
            prop_assert_eq!(&v, &s);
            prop_assert!(s.iter().all(|&x| (0..=ceiling).contains(&x)));
        }

        #[test]
        fn the_vector_dot_equals_the_scalar_one((a, b) in pair()) {
            prop_assert_eq!(vector::dot(&a, &b), scalar::dot(&a, &b));
            let wide: i64 = a.iter().zip(&b).map(|(&x, &y)| i64::from(x) * i64::from(y)).sum();
            prop_assert_eq!(scalar::dot(&a, &b), wide as i32, "the sum wraps like i64 cut to i32");
        }
    }
}
