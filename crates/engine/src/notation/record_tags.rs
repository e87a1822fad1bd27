//! The game record fields (BOOK.md §8) that a notated game carries as tags, both ways, without
//! JSON: [`crate::Game::from_notated`] (feature `book`) and the package's `parseNotation` and
//! `Game.toNotation` map them here.

use super::{NotatedGame, MAX_TAG_VALUE};

/// The record fields carried as tags, in the order a record writes them.
pub(crate) const RECORD_TAGS: [(&str, &str); 6] = [
    ("id", "Id"),
    ("white", "White"),
    ("black", "Black"),
    ("whiteRating", "WhiteRating"),
    ("blackRating", "BlackRating"),
    ("termination", "Termination"),
];

/// A record field's value as a tag gives it.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldValue {
    /// A text field: `id` (always text, exactly as the tag gives it: the notation has no integer
    /// ids), the names, the termination.
    Text(String),
    /// A rating: the tag's text, a finite JSON number (written as it is: no float formatting in
    /// the package's rules module).
    Number(String),
}

/// The record fields of `game`'s tags, in record order: the ratings (finite numbers: an error
/// names a tag that is not), the rest as text; other tags are left out.
pub fn record_fields(game: &NotatedGame) -> Result<Vec<(&'static str, FieldValue)>, String> {
    let mut out = Vec::new();
    for (field, tag) in RECORD_TAGS {
        let Some(text) = game.tag(tag) else { continue };
        let value = match field {
            "whiteRating" | "blackRating" if is_json_number(text) => FieldValue::Number(text.to_owned()),
            "whiteRating" | "blackRating" => return Err(format!("tag {tag} {text:?} is not a number")),
            _ => FieldValue::Text(text.to_owned()),
        };
        out.push((field, value));
    }
    Ok(out)
}

/// The tag of a record field carried as one.
#[inline]
pub fn tag_of(field: &str) -> Option<&'static str> {
    RECORD_TAGS.iter().find(|(f, _)| *f == field).map(|(_, t)| *t)
}

/// A text field as a game keeps it (a player's name): each control character a space, cut on a
/// character boundary to the [`MAX_TAG_VALUE`] bytes a tag holds, so that every name a game keeps
/// goes to the notation and back unchanged. The package's JavaScript applies the same rule
/// (`keptText`, pkg-template/js/input.js), lone surrogates made U+FFFD first; an `id` or a
/// `termination` is kept only when this leaves it unchanged.
pub fn tag_text(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let c = if c.is_control() { ' ' } else { c };
        if out.len() + c.len_utf8() > MAX_TAG_VALUE {
            break;
        }
        out.push(c);
    }
    out
}

/// Whether `text` is a JSON number (RFC 8259 §6) of at most 32 bytes that is finite as a double
/// (`1e999` is not: every reader refuses it alike).
pub(crate) fn is_json_number(text: &str) -> bool {
    is_json_number_syntax(text) && text.parse::<f64>().is_ok_and(f64::is_finite)
}

/// [`is_json_number`]'s syntax: an exponent of at most three digits.
fn is_json_number_syntax(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let int_start = i;
    let int = digits(&mut i);
    if int == 0 || (int > 1 && b[int_start] == b'0') {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !(1..=3).contains(&digits(&mut i)) {
            return false;
        }
    }
    i == b.len() && b.len() <= 32
}

#[cfg(test)]
mod tests {
    use super::{is_json_number, tag_text, MAX_TAG_VALUE};

    #[test]
    fn json_numbers() {
        for ok in ["0", "-0", "1500", "1500.5", "-2.5e3", "1E+10", "0.25", "1.7976931348623157e308"] {
            assert!(is_json_number(ok), "{ok}");
        }
        for bad in [
            "", "-", "01", "1.", ".5", "+1", "1e", "1e1000", "1e999", "-1e309", "NaN", "Infinity", "1 ", "0x10",
            "1e+-1",
        ] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }

    #[test]
    fn kept_texts_fit_a_tag_on_character_boundaries() {
        assert_eq!(tag_text("Ann\tB\u{7f}\u{85}"), "Ann B  ");
        // 1,023 bytes of ASCII and an emoji of four: the emoji is left out whole.
        let long = format!("{}\u{1F600}", "a".repeat(MAX_TAG_VALUE - 1));
        assert_eq!(tag_text(&long), "a".repeat(MAX_TAG_VALUE - 1));
        let wide = "\u{e9}".repeat(MAX_TAG_VALUE);
        assert_eq!(tag_text(&wide).len(), MAX_TAG_VALUE);
        assert_eq!(tag_text("kept as is"), "kept as is");
    }
}
