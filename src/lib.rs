//! `dicechess-wasm`: the WebAssembly binding of the engine (crate `dicechess`), which wasm-pack
//! builds: the `#[wasm_bindgen]` exports of the engine's [`dicechess::package`] (feature `wasm`),
//! which pkg-template's wrappers call, and the generator of the wrappers' caps
//! (pkg-template/js/limits.js). Over the engine's public API only.

#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

#[cfg(feature = "wasm")]
pub mod wasm;

/// The package's caps and defaults for JavaScript (a generator, built by the tests only).
#[cfg(all(test, feature = "book"))]
mod limits;

/// The TypeScript declarations of the package's structured values (a generator, built by the
/// tests only).
#[cfg(all(test, feature = "book", not(target_arch = "wasm32")))]
mod types;

/// The Rust examples of README.md, run as doc tests.
#[cfg(all(doctest, feature = "book"))]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
