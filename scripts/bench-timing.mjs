// The timing helpers of the Node benchmarks (scripts/bench-*.mjs) and the soak's deadline scripts.

/** Mean microseconds per call of `f` over at least `ms` milliseconds, after a warm-up. */
export function perCall(f, ms = 300) {
  for (let i = 0; i < 20; i++) f();
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) { f(); n++; }
  return ((performance.now() - t0) * 1000) / n;
}

/** The `p` quantile of ascending `sorted` (the nearest rank: the smallest value with at least a
 * fraction `p` of the values at or below it). */
export function quantile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];
}
