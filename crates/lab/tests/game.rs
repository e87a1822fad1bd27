//! The Game object (issue 14): seeded dice as `selfplay` draws them, refused actions change
//! nothing, undo and redo always reach the state a replay of the history reaches, the host rules,
//! game records and the notation round trips.

mod common;

use common::cli::{ok, run};
use dicechess::notation::{parse_games, write_game};
use dicechess::{Color, Dice, Ending, Game, GameOptions, Move, Outcome, Position, Rng, Termination, Uci};

fn dfen(text: &str) -> Position {
    Position::from_dfen(text).unwrap()
}

fn dice(letters: &str) -> Dice {
    dfen(&format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {letters}")).dice()
}

fn uci(text: &str) -> Uci {
    text.parse().unwrap()
}

/// What a game is, for comparing two: the node, the roll, the moves, the history (dice, moves,
/// position after), the outcome.
type State = (String, Option<Dice>, Vec<Move>, Vec<(Dice, Vec<Move>, String)>, Option<Ending>);

fn state(g: &Game) -> State {
    let history = g.history().iter().map(|t| (t.dice, t.moves.clone(), t.after.to_dfen())).collect();
    (g.position().to_dfen(), g.roll_dice(), g.turn_moves().to_vec(), history, g.ending())
}

/// A fresh seeded game replaying `g`'s history and current moves.
fn replayed(g: &Game, seed: u64) -> Game {
    let mut fresh = Game::seeded(Position::initial(), seed, GameOptions::default());
    for t in g.history() {
        if !t.moves.is_empty() {
            let moves: Vec<Uci> = t.moves.iter().map(|m| m.uci()).collect();
            assert!(fresh.play_turn(&moves), "replaying {moves:?}");
        }
    }
    for m in g.turn_moves() {
        assert!(fresh.play(m.uci()));
    }
    if let Some(e) = g.ending() {
        match e.termination {
            Termination::Resignation => assert!(fresh.resign(e.outcome.winner().unwrap().opponent())),
            Termination::Agreement => assert!(fresh.agree_draw()),
            _ => {}
        }
    }
    fresh
}

#[test]
fn seeded_dice_are_those_of_selfplay() {
    let out = ok(run(&[
        "selfplay",
        "-o",
        "-",
        "--white",
        "random",
        "--black",
        "greedy",
        "--games",
        "1",
        "--seed",
        "77",
        "--move-time",
        "0",
        "--quiet",
    ]));
    let record: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let mut game = Game::seeded(Position::initial(), 77, GameOptions::default());
    let turns = record["turns"].as_array().unwrap();
    for (i, t) in turns.iter().enumerate() {
        let roll = game.roll_dice().expect("a rolled turn");
        assert_eq!(roll.to_field(game.turn()), t["dice"].as_str().unwrap(), "turn {}", i + 1);
        let moves: Vec<Uci> = t["moves"].as_array().unwrap().iter().map(|m| uci(m.as_str().unwrap())).collect();
        if moves.is_empty() {
            // A pass was played by itself: the history already holds it.
            continue;
        }
        assert!(game.play_turn(&moves), "turn {}: {moves:?}", i + 1);
    }
    assert_eq!(game.history().len(), turns.len());
    let result = record["result"].as_str().unwrap();
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.to_string(), result);
}

