//! Game texts (NOTATION.md §3–§5): the reader, which replays every turn against the rules, and the
//! writer, which checks the game the same way.

use super::san::{read_ok, resolve, san_of_child};
use super::{
    quote, NotatedGame, NotatedTurn, NotationError, NotationErrorKind as E, TurnLabel, MAX_GAMES, MAX_TAGS,
    MAX_TAG_NAME, MAX_TAG_VALUE, MAX_TEXT_BYTES, MAX_TOKEN, MAX_TURNS,
};
use crate::rules::{Judge, Legality};
use crate::{Color, Dice, Outcome, Position, Role, Step};

/// The width movetext lines are wrapped at.
const WIDTH: usize = 80;

// ---------------------------------------------------------------------------------------------
// Replaying

/// A game being replayed: the position between turns and who captured a king, if one did.
struct Replay {
    pos: Position,
    winner: Option<Color>,
}

impl Replay {
    fn new(start: Position) -> Replay {
        Replay { pos: start, winner: None }
    }

    fn label(&self) -> TurnLabel {
        TurnLabel { number: self.pos.fullmove_number(), color: self.pos.turn() }
    }

    /// The roll of the next turn: `Err(GameOver)` once a king is gone.
    /// The roll is judged without its tree: a turn costs its moves' nodes.
    fn roll(&self, dice: Dice) -> Result<(Position, Option<(Legality, Step)>), E> {
        if self.pos.is_finished() {
            return Err(E::GameOver);
        }
        let mut pos = self.pos;
        pos.set_dice(dice);
        Ok((pos, Legality::of_position(&pos).map(|rule| (rule, rule.root_step()))))
    }

