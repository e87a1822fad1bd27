//! Round trips that lose nothing (issue 31): every game a `Game` holds is written to a game record
//! and to the notation and read back to the same game, whatever its names, id and length; the one
//! hard turn cap; ids kept as text exactly as given; non-finite ratings refused by every reader.
#![cfg(all(feature = "book", not(target_arch = "wasm32")))] // proptest is a native-only dev-dependency

use dicechess::notation::{parse_games, tag_text, write_game, MAX_TAG_VALUE, MAX_TURNS};
use dicechess::package::game_text::notation_records;
use dicechess::{Game, GameOptions, Outcome, Position, Role, Square, Termination};
use proptest::prelude::*;
use serde_json::Value;

const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

/// Plays `game` on until it ends or holds `turns` turns, each micro-move the first legal one, or
/// with `keep_apart` the one that takes the king farthest from the other (so that kings-only games
/// run to the turn cap).
fn play_on(game: &mut Game, turns: usize, keep_apart: bool) {
    while game.ending().is_none() && game.history().len() < turns {
        let moves = game.legal_moves();
        let theirs = game.position().pieces(game.turn().opponent(), Role::King).first();
        let apart = |a: Square, b: Square| a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()));
        let distance = |m: &&dicechess::Move| theirs.map_or(0, |k| apart(m.to, k));
        let pick = if keep_apart { moves.iter().max_by_key(distance) } else { moves.first() };
        let Some(m) = pick else { panic!("a rolled turn without a legal move: {}", game.position().to_dfen()) };
        assert!(game.play(m.uci()));
    }
}

/// The game written to the notation and read back, as a record.
fn through_notation(game: &Game) -> String {
    let text = write_game(&game.to_notated()).expect("every game a Game holds is written");
    let parsed = parse_games(&text).expect("and read back");
    Game::from_notated(&parsed[0], GameOptions::NONE).expect("as a game").to_record()
}

#[test]
fn a_game_without_a_turn_cap_ends_at_the_hard_cap_and_reads_back() {
    let options = GameOptions { halfmove_draw: false, turn_cap: None };
    let mut game = Game::seeded(Position::from_dfen(KINGS).unwrap(), 7, options);
    play_on(&mut game, usize::MAX, true);
    assert_eq!(game.history().len(), MAX_TURNS);
    let ending = game.ending().expect("over at the cap");
    assert_eq!((ending.outcome, ending.termination), (Outcome::Draw, Termination::TurnCap));
    // Neither a roll nor a move goes past it.
    assert!(!game.roll(Position::from_dfen("8/8/8/8/8/8/8/8 w - - 0 1 KKK").unwrap().dice()));
    let record = game.to_record();
    let read = Game::from_record(&record, options).expect("the record reads back");
    assert_eq!(read.to_record(), record);
    assert_eq!(through_notation(&game), record);
    // A larger cap is bounded by the same one.
    let capped = GameOptions { halfmove_draw: false, turn_cap: Some(u32::MAX) };
    assert_eq!(Game::from_record(&record, capped).map(|g| g.to_record()), Ok(record));
}

