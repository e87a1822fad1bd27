//! The full entry's opening-book exports (feature `book`; API.md §3.6, §3.7): thin wrappers over
//! [`dicechess::package`]. Each function has a text form (a TSV string) and a bytes form (a binary
//! book: bytes are never sniffed); the wrappers pick one after checking the argument's class and
//! the 64 MiB cap, so nothing oversized is ever copied in. Reports cross as the JSON text of
//! [`dicechess::book::Validation`].

use wasm_bindgen::prelude::wasm_bindgen;

use super::protocol::json;
use super::search_exports::with_registry_mut;
use dicechess::package::{self, BookInput};

/// `validateOpeningBook(tsv)` for a string of at most 64 MiB UTF-16 code units: the report as
/// JSON text (BOOK.md §5).
#[wasm_bindgen]
pub fn validate_book_text(tsv: &str) -> String {
    json(&package::validate_opening_book(BookInput::Text(tsv)))
}

/// `validateOpeningBook(bytes)` for a binary book: the report as JSON text.
#[wasm_bindgen]
pub fn validate_book_bytes(bytes: &[u8]) -> String {
    json(&package::validate_opening_book(BookInput::Bytes(bytes)))
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
