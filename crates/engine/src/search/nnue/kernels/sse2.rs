//! The kernels on SSE2 (every x86_64 target has it): eight i16 lanes per vector.

#![allow(unsafe_code)] // unaligned loads and stores of whole 8-lane chunks, nothing else

use core::arch::x86_64::{
    __m128i, _mm_add_epi16, _mm_add_epi32, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_madd_epi16, _mm_max_epi16,
    _mm_min_epi16, _mm_set1_epi16, _mm_setzero_si128, _mm_shuffle_epi32, _mm_srai_epi16, _mm_storeu_si128,
    _mm_sub_epi16, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
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

/// The 16 i8 of `chunk` (exactly 16 long), each widened to an i16 lane with its sign: the low
/// eight, then the high eight.
#[inline(always)]
fn load_widened(chunk: &[i8]) -> (__m128i, __m128i) {
    debug_assert_eq!(chunk.len(), 2 * LANES);
    // SAFETY: `chunk` holds 16 i8 (16 bytes, chunks_exact) and the load is unaligned; SSE2 is
    // part of every x86_64 target. Each byte is doubled into a 16-bit lane, then shifted down
    // with its sign.
    unsafe {
        let bytes = _mm_loadu_si128(chunk.as_ptr().cast());
        (_mm_srai_epi16::<8>(_mm_unpacklo_epi8(bytes, bytes)), _mm_srai_epi16::<8>(_mm_unpackhi_epi8(bytes, bytes)))
    }
}

/// Writes `v` to `chunk` (exactly 8 long).
#[inline(always)]
fn store(chunk: &mut [i16], v: __m128i) {
    debug_assert_eq!(chunk.len(), LANES);
    // SAFETY: `chunk` holds 8 i16 (16 bytes, chunks_exact_mut), and the store is unaligned.
    unsafe { _mm_storeu_si128(chunk.as_mut_ptr().cast(), v) }
}

/// `acc = op(acc, row)` sixteen lanes at a time (one load of the row's i8, two vectors of the
/// accumulator), `tail` on the rest.
#[inline]
fn zip_lanes(acc: &mut [i16], row: &[i8], op: impl Fn(__m128i, __m128i) -> __m128i, tail: fn(&mut [i16], &[i8])) {
    let n = acc.len().min(row.len());
    let (acc, row) = (&mut acc[..n], &row[..n]);
    let mut accs = acc.chunks_exact_mut(2 * LANES);
    let mut rows = row.chunks_exact(2 * LANES);
    for (a, r) in (&mut accs).zip(&mut rows) {
        let (low, high) = load_widened(r);
        let (a_low, a_high) = a.split_at_mut(LANES);
        store(a_low, op(load(a_low), low));
        store(a_high, op(load(a_high), high));
    }
    tail(accs.into_remainder(), rows.remainder());
}

#[inline]
pub(super) fn add(acc: &mut [i16], row: &[i8]) {
    // SAFETY: SSE2 is part of every x86_64 target.
    unsafe { add_sse2(acc, row) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn add_sse2(acc: &mut [i16], row: &[i8]) {
    zip_lanes(acc, row, |a, r| _mm_add_epi16(a, r), scalar::add);
}

#[inline]
pub(super) fn sub(acc: &mut [i16], row: &[i8]) {
    // SAFETY: SSE2 is part of every x86_64 target.
    unsafe { sub_sse2(acc, row) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn sub_sse2(acc: &mut [i16], row: &[i8]) {
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
