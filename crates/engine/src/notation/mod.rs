//! A readable notation for Dice Chess games (NOTATION.md): SAN-like micro-moves resolved against
//! the current node of the legal turn tree (`san.rs`), and PGN-like game texts with tags, numbered
//! turns with their dice, comments and a result (`text.rs`).
//!
//! Every micro-move is kept as its [`Uci`] identity, so a [`NotatedGame`] converts both ways with a
//! game record of BOOK.md §8. Parsing replays every turn against the rules; writing checks the game
//! the same way. Hostile input is bounded by the caps below and never panics.
//!
//! ```
//! use dicechess::notation::{parse_games, write_game, NotationErrorKind};
//!
//! let games = parse_games("1. PPN e4 d4 Nf3 1... kkk -- *").unwrap();
//! assert_eq!(games[0].turns[0].moves[2].to_string(), "g1f3");
//! assert_eq!(write_game(&games[0]).unwrap(), "[Result \"*\"]\n\n1. PPN e4 d4 Nf3 1... kkk -- *\n");
//!
//! let err = parse_games("1. PPN e4 d4 Nf3\n1... kkk Ke7 *").unwrap_err();
//! assert_eq!((err.line, err.column, &err.kind), (2, 10, &NotationErrorKind::MustPass));
//! assert_eq!(err.to_string(), "line 2, column 10: turn 1...: the roll has no legal turn: it is a pass ('--')");
//! ```

mod record_tags;
mod san;
mod text;

#[cfg(feature = "book")]
pub(crate) use record_tags::RECORD_TAGS;
pub use record_tags::{record_fields, tag_of, tag_text, FieldValue};
pub use san::{parse_san, to_san, to_san_all, SanError};
pub(crate) use san::{san_all_judged, san_judged, san_of_child};
pub use text::{parse_games, write_game, write_games};

use crate::{Color, Dice, Outcome, Position, Uci};
use std::fmt;

/// The longest text [`parse_games`] reads, in bytes.
pub const MAX_TEXT_BYTES: usize = 16 << 20;
/// The most games one text holds.
pub const MAX_GAMES: usize = 100_000;
/// The most turns (passes included) one game holds.
pub const MAX_TURNS: usize = 10_000;
/// The most tag pairs one game holds.
pub const MAX_TAGS: usize = 64;
/// The longest tag name, in bytes.
pub const MAX_TAG_NAME: usize = 64;
/// The longest tag value, in bytes (after unescaping).
pub const MAX_TAG_VALUE: usize = 1024;
/// The longest token (a turn number, dice, micro-move or result), in bytes.
pub const MAX_TOKEN: usize = 32;

/// A game: its tags, start, turns and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotatedGame {
    /// The tag pairs in order, except `Result` and `Start` (the fields below).
    pub tags: Vec<(String, String)>,
    /// The position before the first turn, without dice (the `Start` tag; the standard start by
    /// default).
    pub start: Position,
    /// The turns in play order, from the side to move in `start`.
    pub turns: Vec<NotatedTurn>,
    /// The result; `None` for `*` (unfinished or unknown).
    pub result: Option<Outcome>,
}

impl NotatedGame {
    /// A game from the standard start with no tags, no turns and an unknown result.
    pub fn new() -> NotatedGame {
        NotatedGame { tags: Vec::new(), start: Position::initial(), turns: Vec::new(), result: None }
    }

    /// The value of the tag `name`, if any.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

impl Default for NotatedGame {
    fn default() -> Self {
        NotatedGame::new()
    }
}

/// One turn: the roll and the micro-moves in play order (none for a pass).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotatedTurn {
    pub dice: Dice,
    pub moves: Vec<Uci>,
}

/// A turn's number as written: `12.` for White, `12...` for Black (the full-move number of the
/// position the turn starts from).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnLabel {
    pub number: u32,
    pub color: Color,
}

impl fmt::Display for TurnLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.color == Color::White { "." } else { "..." };
        write!(f, "{}{dots}", self.number)
    }
}

