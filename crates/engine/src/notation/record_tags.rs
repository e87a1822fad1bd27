//! The game record fields (BOOK.md §8) that a notated game carries as tags, both ways, without
//! JSON: [`crate::Game::from_notated`] (feature `book`) and the package's `parseNotation` and
//! `Game.toNotation` map them here.

use super::NotatedGame;

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
    Text(String),
    /// An `Id` tag that is an integer: the record's integer `id`.
    Integer(i64),
    /// A rating: the tag's text, a JSON number (written as it is: no float formatting in the
    /// package's rules module).
    Number(String),
}

/// The record fields of `game`'s tags, in record order: `Id` (an integer when it reads as
/// one), the ratings (numbers: an error names a tag that is not), the rest as text; other tags are
/// left out.
pub fn record_fields(game: &NotatedGame) -> Result<Vec<(&'static str, FieldValue)>, String> {
    let mut out = Vec::new();
    for (field, tag) in RECORD_TAGS {
        let Some(text) = game.tag(tag) else { continue };
        let value = match field {
            "id" => text.parse::<i64>().map_or_else(|_| FieldValue::Text(text.to_owned()), FieldValue::Integer),
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

/// Whether `text` is a JSON number (RFC 8259 §6) of at most 32 bytes whose exponent has at most
/// three digits (so that it is finite as a double).
pub(crate) fn is_json_number(text: &str) -> bool {
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
    use super::is_json_number;

    #[test]
    fn json_numbers() {
        for ok in ["0", "-0", "1500", "1500.5", "-2.5e3", "1E+10", "0.25"] {
            assert!(is_json_number(ok), "{ok}");
        }
        for bad in ["", "-", "01", "1.", ".5", "+1", "1e", "1e1000", "NaN", "Infinity", "1 ", "0x10", "1e+-1"] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }
}
