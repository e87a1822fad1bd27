//! What the criterion benches share: their configuration.

use std::time::Duration;

use criterion::Criterion;

/// Ten samples, the given warm-up and measurement times, no plots.
pub fn config(warm_up_ms: u64, measurement_ms: u64) -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(warm_up_ms))
        .measurement_time(Duration::from_millis(measurement_ms))
        .without_plots()
}
