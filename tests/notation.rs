//! The game notation (docs/NOTATION.md): round trips of seeded self-play games, every micro-move of
//! random rolls at every node of their turn trees, the documented examples, precise errors and
//! hostile inputs. `DICECHESS_NOTATION_GAMES=10000` runs the game round trip on more games.
#![cfg(feature = "search")]

use dicechess::{choose_turn, Outcome, Position, Registry, Rng, Role, Roll, Step, Turns};

use dicechess::notation::{
    parse_games, parse_san, to_san, write_game, write_games, NotatedGame, NotatedTurn, NotationError,
    NotationErrorKind as E, SanError, MAX_TEXT_BYTES,
};

/// Plays game `seed` between two built-in bots from the standard start, at most `cap` turns.
fn self_play(registry: &Registry, white: &str, black: &str, seed: u64, cap: usize) -> NotatedGame {
    let bots = [registry.get(white).expect("a built-in bot"), registry.get(black).expect("a built-in bot")];
    let (mut dice, mut rng) = (Rng::from_seed(seed), Rng::from_seed(seed ^ 0x9e37_79b9));
    let mut game = NotatedGame::new();
    game.tags = vec![
        ("White".into(), white.into()),
        ("Black".into(), black.into()),
        ("Seed".into(), seed.to_string()),
        ("Id".into(), format!("g-{seed:05}")),
    ];
    let mut pos = Position::initial();
    for _ in 0..cap {
        pos.set_dice(dice.three_dice());
        let Ok(roll) = Roll::new(&pos) else { break };
        let mover = pos.turn();
        let choice = choose_turn(bots[mover.index()].as_ref(), roll, &mut rng, None);
        game.turns.push(NotatedTurn { dice: pos.dice(), moves: choice.moves.iter().map(|m| m.uci()).collect() });
        if pos.play_turn(&choice.moves) {
            game.result = Some(Outcome::Decisive { winner: mover });
            game.tags.push(("Termination".into(), "king-capture".into()));
            return game;
        }
    }
    game.tags.push(("Termination".into(), "turn-cap".into()));
    game.result = if seed % 2 == 0 { Some(Outcome::Draw) } else { None };
    game
}