#[test]
fn a_record_over_the_cap_is_refused_before_its_turns_are_played() {
    let turns = vec![r#"{"dice":"p","moves":[]}"#; MAX_TURNS + 1].join(",");
    let err = Game::from_record(&format!(r#"{{"result":"*","turns":[{turns}]}}"#), GameOptions::NONE).unwrap_err();
    assert_eq!(err.to_string(), format!("not a game record: more than {MAX_TURNS} turns"));
}

#[test]
fn ids_are_text_exactly_as_given() {
    for id in ["1234567890123456789", "9007199254740993", "00123", "-0", "42", "1e3"] {
        let text = format!("[Id \"{id}\"]\n[Result \"*\"]\n\n*\n");
        let records: Value = serde_json::from_str(&notation_records(&text)).expect("records");
        assert_eq!(records[0]["id"], Value::String(id.into()), "{id}");
        let game = Game::from_notated(&parse_games(&text).unwrap()[0], GameOptions::NONE).unwrap();
        let record: Value = serde_json::from_str(&game.to_record()).unwrap();
        assert_eq!(record["id"], Value::String(id.into()), "{id}");
        assert_eq!(write_game(&game.to_notated()).unwrap(), text, "{id}");
    }
}

#[test]
fn a_non_finite_rating_is_refused_alike_by_every_reader() {
    let text = "[WhiteRating \"1e999\"]\n\n*\n";
    let why = "tag WhiteRating \"1e999\" is not a number";
    assert_eq!(notation_records(text), format!("E0 0 {why}"));
    let err = Game::from_notated(&parse_games(text).unwrap()[0], GameOptions::NONE).unwrap_err();
    assert_eq!(err.to_string(), format!("not a game record: {why}"));
}

#[test]
fn names_are_cut_on_characters_and_ids_the_notation_cannot_hold_are_refused() {
    let name = "\u{1F600}".repeat(300); // 1,200 bytes
    let record = format!(r#"{{"white":"{name}","black":"a\tb","result":"*","turns":[]}}"#);
    let game = Game::from_record(&record, GameOptions::NONE).unwrap();
    let written: Value = serde_json::from_str(&game.to_record()).unwrap();
    assert_eq!(written["white"], Value::String("\u{1F600}".repeat(MAX_TAG_VALUE / 4)));
    assert_eq!(written["black"], Value::String("a b".into()));
    assert_eq!(through_notation(&game), game.to_record());
    for (field, value) in
        [("id", "x".repeat(MAX_TAG_VALUE + 1)), ("id", "a\\nb".into()), ("termination", "\\u0001".into())]
    {
        let record = format!(r#"{{"{field}":"{value}","result":"*","turns":[]}}"#);
        let err = Game::from_record(&record, GameOptions::NONE).unwrap_err();
        let why = format!("'{field}' must be text of at most {MAX_TAG_VALUE} bytes without control characters");
        assert_eq!(err.to_string(), format!("not a game record: {why}"));
    }
}

/// A hostile text: any characters (controls, emoji, quotes, backslashes), often past the cap.
fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,40}",
        any::<String>(),
        (1usize..400, "[\\x00-\\x1f\"\\\\a\u{e9}\u{1F600}]").prop_map(|(n, s)| s.repeat(n)),
    ]
}

/// An id: digits (leading zeros, signs, past 2^53), or hostile text.
fn hostile_id() -> impl Strategy<Value = String> {
    prop_oneof!["-?0*[0-9]{1,25}", hostile_text()]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn records_and_notation_lose_nothing(
        seed in any::<u64>(),
        length in prop_oneof![0usize..40, 0usize..=MAX_TURNS],
        cap in prop::option::of(0u32..60),
        white in hostile_text(),
        black in hostile_text(),
        id in hostile_id(),
    ) {
        let options = GameOptions { halfmove_draw: true, turn_cap: cap };
        let mut game = Game::seeded(Position::initial(), seed, options);
        play_on(&mut game, length, false);
        let mut record: Value = serde_json::from_str(&game.to_record()).unwrap();
        record["id"] = Value::String(id.clone());
        record["white"] = Value::String(white.clone());
        record["black"] = Value::String(black.clone());
        let read = Game::from_record(&record.to_string(), options);
        if tag_text(&id) != id {
            prop_assert!(read.is_err(), "an id the notation cannot hold is refused");
            return Ok(());
        }
        let read = read.expect("every game a Game played reads back");
        let written = read.to_record();
        let value: Value = serde_json::from_str(&written).unwrap();
        prop_assert_eq!(&value["id"], &Value::String(id));
        prop_assert_eq!(&value["white"], &Value::String(tag_text(&white)));
        prop_assert_eq!(&value["black"], &Value::String(tag_text(&black)));
        prop_assert_eq!(&value["turns"], &record["turns"]);
        prop_assert_eq!(&value["result"], &record["result"]);
        // Both ways: the record again, and the notation.
        prop_assert_eq!(Game::from_record(&written, options).map(|g| g.to_record()), Ok(written.clone()));
        prop_assert_eq!(through_notation(&read), written);
    }
}