/// Why a text or a game is not valid notation, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{}{kind}", Where(*line, *column), Turn(*turn))]
pub struct NotationError {
    /// The 1-based line of the offending token; 0 for the errors of [`write_game`].
    pub line: u32,
    /// The 1-based column (in characters) of the offending token; 0 for [`write_game`].
    pub column: u32,
    /// The turn concerned, if any.
    pub turn: Option<TurnLabel>,
    pub kind: NotationErrorKind,
}

struct Where(u32, u32);

impl fmt::Display for Where {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return Ok(());
        }
        write!(f, "line {}, column {}: ", self.0, self.1)
    }
}

struct Turn(Option<TurnLabel>);

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(label) => write!(f, "turn {label}: "),
            None => Ok(()),
        }
    }
}

/// What is wrong (see [`NotationError`] for where). Texts quoted from the input are cut to
/// [`MAX_TOKEN`] characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationErrorKind {
    #[error("the text is longer than {MAX_TEXT_BYTES} bytes")]
    TextTooLong,
    #[error("more than {MAX_GAMES} games")]
    TooManyGames,
    #[error("more than {MAX_TURNS} turns in a game")]
    TooManyTurns,
    #[error("more than {MAX_TAGS} tags in a game")]
    TooManyTags,
    #[error("a token longer than {MAX_TOKEN} bytes")]
    TokenTooLong,
    #[error("expected {expected}, found {found}")]
    Expected { expected: &'static str, found: String },
    #[error("unexpected character {0:?}")]
    UnexpectedChar(char),
    #[error("unterminated comment")]
    UnterminatedComment,
    #[error("unterminated tag")]
    UnterminatedTag,
    #[error("invalid tag name (a letter, then letters, digits or '_', at most {MAX_TAG_NAME} bytes)")]
    BadTagName,
    #[error("invalid tag value (no control characters, at most {MAX_TAG_VALUE} bytes)")]
    BadTagValue,
    #[error("duplicate tag {0:?}")]
    DuplicateTag(String),
    #[error("the tag {0:?} is a field of the game, not a tag pair")]
    ReservedTag(String),
    #[error("invalid Start: {0}")]
    BadStart(String),
    #[error("the Start position has dice (a DFEN without dice is expected)")]
    StartWithDice,
    #[error("the Result tag says {}, the result token {}", Outcome::text_of(*.tag), Outcome::text_of(*.token))]
    ResultConflict { tag: Option<Outcome>, token: Option<Outcome> },
    #[error("{} captured a king: the result must be {}", winner.name(), Outcome::Decisive { winner: *winner })]
    ResultNotCapturer { winner: Color },
    #[error("expected the turn number {expected}, found {found}")]
    WrongTurnNumber { expected: TurnLabel, found: String },
    #[error("invalid dice {0:?} (1-3 letters of PNBRQK, upper case for White, lower case for Black)")]
    BadDice(String),
    #[error("the dice {found:?} are {}'s but {} is to move", to_move.opponent().name(), to_move.name())]
    WrongSide { found: String, to_move: Color },
    #[error("the game is over (a king was captured): nothing may follow")]
    GameOver,
    #[error("a pass ('--') but the roll has a legal turn")]
    NotAPass,
    #[error("the roll has no legal turn: it is a pass ('--')")]
    MustPass,
    #[error("{san:?}: {why}")]
    San { san: String, why: SanError },
    #[error("{0} is not a legal micro-move here")]
    Illegal(Uci),
    #[error("the turn is incomplete: more micro-moves are due")]
    Incomplete,
    #[error("{0:?} after the turn is complete")]
    ExtraMove(String),
    #[error("the text ends without a result ('1-0', '0-1', '1/2-1/2' or '*')")]
    MissingResult,
}

/// A quoted piece of input, cut to [`MAX_TOKEN`] characters.
fn quote(text: &str) -> String {
    let mut out: String = text.chars().take(MAX_TOKEN).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}
