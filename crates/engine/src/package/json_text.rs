//! A minimal JSON text writer for the records of a notated text (`parseNotation`), whose fields are
//! the notation's tags in their order; every other structured result is the serde serialization of
//! its Rust type (src/wasm/protocol.rs). The wrapper `JSON.parse`s the text, which keeps the property
//! order written here (API.md §3.1). Strings are escaped per RFC 8259; nothing here can panic.

/// Builds JSON text; the caller is responsible for well-formed nesting.
#[derive(Default)]
pub struct JsonWriter {
    out: String,
    /// Whether the next value or key at the current level needs a leading comma.
    comma: bool,
}

impl JsonWriter {
    pub fn new() -> JsonWriter {
        JsonWriter { out: String::new(), comma: false }
    }

    fn separate(&mut self) {
        if self.comma {
            self.out.push(',');
        }
    }

    pub fn open_array(&mut self) {
        self.separate();
        self.out.push('[');
        self.comma = false;
    }

    pub fn close_array(&mut self) {
        self.out.push(']');
        self.comma = true;
    }

    pub fn open_object(&mut self) {
        self.separate();
        self.out.push('{');
        self.comma = false;
    }

    pub fn close_object(&mut self) {
        self.out.push('}');
        self.comma = true;
    }

    /// An object key; the next call writes its value.
    pub fn key(&mut self, key: &str) {
        self.separate();
        self.escaped(key);
        self.out.push(':');
        self.comma = false;
    }

    /// A string value.
    pub fn string(&mut self, value: &str) {
        self.separate();
        self.escaped(value);
        self.comma = true;
    }

    /// A value written verbatim (numbers, `true`, `false`).
    pub fn raw(&mut self, value: &str) {
        self.separate();
        self.out.push_str(value);
        self.comma = true;
    }

    fn escaped(&mut self, s: &str) {
        self.out.reserve(s.len().saturating_add(2));
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                c if u32::from(c) < 0x20 => {
                    // \u00XX without the formatting machinery.
                    let code = u32::from(c);
                    self.out.push_str("\\u00");
                    self.out.push(hex_digit(code >> 4));
                    self.out.push(hex_digit(code & 0xf));
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// The lower-case hex digit of `n & 0xf`.
fn hex_digit(n: u32) -> char {
    char::from_digit(n & 0xf, 16).unwrap_or('0')
}