fn games_to_check() -> u64 {
    std::env::var("DICECHESS_NOTATION_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
}

#[test]
fn self_play_games_round_trip() {
    let registry = Registry::new();
    let pairs = [("greedy", "random"), ("random", "greedy"), ("random", "random"), ("greedy", "greedy")];
    for seed in 0..games_to_check() {
        let (white, black) = pairs[seed as usize % pairs.len()];
        let game = self_play(&registry, white, black, seed, 400);
        let text = write_game(&game).unwrap_or_else(|e| panic!("game {seed} does not write: {e}"));
        let parsed = parse_games(&text).unwrap_or_else(|e| panic!("game {seed} does not read back: {e}\n{text}"));
        assert_eq!(parsed, std::slice::from_ref(&game), "game {seed} changed:\n{text}");
        assert_eq!(write_game(&parsed[0]).as_ref(), Ok(&text), "game {seed} writes differently");
        assert!(text.lines().all(|l| l.chars().count() <= 80 || !l.contains(' ')), "a line too long:\n{text}");
    }
}

#[test]
fn several_games_per_text() {
    let registry = Registry::new();
    let games: Vec<_> = (0..6).map(|seed| self_play(&registry, "greedy", "random", 1000 + seed, 40)).collect();
    let text = write_games(&games).expect("valid games");
    assert_eq!(parse_games(&text), Ok(games.clone()));
    // Without blank lines, with comments between and CRLF line ends.
    let squeezed = games
        .iter()
        .map(|g| write_game(g).expect("valid").replace("\n\n", "\n").replace('\n', "\r\n"))
        .collect::<Vec<_>>()
        .join("{ next game }\r\n; a line comment\r\n");
    assert_eq!(parse_games(&squeezed), Ok(games));
}

/// Plays `turn` from `pos` (no dice): `true` when it captures a king.
fn replay_turn(pos: &mut Position, turn: &NotatedTurn) -> bool {
    pos.set_dice(turn.dice);
    for &uci in &turn.moves {
        let m = pos.find_move(uci).expect("a move of the turn");
        let captures_king = pos.is_king_capture(m);
        pos.play_unchecked(m);
        if captures_king {
            return true;
        }
    }
    pos.end_turn();
    false
}

/// Checks every node below `node`: each child's SAN reads back as that child.
fn check_subtree(turns: &Turns, node: &Step, checked: &mut usize) {
    if node.is_leaf {
        return;
    }
    for child in turns.children(&node.position, node.spent) {
        let san = to_san(turns, node, child.mv).expect("a child has a SAN");
        let back = parse_san(turns, node, &san).unwrap_or_else(|e| {
            panic!("{san:?} ({}) does not read back at {}: {e}", child.mv, node.position.to_dfen())
        });
        assert_eq!(back.mv, child.mv, "{san:?} at {}", node.position.to_dfen());
        assert_eq!(san.ends_with('#'), child.captures_king, "{san:?}");
        // Lenient forms name the same move.
        let uci = child.mv.uci();
        if !san.starts_with('O') {
            let letter = if child.mv.role == Role::Pawn { String::new() } else { san[..1].to_owned() };
            let promotion = uci.promotion.map(|p| format!("={}", p.char().to_ascii_uppercase())).unwrap_or_default();
            let long = format!("{letter}{}{}{promotion}", uci.from, uci.to);
            assert_eq!(parse_san(turns, node, &format!("{long}+!")).map(|s| s.mv), Ok(child.mv), "{long:?}");
            assert_eq!(parse_san(turns, node, &san.replace('x', "")).map(|s| s.mv), Ok(child.mv), "{san:?}");
        } else {
            assert_eq!(parse_san(turns, node, &san.replace('O', "0")).map(|s| s.mv), Ok(child.mv), "{san:?}");
        }
        *checked += 1;
        check_subtree(turns, &child, checked);
    }
}

#[test]
fn every_micro_move_of_random_rolls_reads_back_in_its_node() {
    let registry = Registry::new();
    let mut dice = Rng::from_seed(77);
    let (mut rolls, mut checked) = (0, 0);
    for seed in 0..80 {
        let game = self_play(&registry, "random", "greedy", 5000 + seed, 60);
        let mut pos = game.start;
        for turn in &game.turns {
            // The position of the game with a random roll, and with the game's own roll.
            for roll in [dice.three_dice(), turn.dice] {
                let mut rolled = pos;
                rolled.set_dice(roll);
                if let Some(turns) = Turns::of_position(&rolled) {
                    let root = turns.follow(&[]).expect("the root");
                    check_subtree(&turns, &root, &mut checked);
                    rolls += 1;
                }
            }
            if replay_turn(&mut pos, turn) {
                break;
            }
        }
    }
    // Issue 14: every legal micro-move of at least 2,000 random rolls.
    assert!(rolls >= 2_000 && checked > 100_000, "{rolls} rolls, {checked} micro-moves");
}

#[test]
fn ambiguity_and_disambiguation() {
    let pos = Position::from_dfen("4k3/8/8/8/Q6Q/8/8/K6Q w - - 0 1 QQQ").expect("valid");
    let turns = Turns::of_position(&pos).expect("not a pass");
    let root = turns.follow(&[]).expect("the root");
    let uci = |t: &str| parse_san(&turns, &root, t).map(|s| s.mv.uci().to_string());
    assert_eq!(uci("Qae4"), Ok("a4e4".into()));
    assert_eq!(uci("Q1e4"), Ok("h1e4".into()));
    assert_eq!(uci("Qh4e4"), Ok("h4e4".into()));
    assert_eq!(uci("Qh4-e4"), Err(SanError::Syntax));
    let Err(SanError::Ambiguous(candidates)) = uci("Qhe4") else { panic!("Qhe4 is ambiguous") };
    assert_eq!(candidates.iter().map(|u| u.to_string()).collect::<Vec<_>>(), ["h1e4", "h4e4"]);
    assert!(matches!(uci("Qe4"), Err(SanError::Ambiguous(c)) if c.len() == 3));
    assert_eq!(uci("Qe5"), Err(SanError::NoMatch));
    assert_eq!(uci("qe4"), Err(SanError::Syntax));
}

/// The ` ```dcn ` blocks of docs/NOTATION.md.
fn doc_examples() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/NOTATION.md");
    let doc = std::fs::read_to_string(&path).expect("docs/NOTATION.md");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```dcn") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), l) => {
                block.push_str(l);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn the_documented_examples_read_and_replay() {
    let blocks = doc_examples();
    assert!(blocks.len() >= 2, "the dcn examples of docs/NOTATION.md");
    let complete = parse_games(&blocks[0]).unwrap_or_else(|e| panic!("the complete game: {e}"));
    let [game] = &complete[..] else { panic!("one game") };
    assert_eq!(game.result, Some(Outcome::Decisive { winner: dicechess::Color::White }));
    assert_eq!(game.tag("Termination"), Some("king-capture"));
    assert_eq!(game.turns.len(), 5);
    assert!(game.turns[1].moves.is_empty(), "Black passes");
    // Replayed by hand: the last move captures the king.
    let mut pos = game.start;
    for (i, turn) in game.turns.iter().enumerate() {
        assert_eq!(replay_turn(&mut pos, turn), i == 4);
    }
    // It is written in the canonical form (tags in order, Result last, wrapped before 80 columns).
    assert_eq!(write_game(game).as_ref(), Ok(&blocks[0]));
    for block in &blocks[1..] {
        parse_games(block).unwrap_or_else(|e| panic!("{e}\n{block}"));
    }
}

fn error(text: &str) -> NotationError {
    match parse_games(text) {
        Ok(games) => panic!("{text:?} reads as {games:?}"),
        Err(e) => e,
    }
}

fn at(text: &str) -> (u32, u32, E) {
    let e = error(text);
    (e.line, e.column, e.kind)
}

#[test]
fn errors_name_the_place_and_the_reason() {
    // An illegal micro-move, with the turn named.
    let e = error("1. PNB e4 Nf3 Bc4\n1... ppp e5 d5 Ke7 *");
    assert_eq!((e.line, e.column), (2, 16));
    assert_eq!(e.turn.map(|t| t.to_string()), Some("1...".into()));
    assert!(matches!(&e.kind, E::San { san, why: SanError::NoMatch } if san == "Ke7"), "{e}");
    assert!(e.to_string().starts_with("line 2, column 16: turn 1...: \"Ke7\": no legal micro-move"), "{e}");
    // Ambiguous: the knights of b1 and f1 both reach d2.
    let e = error("[Start \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. NNN Nd2 *");
    assert!(matches!(&e.kind, E::San { why: SanError::Ambiguous(c), .. } if c.len() == 2), "{e}");
    assert_eq!((e.line, e.column), (2, 8));
    // An incomplete turn, a pass that is not one, a move after a complete turn.
    assert_eq!(at("1. PNB e4 Nf3 *"), (1, 15, E::Incomplete));
    assert_eq!(at("1. PNB -- *"), (1, 8, E::NotAPass));
    assert_eq!(at("1. PNB e4 Nf3 Bc4 Nc3 *"), (1, 19, E::ExtraMove("Nc3".into())));
    // Turn numbers and dice.
    assert!(matches!(at("2. PNB e4 Nf3 Bc4 *").2, E::WrongTurnNumber { .. }));
    assert!(matches!(at("1. PNB e4 Nf3 Bc4 1. ppp *").2, E::WrongTurnNumber { .. }));
    assert!(matches!(at("1. pnb *").2, E::WrongSide { .. }));
    assert_eq!(at("1. PnB *").2, E::BadDice("PnB".into()));
    assert_eq!(at("1. PNBQ *").2, E::BadDice("PNBQ".into()));
    assert!(matches!(at("1. e4 *").2, E::Expected { expected: "the dice", .. }));
    // Tags.
    assert_eq!(at("[White alice]\n*").2, E::Expected { expected: "a quoted tag value", found: "alice]".into() });
    assert_eq!(at("[1White \"a\"]\n*"), (1, 2, E::BadTagName));
    assert_eq!(at("[White \"a\"\n*"), (1, 1, E::UnterminatedTag));
    assert_eq!(at("[White \"a\" x]\n*").2, E::Expected { expected: "']'", found: "x]".into() });
    assert_eq!(at("[White \"a\"]\n[White \"b\"]\n*"), (2, 1, E::DuplicateTag("White".into())));
    assert_eq!(
        at("[Result \"1-0\"]\n*"),
        (2, 1, E::ResultConflict { tag: Some(Outcome::Decisive { winner: dicechess::Color::White }), token: None })
    );
    assert!(matches!(at("[Start \"nonsense\"]\n*").2, E::BadStart(_)));
    assert_eq!(at("[Start \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 K\"]\n*").2, E::StartWithDice);
    // Truncated texts and stray characters.
    assert_eq!(at("1. PNB e4 Nf3 Bc4"), (1, 18, E::MissingResult));
    assert_eq!(at("1. PNB e4"), (1, 10, E::Incomplete));
    assert_eq!(at("1. PNB e4 Nf3 Bc4 {unclosed"), (1, 19, E::UnterminatedComment));
    assert_eq!(at("1. PNB e4 Nf3 Bc4 (1... ppp) *"), (1, 19, E::UnexpectedChar('(')));
    assert_eq!(at("1. PNB e4 Nf3 Bc4\n[White \"x\"] *"), (2, 1, E::MissingResult));
    // King captures end the game.
    let capture = "[Start \"k7/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n1. RPP Rxa8#";
    assert_eq!(parse_games(&format!("{capture} 1-0")).map(|g| g[0].turns.len()), Ok(1));
    assert_eq!(at(&format!("{capture} *")).2, E::ResultNotCapturer { winner: dicechess::Color::White });
    assert_eq!(at(&format!("{capture} 1... kkk 1-0")).2, E::GameOver);
    // A pass must be one: the roll has a legal turn only when it has.
    assert_eq!(at("1. PNB e4 Nf3 Bc4 1... kkk Kd7 *"), (1, 28, E::MustPass));
}

#[test]
fn the_writer_checks_the_game() {
    let mut game = NotatedGame::new();
    game.turns.push(NotatedTurn { dice: dice("PNB"), moves: vec!["e2e4".parse().expect("uci")] });
    assert_eq!(write_game(&game).map_err(|e| e.kind), Err(E::Incomplete));
    game.turns[0].moves.push("e1e2".parse().expect("uci"));
    assert_eq!(write_game(&game).map_err(|e| e.kind), Err(E::Illegal("e1e2".parse().expect("uci"))));
    game.turns[0].moves = ["e2e4", "g1f3", "f1c4", "b1c3"].iter().map(|u| u.parse().expect("uci")).collect();
    assert_eq!(write_game(&game).map_err(|e| e.kind), Err(E::ExtraMove("b1c3".into())));
    game.turns[0].moves.pop();
    assert!(write_game(&game).is_ok());
    game.tags.push(("Result".into(), "1-0".into()));
    assert_eq!(write_game(&game).map_err(|e| e.kind), Err(E::ReservedTag("Result".into())));
    game.tags = vec![("White".into(), "a \"quoted\" \\ name".into())];
    let text = write_game(&game).expect("valid");
    assert!(text.starts_with("[White \"a \\\"quoted\\\" \\\\ name\"]\n"), "{text}");
    assert_eq!(parse_games(&text), Ok(vec![game.clone()]));
    game.tags = vec![("White".into(), "line\nbreak".into())];
    assert_eq!(write_game(&game).map_err(|e| e.kind), Err(E::BadTagValue));
}

fn dice(field: &str) -> dicechess::Dice {
    let pos = Position::from_dfen(&format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {field}")).expect("dice");
    pos.dice()
}

#[test]
fn hostile_inputs_fail_without_panicking() {
    assert_eq!(at(&" ".repeat(MAX_TEXT_BYTES + 1)).2, E::TextTooLong);
    let many = "* ".repeat(dicechess::notation::MAX_GAMES + 1);
    assert_eq!(at(&many).2, E::TooManyGames);
    assert_eq!(at(&format!("1. {} *", "P".repeat(100))).2, E::TokenTooLong);
    assert_eq!(at(&format!("{}. PNB *", "9".repeat(100))).2, E::TokenTooLong);
    assert_eq!(at(&format!("[White \"{}\"]", "x".repeat(5000))).2, E::BadTagValue);
    assert_eq!(at(&format!("[{} \"x\"]", "x".repeat(5000))).2, E::BadTagName);
    let tags: String = (0..100).map(|i| format!("[T{i} \"x\"]\n")).collect();
    assert_eq!(at(&format!("{tags}*")).2, E::TooManyTags);
    // Passes forever: a bare king against a bare king with pawn dice.
    let passes: String = (0..10_001).map(|i| if i % 2 == 0 { "PPP -- " } else { "ppp -- " }).collect();
    let text = format!("[Start \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n{passes}*");
    assert_eq!(at(&text).2, E::TooManyTurns);
    // Deeply weird texts: each fails with an error, none panics.
    let weird = [
        "[".repeat(100_000),
        "{".repeat(100_000),
        "}".repeat(1000),
        "]".to_owned(),
        "1.".repeat(10_000),
        "1....... PNB".to_owned(),
        "\u{feff}\u{0}\u{7f}é漢字 *".to_owned(),
        "1. PNB e4 Nf3 Bc4 ; no end".to_owned(),
        "1. PNB e9 *".to_owned(),
        "1. PNB exd5xx *".to_owned(),
        "1. PNB e4=K *".to_owned(),
        "1. PNB =Q *".to_owned(),
        "1. PNB # *".to_owned(),
        "[White \"\\".to_owned(),
        "[White \"a\u{1}\"] *".to_owned(),
        "1/2-1/2 0-1 1-0 * 1/2".to_owned(),
    ];
    for text in &weird {
        assert!(parse_games(text).is_err(), "{text:?} reads");
    }
    // Random bytes and random mutations of a valid text.
    let valid = "[White \"a\"]\n1. PBQ e4 Qh5 Bc4 1... kkk -- 2. RQK Qxf7 Ke2 2... pnn Nc6 Nf6 d6 3. BRQ Qxe8# 1-0\n";
    assert!(parse_games(valid).is_ok());
    let mut rng = Rng::from_seed(3);
    for _ in 0..5000 {
        let mut bytes = valid.as_bytes().to_vec();
        for _ in 0..1 + rng.next_u64() % 4 {
            let i = (rng.next_u64() % bytes.len() as u64) as usize;
            let alphabet = b" .-x#=[]{}\"PNBRQKpnbrqk0123456789abcdefgh";
            bytes[i] = alphabet[(rng.next_u64() % alphabet.len() as u64) as usize];
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(games) = parse_games(&text) {
            for game in &games {
                let written = write_game(game).expect("a read game writes");
                assert_eq!(parse_games(&written).as_ref(), Ok(&vec![game.clone()]));
            }
        }
    }
}
