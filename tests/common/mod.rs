//! Helpers shared by the integration tests. Each test file that needs them declares `mod common;`
//! after its own `#![cfg(...)]` gates, so this module is compiled as part of that test crate only
//! (the standard Cargo layout: `tests/common/` is not a test target of its own). A test crate uses
//! only some of the helpers, hence the `dead_code` allowance.
#![allow(dead_code)]

/// The case structs of the `book` vectors, shared by the tests that read them.
pub mod book_cases;
/// The `../shared/conformance/<suite>` vectors: lookup, typed loading and the one case runner.
pub mod conformance;
/// Turn starts of seeded games between built-in bots.
#[cfg(feature = "search")]
pub mod games;
/// Random positions for the property tests.
#[cfg(not(target_arch = "wasm32"))] // proptest is a native-only dev-dependency
pub mod random;
/// The case structs of the `search` vectors.
pub mod search_cases;