    /// Ends the turn that reached `node` (the roll position itself for a pass).
    fn finish(&mut self, node: Option<&Step>) {
        match node {
            Some(step) if step.captures_king => {
                self.winner = Some(self.pos.turn());
                self.pos = step.position;
            }
            Some(step) => {
                self.pos = step.position;
                self.pos.end_turn();
            }
            None => self.pos.end_turn(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Writing

/// Writes one game (NOTATION.md §6: the canonical form), checking it against the rules. Errors
/// have line and column 0.
pub fn write_game(game: &NotatedGame) -> Result<String, NotationError> {
    let fail = |turn, kind| NotationError { line: 0, column: 0, turn, kind };
    let mut out = String::new();
    if game.tags.len() > MAX_TAGS {
        return Err(fail(None, E::TooManyTags));
    }
    for (i, (name, value)) in game.tags.iter().enumerate() {
        if !is_tag_name(name) {
            return Err(fail(None, E::BadTagName));
        }
        if matches!(name.as_str(), "Result" | "Start") {
            return Err(fail(None, E::ReservedTag(quote(name))));
        }
        if game.tags[..i].iter().any(|(n, _)| n == name) {
            return Err(fail(None, E::DuplicateTag(quote(name))));
        }
        if value.len() > MAX_TAG_VALUE || value.chars().any(char::is_control) {
            return Err(fail(None, E::BadTagValue));
        }
        push_tag(&mut out, name, value);
    }
    push_tag(&mut out, "Result", Outcome::text_of(game.result));
    if !game.start.dice().is_empty() {
        return Err(fail(None, E::StartWithDice));
    }
    if game.start != Position::initial() {
        push_tag(&mut out, "Start", &game.start.to_dfen());
    }
    out.push('\n');
    if game.turns.len() > MAX_TURNS {
        return Err(fail(None, E::TooManyTurns));
    }
    let mut replay = Replay::new(game.start);
    let mut units = Vec::with_capacity(game.turns.len() + 1);
    for turn in &game.turns {
        let label = replay.label();
        let unit = write_turn(&mut replay, turn).map_err(|kind| fail(Some(label), kind))?;
        units.push(unit);
    }
    if let Some(winner) = replay.winner {
        if game.result != Some(Outcome::Decisive { winner }) {
            return Err(fail(None, E::ResultNotCapturer { winner }));
        }
    }
    units.push(Outcome::text_of(game.result).to_owned());
    let mut width = 0;
    for unit in units {
        if width > 0 && width + 1 + unit.len() > WIDTH {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += unit.len();
        out.push_str(&unit);
    }
    out.push('\n');
    Ok(out)
}

/// Writes games separated by blank lines.
pub fn write_games(games: &[NotatedGame]) -> Result<String, NotationError> {
    let texts = games.iter().map(write_game).collect::<Result<Vec<_>, _>>()?;
    Ok(texts.join("\n"))
}

/// One turn: its number, dice and micro-moves (`--` for a pass).
fn write_turn(replay: &mut Replay, turn: &NotatedTurn) -> Result<String, E> {
    let label = replay.label();
    if turn.dice.is_empty() {
        return Err(E::BadDice(String::new()));
    }
    let (pos, tree) = replay.roll(turn.dice)?;
    let mut out = format!("{label} {}", turn.dice.to_field(pos.turn()));
    let Some((rule, mut node)) = tree else {
        if !turn.moves.is_empty() {
            return Err(E::MustPass);
        }
        out.push_str(" --");
        replay.finish(None);
        return Ok(out);
    };
    if turn.moves.is_empty() {
        return Err(E::NotAPass);
    }
    for &uci in &turn.moves {
        if node.is_leaf {
            return Err(E::ExtraMove(uci.to_string()));
        }
        let Some(child) = rule.find_child(&node, &mut |m| uci.matches(m)) else { return Err(E::Illegal(uci)) };
        out.push(' ');
        out.push_str(&san_of_child(&rule, &node, &child));
        node = child;
    }
    if !node.is_leaf {
        return Err(E::Incomplete);
    }
    replay.finish(Some(&node));
    Ok(out)
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// A letter, then letters, digits or `_`, at most [`MAX_TAG_NAME`] bytes.
fn is_tag_name(name: &str) -> bool {
    name.len() <= MAX_TAG_NAME
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

// ---------------------------------------------------------------------------------------------
// Reading

/// Reads every game of `text` (NOTATION.md §3), replaying each against the rules. The first error
/// stops the reading.
pub fn parse_games(text: &str) -> Result<Vec<NotatedGame>, NotationError> {
    let mut cur = Cursor::new(text);
    if text.len() > MAX_TEXT_BYTES {
        return Err(cur.error(E::TextTooLong));
    }
    if cur.peek() == Some('\u{feff}') {
        cur.bump();
    }
    let mut games = Vec::new();
    loop {
        cur.skip_trivia()?;
        if cur.peek().is_none() {
            return Ok(games);
        }
        if games.len() == MAX_GAMES {
            return Err(cur.error(E::TooManyGames));
        }
        games.push(parse_game(&mut cur)?);
    }
}

/// A position in the text.
#[derive(Clone, Copy)]
struct At {
    line: u32,
    column: u32,
}

impl At {
    fn error(self, turn: Option<TurnLabel>, kind: E) -> NotationError {
        NotationError { line: self.line, column: self.column, turn, kind }
    }
}

/// A token of movetext, classified.
#[derive(Clone, Copy)]
enum Word<'a> {
    /// `12.` (1 dot, White) or `12...` (3 dots, Black), the number kept as text.
    Number(&'a str, Color),
    Dice(&'a str),
    Pass,
    /// A result token; `None` for `*`.
    Result(Option<Outcome>),
    /// Anything else: a micro-move or garbage.
    Other(&'a str),
}

enum Token<'a> {
    End,
    /// A `[` (not consumed).
    Tag,
    Word(Word<'a>),
}

struct Cursor<'a> {
    text: &'a str,
    at: usize,
    line: u32,
    column: u32,
}

/// Characters that end a word.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | ';' | '[' | ']' | '(' | ')' | '"')
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor { text, at: 0, line: 1, column: 1 }
    }

    fn here(&self) -> At {
        At { line: self.line, column: self.column }
    }

    fn error(&self, kind: E) -> NotationError {
        self.here().error(None, kind)
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.at..).and_then(|s| s.chars().next())
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            (self.line, self.column) = (self.line.saturating_add(1), 1);
        } else {
            self.column = self.column.saturating_add(1);
        }
        Some(c)
    }

    /// Skips white space, `{comments}` and `; comments`.
    fn skip_trivia(&mut self) -> Result<(), NotationError> {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == '{' {
                let open = self.here();
                self.bump();
                loop {
                    match self.bump() {
                        None => return Err(open.error(None, E::UnterminatedComment)),
                        Some('}') => break,
                        Some(_) => {}
                    }
                }
            } else if c == ';' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else {
                break;
            }
        }
        Ok(())
    }

    /// The next token after trivia, and where it starts.
    fn token(&mut self) -> Result<(At, Token<'a>), NotationError> {
        self.skip_trivia()?;
        let at = self.here();
        let Some(c) = self.peek() else { return Ok((at, Token::End)) };
        if c == '[' {
            return Ok((at, Token::Tag));
        }
        if is_delimiter(c) {
            return Err(at.error(None, E::UnexpectedChar(c)));
        }
        let start = self.at;
        if c.is_ascii_digit() {
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.bump();
            }
            if self.peek() == Some('.') {
                let digits = &self.text[start..self.at];
                let mut dots = 0;
                while self.peek() == Some('.') {
                    self.bump();
                    dots += 1;
                }
                let color = match dots {
                    1 => Color::White,
                    3 => Color::Black,
                    _ => {
                        let found = quote(self.text.get(start..self.at).unwrap_or(""));
                        return Err(at.error(None, E::Expected { expected: "a turn number ('12.' or '12...')", found }));
                    }
                };
                if digits.len() > MAX_TOKEN {
                    return Err(at.error(None, E::TokenTooLong));
                }
                return Ok((at, Token::Word(Word::Number(digits, color))));
            }
        }
        while self.peek().is_some_and(|c| !is_delimiter(c)) {
            self.bump();
            if self.at - start > MAX_TOKEN {
                return Err(at.error(None, E::TokenTooLong));
            }
        }
        let word = &self.text[start..self.at];
        let word = if let Ok(result) = Outcome::parse_text(word) {
            Word::Result(result)
        } else if word == "--" {
            Word::Pass
        } else if word.chars().all(|c| matches!(c.to_ascii_uppercase(), 'P' | 'N' | 'B' | 'R' | 'Q' | 'K')) {
            Word::Dice(word)
        } else {
            Word::Other(word)
        };
        Ok((at, Token::Word(word)))
    }

    /// A tag pair `[Name "value"]`, the cursor on its `[`.
    fn tag(&mut self) -> Result<(String, String), NotationError> {
        let open = self.here();
        self.bump();
        self.skip_blanks();
        let name_at = self.here();
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            self.bump();
            if self.at - start > MAX_TAG_NAME {
                return Err(name_at.error(None, E::BadTagName));
            }
        }
        let name = &self.text[start..self.at];
        if !is_tag_name(name) {
            return Err(name_at.error(None, E::BadTagName));
        }
        self.skip_blanks();
        if self.peek() != Some('"') {
            return Err(self.expected("a quoted tag value"));
        }
        let value_at = self.here();
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => return Err(open.error(None, E::UnterminatedTag)),
                Some('"') => break,
                Some('\\') if matches!(self.peek(), Some('"' | '\\')) => value.extend(self.bump()),
                Some(c) if c.is_control() => return Err(value_at.error(None, E::BadTagValue)),
                Some(c) => value.push(c),
            }
            if value.len() > MAX_TAG_VALUE {
                return Err(value_at.error(None, E::BadTagValue));
            }
        }
        self.skip_blanks();
        match self.peek() {
            Some(']') => {
                self.bump();
                Ok((name.to_owned(), value))
            }
            None | Some('\n') => Err(open.error(None, E::UnterminatedTag)),
            Some(_) => Err(self.expected("']'")),
        }
    }

    /// Skips spaces and tabs (inside a tag).
    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    fn expected(&self, expected: &'static str) -> NotationError {
        let rest = self.text.get(self.at..).unwrap_or("");
        let found = rest.split(char::is_whitespace).next().filter(|s| !s.is_empty());
        self.error(E::Expected { expected, found: found.map_or_else(|| "the end".to_owned(), quote) })
    }
}

