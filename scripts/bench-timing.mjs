// The timing helper of the Node benchmarks (scripts/bench-*.mjs).

/** Mean microseconds per call of `f` over at least `ms` milliseconds, after a warm-up. */
export function perCall(f, ms = 300) {
  for (let i = 0; i < 20; i++) f();
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) { f(); n++; }
  return ((performance.now() - t0) * 1000) / n;
}