#[test]
fn refused_actions_change_nothing() {
    let mut game = Game::new(Position::initial(), GameOptions::default());
    let before = state(&game);
    assert!(!game.play(uci("e2e4")), "nothing rolled");
    assert!(!game.undo() && !game.redo() && !game.undo_turn() && !game.redo_turn());
    assert!(!game.roll(Dice::EMPTY));
    assert_eq!(state(&game), before);
    assert!(game.roll(dice("PNB")));
    let rolled = state(&game);
    for bad in ["e2e5", "e7e5", "d1d4", "a1a2"] {
        assert!(!game.play(uci(bad)), "{bad}");
    }
    assert!(!game.play_turn(&[uci("e2e4")]), "a whole turn spends every die it can");
    assert!(!game.play_turn(&[]));
    assert_eq!(state(&game), rolled);
    assert!(game.play(uci("e2e4")));
    assert!(!game.roll(dice("QQQ")), "a roll cannot change once played from");
    assert!(!game.play_turn(&[uci("g1f3")]), "a turn is played whole from its start");
    // Seeded dice cannot be rolled by hand.
    let mut seeded = Game::seeded(Position::initial(), 5, GameOptions::default());
    let s = state(&seeded);
    assert!(!seeded.roll(dice("PPP")));
    assert_eq!(state(&seeded), s);
}

#[test]
fn a_turn_completes_at_a_leaf_and_a_pass_by_itself() {
    let mut game = Game::new(Position::initial(), GameOptions::default());
    assert!(game.roll(dice("PNB")));
    // The bishop die is playable: after a pawn move a bishop can move.
    assert_eq!(game.playable_dice(), dice("PNB"));
    assert!(game.legal_moves().iter().any(|m| m.uci() == uci("g1f3")));
    assert!(game.play(uci("e2e4")) && game.play(uci("g1f3")));
    assert_eq!(game.dice_left(), dice("B"));
    assert!(game.play(uci("f1c4")));
    assert_eq!((game.history().len(), game.turn(), game.turn_number()), (1, Color::Black, 2));
    assert_eq!(game.roll_dice(), None, "the host rolls Black's dice");
    // Black's rooks, queen and king cannot move: a pass, played by itself.
    assert!(game.roll(dice("rqk")));
    assert_eq!(game.history().len(), 2);
    assert!(game.history()[1].moves.is_empty());
    assert_eq!(game.turn(), Color::White);
}

#[test]
fn the_game_ends_by_king_capture_resignation_or_agreement() {
    let mut game = Game::new(dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 RPP"), GameOptions::default());
    assert!(game.play(uci("a1a8")));
    assert_eq!(
        game.ending(),
        Some(Ending { outcome: Outcome::Decisive { winner: Color::White }, termination: Termination::KingCapture })
    );
    assert!(!game.resign(Color::White) && !game.agree_draw());
    assert!(game.undo(), "the capture can be taken back");
    assert_eq!(game.outcome(), None);
    assert!(game.resign(Color::Black));
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::White));
    assert!(!game.play(uci("a1a8")), "nothing is played once over");
    assert!(game.undo() && game.outcome().is_none(), "a resignation is undone first");
    assert!(game.agree_draw());
    assert_eq!(game.ending().unwrap(), Ending { outcome: Outcome::Draw, termination: Termination::Agreement });
}

#[test]
fn host_rules_draw_at_the_halfmove_clock_and_the_turn_cap() {
    // A quiet king move at half-move clock 99: the turn ends at 100.
    let start = "k7/8/8/8/8/8/8/7K w - - 99 80";
    let mut game = Game::new(dfen(start), GameOptions::default());
    assert!(game.roll(dice("KPP")) && game.play(uci("h1g1")));
    assert_eq!(game.ending(), Some(Ending { outcome: Outcome::Draw, termination: Termination::HalfmoveClock }));
    let off = GameOptions { halfmove_draw: false, ..GameOptions::default() };
    let mut game = Game::new(dfen(start), off);
    assert!(game.roll(dice("KPP")) && game.play(uci("h1g1")));
    assert_eq!(game.outcome(), None);
    // A cap of three turns.
    let capped = GameOptions { turn_cap: Some(3), ..GameOptions::default() };
    let mut game = Game::new(dfen("k7/8/8/8/8/8/8/7K w - - 0 1"), capped);
    for (d, m) in [("KPP", "h1g1"), ("kpp", "a8b8"), ("KPP", "g1h1")] {
        assert_eq!(game.outcome(), None);
        assert!(game.roll(dice(d)) && game.play(uci(m)), "{d} {m}");
    }
    assert_eq!(game.ending(), Some(Ending { outcome: Outcome::Draw, termination: Termination::TurnCap }));
}

