//! The result of a game and its one text (RULES.md §15, BOOK.md §8, docs/NOTATION.md): `1-0`,
//! `0-1`, `1/2-1/2`, and `*` where a record or a notated game may be unfinished.

use std::fmt;
use std::str::FromStr;

use super::types::Color;

/// How a finished game ended for the players: a winner, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` won (`1-0` for White, `0-1` for Black).
    Decisive { winner: Color },
    /// `1/2-1/2`.
    Draw,
}

/// The text of an unfinished or unknown game, where a record or a notated game allows one.
const UNFINISHED: &str = "*";

/// A text that is not a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a result: \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"")]
pub struct ParseOutcomeError;

impl Outcome {
    /// The win of `winner`, or a draw for `None`.
    #[inline]
    pub const fn from_winner(winner: Option<Color>) -> Outcome {
        match winner {
            Some(winner) => Outcome::Decisive { winner },
            None => Outcome::Draw,
        }
    }

    /// The winner; `None` for a draw.
    #[inline]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner } => Some(winner),
            Outcome::Draw => None,
        }
    }

    /// The result text: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Decisive { winner: Color::White } => "1-0",
            Outcome::Decisive { winner: Color::Black } => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The result text of a game that may be unfinished: `*` for `None`.
    #[inline]
    pub const fn text_of(outcome: Option<Outcome>) -> &'static str {
        match outcome {
            Some(o) => o.as_str(),
            None => UNFINISHED,
        }
    }

    /// The outcome of a result text that may be `*` (`Ok(None)`), exactly.
    pub fn parse_text(text: &str) -> Result<Option<Outcome>, ParseOutcomeError> {
        if text == UNFINISHED {
            return Ok(None);
        }
        text.parse().map(Some)
    }

    /// The score of `side`: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score_for(self, side: Color) -> f64 {
        match self.winner() {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    /// `1-0`, `0-1` or `1/2-1/2`, exactly.
    fn from_str(text: &str) -> Result<Outcome, ParseOutcomeError> {
        match text {
            "1-0" => Ok(Outcome::Decisive { winner: Color::White }),
            "0-1" => Ok(Outcome::Decisive { winner: Color::Black }),
            "1/2-1/2" => Ok(Outcome::Draw),
            _ => Err(ParseOutcomeError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_reads_back() {
        for o in [
            None,
            Some(Outcome::Draw),
            Some(Outcome::from_winner(Some(Color::White))),
            Some(Outcome::from_winner(Some(Color::Black))),
        ] {
            assert_eq!(Outcome::parse_text(Outcome::text_of(o)), Ok(o));
        }
        assert_eq!(Outcome::text_of(None), "*");
        assert_eq!("1-0".parse::<Outcome>().map(Outcome::winner), Ok(Some(Color::White)));
        assert_eq!("*".parse::<Outcome>(), Err(ParseOutcomeError));
        assert_eq!(Outcome::parse_text("1-0 "), Err(ParseOutcomeError));
    }

    #[test]
    fn scores() {
        assert_eq!(Outcome::Draw.score_for(Color::White), 0.5);
        assert_eq!(Outcome::Decisive { winner: Color::Black }.score_for(Color::Black), 1.0);
        assert_eq!(Outcome::Decisive { winner: Color::Black }.score_for(Color::White), 0.0);
    }
}
