//! The wasm build's [`Clock`] (API.md §2.6): `performance.now()` read through an import, so that
//! `std::time::Instant` (which panics on `wasm32-unknown-unknown`) is never reached. The wrapper
//! reads `performance.now()` when a call is entered and passes that instant; both are on the same
//! time line, in milliseconds, converted here to the microseconds of [`Moment`].

use wasm_bindgen::prelude::wasm_bindgen;

use dicechess::search::{Clock, Moment};

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, present in every supported runtime (Node ≥ 20, browsers, Workers).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Milliseconds on the `performance.now()` time line as a [`Moment`]: negative, NaN and
/// non-finite values saturate (`as` never panics).
#[inline]
pub fn moment_from_ms(ms: f64) -> Moment {
    let micros = ms * 1000.0;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let micros = if micros > 0.0 { micros as u64 } else { 0 };
    Moment(micros)
}

/// The clock of every search in the wasm build.
#[derive(Clone, Copy, Debug, Default)]
pub struct PerformanceClock;

impl Clock for PerformanceClock {
    #[inline]
    fn now(&self) -> Moment {
        moment_from_ms(performance_now())
    }
}