/// Random plays, undos and redos (by micro-move and by turn) on seeded games: after every
/// action the game is the one a replay of its history from the start gives.
#[test]
fn undo_and_redo_reach_the_state_of_a_replay() {
    let games: usize = std::env::var("DICECHESS_GAME_UNDO_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
    let mut rng = Rng::from_seed(2026);
    for g in 0..games as u64 {
        let seed = 1000 + g;
        let mut game = Game::seeded(Position::initial(), seed, GameOptions::default());
        for _ in 0..300 {
            if game.outcome().is_some() && rng.index(4) == 0 {
                break;
            }
            let before = state(&game);
            let changed = match rng.index(10) {
                0..=4 => {
                    let moves = game.legal_moves();
                    !moves.is_empty() && game.play(moves[rng.index(moves.len())].uci())
                }
                5 | 6 => game.undo(),
                7 => game.redo(),
                8 => game.undo_turn(),
                _ => game.redo_turn(),
            };
            if !changed {
                assert_eq!(state(&game), before, "a refused action changed the game");
            }
            // can_undo and can_redo say what undo and redo would do.
            assert_eq!(game.can_undo(), game.clone().undo(), "can_undo, game {g}");
            assert_eq!(game.can_redo(), game.clone().redo(), "can_redo, game {g}");
            // The notation of every move is its SAN at its node.
            for t in game.history() {
                assert_eq!(t.san.len(), t.moves.len());
            }
            assert_eq!(state(&replayed(&game, seed)), state(&game), "game {g}");
        }
    }
}

#[test]
fn undo_then_redo_returns_exactly() {
    let mut game = Game::seeded(Position::initial(), 9, GameOptions::default());
    for _ in 0..40 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        assert!(game.play(moves[0].uci()));
    }
    let end = state(&game);
    let mut undone = 0;
    while game.undo() {
        undone += 1;
    }
    assert!(undone > 10);
    assert!(game.history().iter().all(|t| t.moves.is_empty()), "back to the start");
    for _ in 0..undone {
        assert!(game.redo());
    }
    assert!(!game.redo());
    assert_eq!(state(&game), end);
}

/// Self-play records of several bot pairs and starts, `DICECHESS_GAME_RECORDS` games per pair
/// (default 25; BENCHMARKS.md records a run of 10,000 in all).
fn selfplay_records() -> Vec<String> {
    let per_pair: usize = std::env::var("DICECHESS_GAME_RECORDS").ok().and_then(|v| v.parse().ok()).unwrap_or(25);
    let games = per_pair.to_string();
    let mut out = Vec::new();
    let starts = [None, Some("r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 4 8")];
    for (i, (white, black)) in
        [("random", "greedy"), ("greedy", "aggressive"), ("expectimax", "random")].iter().enumerate()
    {
        for start in starts {
            let seed = (100 + i).to_string();
            let mut args =
                vec!["selfplay", "-o", "-", "--white", white, "--black", black, "--games", &games, "--seed", &seed];
            args.extend(["--move-time", "0", "--swap", "--quiet"]);
            if let Some(s) = start {
                args.extend(["--start", s]);
            }
            out.extend(ok(run(&args)).lines().map(str::to_owned));
        }
    }
    out
}