fn describe(token: &Token<'_>) -> String {
    match token {
        Token::End => "the end of the text".to_owned(),
        Token::Tag => "a tag".to_owned(),
        Token::Word(Word::Number(n, Color::White)) => quote(&format!("{n}.")),
        Token::Word(Word::Number(n, Color::Black)) => quote(&format!("{n}...")),
        Token::Word(Word::Dice(w) | Word::Other(w)) => quote(w),
        Token::Word(Word::Pass) => "--".to_owned(),
        Token::Word(Word::Result(r)) => Outcome::text_of(*r).to_owned(),
    }
}

/// One game: tags, then movetext up to its result.
fn parse_game(cur: &mut Cursor<'_>) -> Result<NotatedGame, NotationError> {
    let mut game = NotatedGame::new();
    let (mut result_tag, mut start_tag) = (None, false);
    loop {
        cur.skip_trivia()?;
        if cur.peek() != Some('[') {
            break;
        }
        let at = cur.here();
        let (name, value) = cur.tag()?;
        let duplicate = match name.as_str() {
            "Result" => result_tag.is_some(),
            "Start" => start_tag,
            _ => game.tags.iter().any(|(n, _)| *n == name),
        };
        if duplicate {
            return Err(at.error(None, E::DuplicateTag(quote(&name))));
        }
        match name.as_str() {
            "Result" => {
                let r = Outcome::parse_text(&value).ok();
                let found = || quote(&value);
                result_tag =
                    Some(r.ok_or_else(|| at.error(None, E::Expected { expected: "a result", found: found() }))?);
            }
            "Start" => {
                let start = Position::from_dfen(&value).map_err(|e| at.error(None, E::BadStart(e.to_string())))?;
                if !start.dice().is_empty() {
                    return Err(at.error(None, E::StartWithDice));
                }
                (game.start, start_tag) = (start, true);
            }
            _ => {
                if game.tags.len() == MAX_TAGS {
                    return Err(at.error(None, E::TooManyTags));
                }
                game.tags.push((name, value));
            }
        }
    }
    let mut replay = Replay::new(game.start);
    // Whether the last token ended a turn (for the error on a move after it).
    let mut after_turn = false;
    loop {
        let label = replay.label();
        let (at, token) = cur.token()?;
        let word = match token {
            Token::Word(Word::Result(result)) => {
                if let Some(tag) = result_tag.filter(|&t| t != result) {
                    return Err(at.error(None, E::ResultConflict { tag, token: result }));
                }
                if let Some(winner) = replay.winner.filter(|&w| result != Some(Outcome::Decisive { winner: w })) {
                    return Err(at.error(None, E::ResultNotCapturer { winner }));
                }
                game.result = result;
                return Ok(game);
            }
            Token::End | Token::Tag => return Err(at.error(None, E::MissingResult)),
            Token::Word(word) => word,
        };
        if replay.pos.is_finished() {
            return Err(at.error(None, E::GameOver));
        }
        let (dice_at, dice) = match word {
            Word::Number(number, color) => {
                if number.parse::<u32>().ok() != Some(label.number) || color != label.color {
                    let found = describe(&token);
                    return Err(at.error(Some(label), E::WrongTurnNumber { expected: label, found }));
                }
                match cur.token()? {
                    (dice_at, Token::Word(Word::Dice(dice))) => (dice_at, dice),
                    (next_at, next) => {
                        let found = describe(&next);
                        return Err(next_at.error(Some(label), E::Expected { expected: "the dice", found }));
                    }
                }
            }
            Word::Dice(dice) => (at, dice),
            Word::Other(text) if after_turn && read_ok(text) => {
                return Err(at.error(None, E::ExtraMove(quote(text))));
            }
            _ => {
                let found = describe(&token);
                return Err(
                    at.error(Some(label), E::Expected { expected: "a turn (number or dice) or a result", found })
                );
            }
        };
        if game.turns.len() == MAX_TURNS {
            return Err(dice_at.error(Some(label), E::TooManyTurns));
        }
        let turn = parse_turn(cur, &mut replay, dice_at, dice).map_err(|mut e| {
            e.turn = Some(label);
            e
        })?;
        game.turns.push(turn);
        after_turn = true;
    }
}

