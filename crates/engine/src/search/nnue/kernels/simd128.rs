//! The kernels on wasm SIMD128 (a module built with `target-feature=+simd128`): eight i16 lanes
//! per vector.

#![allow(unsafe_code)] // unaligned loads and stores of whole 8-lane chunks, nothing else

use core::arch::wasm32::{
    i16x8_add, i16x8_load_extend_i8x8, i16x8_max, i16x8_min, i16x8_splat, i16x8_sub, i32x4_add, i32x4_dot_i16x8,
    i32x4_extract_lane, i32x4_splat, v128, v128_load, v128_store,
};

use super::scalar;

const LANES: usize = 8;

/// The 8 lanes of `chunk` (exactly 8 long).
#[inline(always)]
fn load(chunk: &[i16]) -> v128 {
    debug_assert_eq!(chunk.len(), LANES);
    // SAFETY: `chunk` holds 8 i16 (16 bytes, chunks_exact); wasm loads need no alignment.
    unsafe { v128_load(chunk.as_ptr().cast()) }
}

/// The 8 i8 of `chunk` (exactly 8 long), each widened to an i16 lane with its sign.
#[inline(always)]
fn load_widened(chunk: &[i8]) -> v128 {
    debug_assert_eq!(chunk.len(), LANES);
    // SAFETY: `chunk` holds 8 i8 (8 bytes, chunks_exact); wasm loads need no alignment.
    unsafe { i16x8_load_extend_i8x8(chunk.as_ptr()) }
}

/// Writes `v` to `chunk` (exactly 8 long).
#[inline(always)]
fn store(chunk: &mut [i16], v: v128) {
    debug_assert_eq!(chunk.len(), LANES);
    // SAFETY: `chunk` holds 8 i16 (16 bytes, chunks_exact_mut); wasm stores need no alignment.
    unsafe { v128_store(chunk.as_mut_ptr().cast(), v) }
}

#[inline]
fn zip_lanes(acc: &mut [i16], row: &[i8], op: impl Fn(v128, v128) -> v128, tail: fn(&mut [i16], &[i8])) {
    let n = acc.len().min(row.len());
    let (acc, row) = (&mut acc[..n], &row[..n]);
    let mut accs = acc.chunks_exact_mut(LANES);
    let mut rows = row.chunks_exact(LANES);
    for (a, r) in (&mut accs).zip(&mut rows) {
        store(a, op(load(a), load_widened(r)));
    }
    tail(accs.into_remainder(), rows.remainder());
}

#[inline]
pub(super) fn add(acc: &mut [i16], row: &[i8]) {
    zip_lanes(acc, row, |a, r| i16x8_add(a, r), scalar::add);
}

#[inline]
pub(super) fn sub(acc: &mut [i16], row: &[i8]) {
    zip_lanes(acc, row, |a, r| i16x8_sub(a, r), scalar::sub);
}

#[inline]
pub(super) fn clipped_relu(input: &[i16], ceiling: i16, out: &mut [i16]) {
    let n = input.len().min(out.len());
    let (input, out) = (&input[..n], &mut out[..n]);
    let (zero, top) = (i16x8_splat(0), i16x8_splat(ceiling));
    let mut ins = input.chunks_exact(LANES);
    let mut outs = out.chunks_exact_mut(LANES);
    for (i, o) in (&mut ins).zip(&mut outs) {
        store(o, i16x8_min(i16x8_max(load(i), zero), top));
    }
    scalar::clipped_relu(ins.remainder(), ceiling, outs.into_remainder());
}

#[inline]
pub(super) fn dot(a: &[i16], b: &[i16]) -> i32 {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut sums = i32x4_splat(0);
    let mut xs = a.chunks_exact(LANES);
    let mut ys = b.chunks_exact(LANES);
    for (x, y) in (&mut xs).zip(&mut ys) {
        sums = i32x4_add(sums, i32x4_dot_i16x8(load(x), load(y)));
    }
    let lanes = [
        i32x4_extract_lane::<0>(sums),
        i32x4_extract_lane::<1>(sums),
        i32x4_extract_lane::<2>(sums),
        i32x4_extract_lane::<3>(sums),
    ];
    lanes.into_iter().fold(scalar::dot(xs.remainder(), ys.remainder()), i32::wrapping_add)
}
