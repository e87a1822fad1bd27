//! The full entry's opening-book exports (feature `book`; API.md §3.6, §3.7): thin wrappers over
//! [`dicechess::package`]. Each function has a text form (a TSV string) and a bytes form (a binary
//! book: bytes are never sniffed); the wrappers pick one after checking the argument's class and
//! the 64 MiB cap, so nothing oversized is ever copied in. Reports cross as JSON text.

use wasm_bindgen::prelude::wasm_bindgen;

use super::search_exports::with_registry_mut;
use dicechess::book::{Issue, Validation};
use dicechess::package::json_text::JsonWriter;
use dicechess::package::{self, BookInput};

/// The report as JSON text (BOOK.md §5's object).
pub(super) fn validation_json(v: &Validation) -> String {
    let mut json = JsonWriter::new();
    json.open_object();
    json.key("ok");
    json.raw(if v.ok { "true" } else { "false" });
    json.key("entries");
    json.raw(&v.entries.to_string());
    json.key("keys");
    json.raw(&v.keys.to_string());
    for (name, issues) in [("errors", &v.errors), ("warnings", &v.warnings)] {
        json.key(name);
        issues_json(&mut json, issues);
    }
    // Only in a report that was cut (BOOK.md §5's object otherwise, exactly).
    if v.omitted_errors > 0 || v.omitted_warnings > 0 {
        for (name, n) in [("omittedErrors", v.omitted_errors), ("omittedWarnings", v.omitted_warnings)] {
            json.key(name);
            json.raw(&n.to_string());
        }
    }
    json.close_object();
    json.finish()
}

fn issues_json(json: &mut JsonWriter, issues: &[Issue]) {
    json.open_array();
    for issue in issues {
        json.open_object();
        json.key("line");
        json.raw(&issue.line.to_string());
        json.key("text");
        json.string(&issue.text);
        json.key("code");
        json.string(issue.code);
        json.key("reason");
        json.string(&issue.reason);
        json.close_object();
    }
    json.close_array();
}

/// `validateOpeningBook(tsv)` for a string of at most 64 MiB UTF-16 code units: the report as
/// JSON text (BOOK.md §5).
#[wasm_bindgen]
pub fn validate_book_text(tsv: &str) -> String {
    validation_json(&package::validate_opening_book(BookInput::Text(tsv)))
}

/// `validateOpeningBook(bytes)` for a binary book: the report as JSON text.
#[wasm_bindgen]
pub fn validate_book_bytes(bytes: &[u8]) -> String {
    validation_json(&package::validate_opening_book(BookInput::Bytes(bytes)))
}

/// `encodeOpeningBook(tsv)`: the binary book, `undefined` when the text cannot be encoded.
#[wasm_bindgen]
pub fn encode_book(tsv: &str) -> Option<Vec<u8>> {
    package::encode_opening_book(tsv)
}

fn register(book: BookInput<'_>, base_id: &str, new_id: &str, new_name: &str) -> bool {
    with_registry_mut(|registry| package::register_opening_book_bot(registry, book, base_id, new_id, new_name))
        .unwrap_or(false)
}

/// `registerOpeningBookBot(tsv, baseBotId, newBotId, newBotName)` with a TSV book.
#[wasm_bindgen]
pub fn register_book_bot_text(tsv: &str, base_id: &str, new_id: &str, new_name: &str) -> bool {
    register(BookInput::Text(tsv), base_id, new_id, new_name)
}

/// `registerOpeningBookBot(bytes, baseBotId, newBotId, newBotName)` with a binary book.
#[wasm_bindgen]
pub fn register_book_bot_bytes(bytes: &[u8], base_id: &str, new_id: &str, new_name: &str) -> bool {
    register(BookInput::Bytes(bytes), base_id, new_id, new_name)
}

/// `unregisterBot(id)`.
#[wasm_bindgen]
pub fn unregister_bot(id: &str) -> bool {
    with_registry_mut(|registry| package::unregister_bot(registry, id)).unwrap_or(false)
}
