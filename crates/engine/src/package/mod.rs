//! The npm package's API (API.md) as Rust functions: text in, plain values out, with the semantics of
//! the npm package's exports — its option defaults and caps, and the neutral values of RULES.md
//! §16 (`None`, an empty list, `"{}"`, `0`, `false`) for invalid input. Nothing here panics.
//!
//! This is the one implementation behind the wasm binding (`src/wasm/`, which only converts
//! JavaScript values), the CLI and the fuzz targets; Rust callers who have a [`Position`] want
//! the typed API at the crate root instead. Each `*_text.rs` file is the text face of the module
//! it names.
//!
//! ```
//! use dicechess::package;
//!
//! let roll = "k7/8/8/8/8/8/8/R3K3 w - - 0 1 RR";
//! assert_eq!(package::book_key(roll).as_deref(), Some("k7/8/8/8/8/8/8/R3K3 w - - RR"));
//! assert_eq!(package::apply_turn(roll, &["a1a8"]).as_deref(), Some("R7/8/8/8/8/8/8/4K3 w - - 0 1"));
//! assert_eq!(package::legal_uci_moves("not a DFEN"), Vec::<String>::new()); // the neutral value
//! ```
//!
//! [`Position`]: crate::Position

mod rules_text;
pub use rules_text::*;

pub mod game_text;
pub mod json_text;

#[cfg(feature = "search")]
mod search_text;
/// The JavaScript `seed` option (BOTS.md §5.3): a finite number, truncated, saturated to the
/// signed 64-bit range and reinterpreted as unsigned; `None` for NaN and infinities.
#[inline]
pub fn seed_from_number(x: f64) -> Option<u64> {
    x.is_finite().then_some(x as i64 as u64)
}
#[cfg(feature = "search")]
pub use search_text::*;

#[cfg(feature = "book")]
mod analysis_text;
#[cfg(feature = "book")]
pub use analysis_text::*;

#[cfg(feature = "book")]
mod book_text;
#[cfg(feature = "book")]
pub use book_text::*;
