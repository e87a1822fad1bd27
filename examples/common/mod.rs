//! What the native sides of `npm run bench` share: the timing loop of scripts/bench.mjs's `time()`.

use std::time::Instant;

/// Mean microseconds per call of `f` over at least 200 ms and 20 calls, after 20 warm-up calls.
pub fn time(mut f: impl FnMut()) -> f64 {
    (0..20).for_each(|_| f());
    let mut calls = 0u64;
    let start = Instant::now();
    while start.elapsed().as_millis() < 200 || calls < 20 {
        f();
        calls += 1;
    }
    start.elapsed().as_secs_f64() * 1e6 / calls as f64
}