#[test]
fn records_round_trip_byte_for_byte() {
    let records = selfplay_records();
    assert!(records.len() >= 150);
    for line in &records {
        let game = Game::from_record(line, GameOptions::default()).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(game.outcome().is_some(), "self-play games end: {line}");
        assert_eq!(&game.to_record(), line);
        // Through the notation too.
        let text = write_game(&game.to_notated()).unwrap();
        let parsed = parse_games(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
        assert_eq!(parsed.len(), 1);
        let back = Game::from_notated(&parsed[0], GameOptions::default()).unwrap_or_else(|e| panic!("{e}:\n{text}"));
        assert_eq!(&back.to_record(), line, "{text}");
    }
}

#[test]
fn a_record_with_a_resignation_or_an_agreement_ends_so() {
    let line = r#"{"id":7,"white":"ann","black":"bob","result":"0-1","termination":"resignation","turns":[{"dice":"PNB","moves":["e2e4","g1f3","f1c4"]}]}"#;
    let game = Game::from_record(line, GameOptions::default()).unwrap();
    assert_eq!(
        game.ending(),
        Some(Ending { outcome: Outcome::Decisive { winner: Color::Black }, termination: Termination::Resignation })
    );
    assert_eq!(game.to_record(), line);
    let draw = r#"{"result":"1/2-1/2","termination":"agreement","turns":[]}"#;
    let game = Game::from_record(draw, GameOptions::default()).unwrap();
    assert_eq!(game.ending().unwrap().termination, Termination::Agreement);
    assert_eq!(game.to_record(), draw);
    // Played on, the record says what happened since.
    let mut game = Game::from_record(r#"{"result":"*","turns":[]}"#, GameOptions::default()).unwrap();
    assert!(game.roll(dice("PNB")) && game.play_turn(&[uci("e2e4"), uci("g1f3"), uci("f1c4")]));
    assert!(game.resign(Color::Black));
    assert_eq!(
        game.to_record(),
        r#"{"result":"1-0","termination":"resignation","turns":[{"dice":"PNB","moves":["e2e4","g1f3","f1c4"]}]}"#
    );
}

#[test]
fn an_invalid_record_names_the_first_turn_that_fails() {
    let cases = [
        ("not json", "not a game record"),
        (r#"{"result":"1-0"}"#, "'turns' is missing"),
        (r#"{"result":"*","start":"8/8/8/8/8/8/8/8 w - - 0 1 PPP","turns":[]}"#, "start"),
        (r#"{"result":"*","turns":[{"dice":"PNB","moves":["e2e4"]}]}"#, "turn 1"),
        (
            r#"{"result":"*","turns":[{"dice":"PNB","moves":["e2e4","g1f3","f1c4"]},{"dice":"ppp","moves":["e7e6","e7e5"]}]}"#,
            "turn 2",
        ),
        (r#"{"result":"1-0","turns":[{"dice":"PNB","moves":[]}]}"#, "turn 1"),
    ];
    for (line, expected) in cases {
        let err = Game::from_record(line, GameOptions::default()).expect_err(line).to_string();
        assert!(err.contains(expected), "{line}: {err}");
    }
    // A king capture that the result contradicts.
    let capture =
        r#"{"result":"0-1","start":"k7/8/8/8/8/8/8/R3K3 w - - 0 1","turns":[{"dice":"RPP","moves":["a1a8"]}]}"#;
    let err = Game::from_record(capture, GameOptions::default()).unwrap_err();
    assert!(matches!(err, dicechess::record::RecordError::ResultMismatch { .. }), "{err}");
}

#[test]
fn the_history_holds_each_move_in_the_notation() {
    let mut game = Game::seeded(Position::initial(), 3, GameOptions::default());
    for _ in 0..60 {
        let moves = game.legal_moves();
        let Some(&m) = moves.last() else { break };
        let san = game.san_of(m).unwrap();
        assert!(game.play(m.uci()));
        // The move just played is the last of the turn, or of the last turn with moves (passes
        // may follow it).
        let last = game.turn_san().last().or_else(|| game.history().iter().rev().find_map(|t| t.san.last()));
        assert_eq!(last, Some(&san));
    }
    // The notation of the whole game, as the writer spells it, holds the same SAN.
    let text = write_game(&game.to_notated()).unwrap();
    for t in game.history() {
        for san in &t.san {
            assert!(text.contains(san.as_str()), "{san} in {text}");
        }
    }
}

#[test]
fn a_recorded_turn_that_fails_says_why_and_changes_nothing() {
    let mut game = Game::new(Position::initial(), GameOptions::default());
    assert!(game.play_recorded(dice("PNB"), &[uci("e2e4"), uci("g1f3"), uci("f1c4")]).is_ok());
    let before = state(&game);
    let cases: [(&str, Vec<Uci>, &str); 5] = [
        ("ppp", vec![], "a pass, but a turn is legal"),
        ("ppp", vec![uci("e7e5"), uci("e7e6")], "'e7e6' cannot be played after 'e7e5'; legal here:"),
        ("ppp", vec![uci("e7e5")], "incomplete: after 'e7e5' the turn must continue"),
        ("ppp", vec![uci("a7a6"), uci("b7b6"), uci("c7c6"), uci("d7d6")], "4 moves; a turn has 1 to 3"),
        ("kkk", vec![uci("e8e7")], "moves for a roll with no legal turn"),
    ];
    for (roll, moves, why) in cases {
        let err = game.play_recorded(dice(roll), &moves).unwrap_err();
        assert!(err.starts_with("turn 2 (black, dice ") && err.contains(why), "{err}");
        assert_eq!(state(&game), before, "{err}");
    }
    // A pass that is one, then the stated ending.
    assert!(game.play_recorded(dice("kkk"), &[]).is_ok());
    assert_eq!(game.end_as_recorded(Some(Outcome::Decisive { winner: Color::White }), Some("resignation")), Ok(()));
    assert_eq!(game.ending().unwrap().termination, Termination::Resignation);
    let err = game.play_recorded(dice("PNB"), &[uci("d2d4")]).unwrap_err();
    assert!(err.contains("follows the end of the game"), "{err}");
}

/// The package's Game functions (src/package/game_text.rs) over the table of games by handle.
#[test]
fn the_package_game_table() {
    use dicechess::package::game_text as game;
    let h = game::create(None, Some(7), GameOptions::default());
    assert!(h > 0);
    let state = game::state(h).unwrap();
    let fields: Vec<&str> = state.split('\n').collect();
    assert_eq!(fields.len(), 16, "{state}");
    let reference = Game::seeded(Position::initial(), 7, GameOptions::default());
    assert_eq!(fields[0], reference.position().to_dfen());
    let legal: Vec<String> = reference.legal_moves().iter().map(|m| m.uci().to_string()).collect();
    assert_eq!(fields[7], legal.join(" "));
    assert_eq!(fields[15], "1", "the standard start");
    // Play the first legal move of each node until a turn completes: the history line has it.
    while game::history(h).unwrap().is_empty() {
        let state = game::state(h).unwrap();
        let first = state.split('\n').nth(7).unwrap().split(' ').next().unwrap().to_owned();
        assert!(game::play(h, &first), "{state}");
    }
    let line = game::history(h).unwrap();
    assert_eq!(line.trim_end().split('\t').count(), 7, "{line}");
    assert!(!game::play(h, "zz"));
    assert!(!game::play(0, "e2e4") && game::state(0).is_none() && game::tree(999_999) == "{}");
    // The notation of the game reads back as its record.
    let text = game::notation(h, "white\tAnn\nwhiteRating\t1500.5").unwrap();
    assert!(text.contains("[White \"Ann\"]") && text.contains("[WhiteRating \"1500.5\"]"), "{text}");
    let records = game::notation_records(&text);
    assert!(records.starts_with(r#"[{"white":"Ann","whiteRating":1500.5,"result":"*","turns":[{"dice":"#), "{records}");
    let bad = game::notation_records("1. PPN e4 e5");
    assert!(bad.starts_with("E1 "), "{bad}");
    assert!(game::notation(h, "colour\tred").is_none(), "a field the notation does not carry");
    game::free(h);
    assert!(game::state(h).is_none() && !game::play(h, "e2e4"));
    game::free(h); // twice: nothing
    assert!(game::create(Some("not a dfen"), None, GameOptions::default()) == 0);
}