/// The dice of `word` for `to_move`: 1–3 letters of one case, the mover's.
fn parse_dice(word: &str, to_move: Color) -> Result<Dice, E> {
    let bad = || E::BadDice(quote(word));
    let upper = word.chars().all(|c| c.is_ascii_uppercase());
    if !upper && !word.chars().all(|c| c.is_ascii_lowercase()) {
        return Err(bad());
    }
    if !(1..=3).contains(&word.len()) {
        return Err(bad());
    }
    let dice = word.chars().try_fold(Dice::EMPTY, |d, c| d.with(Role::from_char(c)?)).ok_or_else(bad)?;
    let color = if upper { Color::White } else { Color::Black };
    if color != to_move {
        return Err(E::WrongSide { found: quote(word), to_move });
    }
    Ok(dice)
}

/// A turn's micro-moves after its dice, replayed.
fn parse_turn(
    cur: &mut Cursor<'_>,
    replay: &mut Replay,
    dice_at: At,
    word: &str,
) -> Result<NotatedTurn, NotationError> {
    let dice = parse_dice(word, replay.pos.turn()).map_err(|e| dice_at.error(None, e))?;
    let (_, tree) = replay.roll(dice).map_err(|e| dice_at.error(None, e))?;
    let mut moves = Vec::new();
    let Some((rule, mut node)) = tree else {
        return match cur.token()? {
            (_, Token::Word(Word::Pass)) => {
                replay.finish(None);
                Ok(NotatedTurn { dice, moves })
            }
            (at, Token::Word(Word::Other(text))) if read_ok(text) => Err(at.error(None, E::MustPass)),
            (at, next) => {
                Err(at
                    .error(None, E::Expected { expected: "'--' (the roll has no legal turn)", found: describe(&next) }))
            }
        };
    };
    while !node.is_leaf {
        match cur.token()? {
            (at, Token::Word(Word::Other(text))) => {
                let step =
                    resolve(&rule, &node, text).map_err(|why| at.error(None, E::San { san: quote(text), why }))?;
                moves.push(step.mv.uci());
                node = step;
            }
            (at, Token::Word(Word::Pass)) if moves.is_empty() => return Err(at.error(None, E::NotAPass)),
            (at, _) => return Err(at.error(None, E::Incomplete)),
        }
    }
    replay.finish(Some(&node));
    Ok(NotatedTurn { dice, moves })
}
