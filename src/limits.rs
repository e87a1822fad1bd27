//! The caps and defaults the npm package enforces in JavaScript before it calls the `.wasm`, as one
//! table over the constants the engine uses, and the generator of their JavaScript module,
//! `pkg-template/js/limits.js`, which the wrappers import (nothing there retypes a cap).
//!
//! The module is generated text checked into the template, so that the type check and the
//! assembly read it on a fresh clone and no code ships for it (docs/NOTES.md, "Caps and defaults
//! for JavaScript"). `cargo test --lib limits` fails when the file is stale;
//! `DICECHESS_WRITE_LIMITS=1 cargo test --lib limits` rewrites it.

use std::path::Path;

/// One cap or default: its JavaScript name, its value and what it bounds.
struct Limit {
    name: &'static str,
    value: u64,
    doc: &'static str,
}

/// `usize` to the table's `u64` (every cap fits).
const fn wide(n: usize) -> u64 {
    n as u64
}

/// The table, in the order of the generated module.
const LIMITS: &[Limit] = &[
    Limit {
        name: "MAX_DFEN",
        value: wide(dicechess::dfen::MAX_DFEN_LEN),
        doc: "The longest DFEN argument, in characters (ASCII only).",
    },
    Limit {
        name: "MAX_MOVES",
        value: wide(dicechess::Turns::MAX_DEPTH),
        doc: "The most micro-moves of a turn: three dice.",
    },
    Limit {
        name: "MAX_ID",
        value: wide(dicechess::search::MAX_ID_LEN),
        doc: "The longest bot id, in UTF-16 code units; a longer one matches nothing.",
    },
    Limit {
        name: "MAX_NAME",
        value: wide(dicechess::search::MAX_NAME_LEN),
        doc: "The longest bot name, in UTF-16 code units.",
    },
    Limit {
        name: "MAX_BOOK",
        value: wide(dicechess::book::MAX_BOOK_SIZE),
        doc: "The largest book: bytes, or UTF-16 code units of a string.",
    },
    Limit {
        name: "MAX_RECORD",
        value: wide(dicechess::record::MAX_LINE_LEN),
        doc: "The longest game record read, in UTF-16 code units (BOOK.md §8: a line).",
    },
    Limit {
        name: "MAX_NOTATION",
        value: wide(dicechess::notation::MAX_TEXT_BYTES),
        doc: "The longest notated text read, in UTF-16 code units.",
    },
    Limit {
        name: "MAX_TURNS",
        value: wide(dicechess::notation::MAX_TURNS),
        doc: "The most turns a game holds and a game record may hold (the notation's cap).",
    },
    Limit {
        name: "MAX_TURN_MOVES",
        value: 16,
        doc: "The most micro-moves of a record turn read before it is refused as not 1 to 3 (the package's own bound).",
    },
    Limit {
        name: "MAX_TEXT",
        value: wide(dicechess::notation::MAX_TAG_VALUE),
        doc: "The longest player name or other text field kept, in bytes of UTF-8 (the notation's longest tag value).",
    },
    Limit {
        name: "DEFAULT_TURN_CAP",
        value: dicechess::DEFAULT_TURN_CAP as u64,
        doc: "A game's turn cap when its options give none.",
    },
];

/// Where the generated module lives, from the crate root.
const MODULE: &str = "pkg-template/js/limits.js";

/// The text of the generated JavaScript module.
fn module_text() -> String {
    let mut out = String::from(
        "// @ts-check\n// The package's caps and defaults: GENERATED from the engine's constants by src/limits.rs\n\
         // (`DICECHESS_WRITE_LIMITS=1 cargo test --lib limits`). Do not edit.\n",
    );
    for limit in LIMITS {
        out.push_str(&format!("\n/** {} */\nexport const {} = {};\n", limit.doc, limit.name, limit.value));
    }
    out
}

#[test]
fn the_javascript_module_is_generated_from_the_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(MODULE);
    let expected = module_text();
    if std::env::var_os("DICECHESS_WRITE_LIMITS").is_some() {
        std::fs::write(&path, &expected).expect("write the limits module");
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(actual == expected, "{MODULE} is stale: run `DICECHESS_WRITE_LIMITS=1 cargo test --lib limits`");
}

#[test]
fn names_are_unique_and_values_fit_javascript() {
    for (i, limit) in LIMITS.iter().enumerate() {
        assert!(LIMITS[..i].iter().all(|l| l.name != limit.name), "{} twice", limit.name);
        assert!(limit.value > 0 && limit.value < 1 << 53, "{} = {}", limit.name, limit.value);
    }
}
