//! `dicechess-wasm`: the npm package's functions over the engine (crate `dicechess`), and their
//! WebAssembly exports.
//!
//! | module | what | feature |
//! | --- | --- | --- |
//! | [`package`] | the npm package's functions as text-level Rust (API.md): text in, plain values out | |
//! | `wasm` | the `#[wasm_bindgen]` exports of [`package`], which pkg-template's wrappers call | `wasm` |
//!
//! Over the engine's public API only; Rust callers who hold a position want the engine's typed API.

#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

pub mod package;

#[cfg(feature = "wasm")]
pub mod wasm;

/// The package's caps and defaults for JavaScript (a generator, built by the tests only).
#[cfg(all(test, feature = "book"))]
mod limits;

/// The Rust examples of README.md, run as doc tests.
#[cfg(all(doctest, feature = "book"))]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
