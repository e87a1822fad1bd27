//! Helpers shared by the integration tests. Each test file that needs them declares `mod common;`
//! after its own `#![cfg(...)]` gates, so this module is compiled as part of that test crate only
//! (the standard Cargo layout: `tests/common/` is not a test target of its own). A test crate uses
//! only some of the helpers, hence the `dead_code` allowance.
#![allow(dead_code)]

/// Running the `dicechess` binary as a user does, and scratch directories for its files.
#[cfg(feature = "cli")] // the binary exists (and `CARGO_BIN_EXE_dicechess` is set) only with `cli`
pub mod cli;
/// The `../shared/conformance/<suite>` vectors: lookup, loading and the failure collector.
pub mod conformance;
/// Random positions for the property tests.
#[cfg(not(target_arch = "wasm32"))] // proptest is a native-only dev-dependency
pub mod random;
