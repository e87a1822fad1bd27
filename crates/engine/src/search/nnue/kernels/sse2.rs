//! The kernels on SSE2 (every x86_64 target has it): eight i16 lanes per vector.

#![allow(unsafe_code)] // unaligned loads and stores of whole 8-lane chunks, nothing else

use core::arch::x86_64::{
    __m128i, _mm_add_epi16, _mm_add_epi32, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_madd_epi16, _mm_max_epi16,
    _mm_min_epi16, _mm_set1_epi16, _mm_setzero_si128, _mm_shuffle_epi32, _mm_storeu_si128, _mm_sub_epi16,
};

use super::scalar;

const LANES: usize = 8;

/// The 8 lanes of `chunk` (exactly 8 long).
#[inline(always)]
fn load(chunk: &[i16]) -> __m128i {
    debug_assert_eq!(chunk.len(), LANES);
    // SAFETY: `chunk` holds 8 i16 (16 bytes, chunks_exact), and the load is unaligned.
    unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) }
}

/// Writes `v` to `chunk` (exactly 8 long).
#[inline(always)]
fn store(chunk: &mut [i16], v: __m128i) {
    debug_assert_eq!(chunk.len(), LANES);
    // SAFETY: `chunk` holds 8 i16 (16 bytes, chunks_exact_mut), and the store is unaligned.
    unsafe { _mm_storeu_si128(chunk.as_mut_ptr().cast(), v) }
}

#[inline]
fn zip_lanes(acc: &mut [i16], row: &[i16], op: impl Fn(__m128i, __m128i) -> __m128i, tail: fn(&mut [i16], &[i16])) {
    let n = acc.len().min(row.len());
    let (acc, row) = (&mut acc[..n], &row[..n]);
    let mut accs = acc.chunks_exact_mut(LANES);
    let mut rows = row.chunks_exact(LANES);
    for (a, r) in (&mut accs).zip(&mut rows) {
        store(a, op(load(a), load(r)));
    }
    tail(accs.into_remainder(), rows.remainder());
}

#[inline]
pub(super) fn add(acc: &mut [i16], row: &[i16]) {
    // SAFETY: SSE2 is part of every x86_64 target.
    unsafe { add_sse2(acc, row) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn add_sse2(acc: &mut [i16], row: &[i16]) {
    zip_lanes(acc, row, |a, r| _mm_add_epi16(a, r), scalar::add);
}

#[inline]
pub(super) fn sub(acc: &mut [i16], row: &[i16]) {
    // SAFETY: SSE2 is part of every x86_64 target.
    unsafe { sub_sse2(acc, row) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn sub_sse2(acc: &mut [i16], row: &[i16]) {
    zip_lanes(acc, row, |a, r| _mm_sub_epi16(a, r), scalar::sub);
}

#[inline]
pub(super) fn clipped_relu(input: &[i16], ceiling: i16, out: &mut [i16]) {
    // SAFETY: SSE2 is part of every x86_64 target.
    unsafe { clipped_relu_sse2(input, ceiling, out) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn clipped_relu_sse2(input: &[i16], ceiling: i16, out: &mut [i16]) {
    let n = input.len().min(out.len());
    let (input, out) = (&input[..n], &mut out[..n]);
    let (zero, top) = (_mm_setzero_si128(), _mm_set1_epi16(ceiling));
    let mut ins = input.chunks_exact(LANES);
    let mut outs = out.chunks_exact_mut(LANES);
    for (i, o) in (&mut ins).zip(&mut outs) {
        store(o, _mm_min_epi16(_mm_max_epi16(load(i), zero), top));
    }
    scalar::clipped_relu(ins.remainder(), ceiling, outs.into_remainder());
}

#[inline]
pub(super) fn dot(a: &[i16], b: &[i16]) -> i32 {
    // SAFETY: SSE2 is part of every x86_64 target.
    unsafe { dot_sse2(a, b) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn dot_sse2(a: &[i16], b: &[i16]) -> i32 {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut sums = _mm_setzero_si128();
    let mut xs = a.chunks_exact(LANES);
    let mut ys = b.chunks_exact(LANES);
    for (x, y) in (&mut xs).zip(&mut ys) {
        sums = _mm_add_epi32(sums, _mm_madd_epi16(load(x), load(y)));
    }
    // The four i32 lanes: add the high pair onto the low one, then lane 1 onto lane 0.
    let pairs = _mm_add_epi32(sums, _mm_shuffle_epi32::<0b01_00_11_10>(sums));
    let total = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b10_11_00_01>(pairs));
    _mm_cvtsi128_si32(total).wrapping_add(scalar::dot(xs.remainder(), ys.remainder()))
}
