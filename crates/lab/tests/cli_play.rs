//! The `dicechess` bot tools run as a user runs them: `best`, `arena` (with `--book` and
//! `--sprt`), `selfplay` and `book distill` (BOTS.md §10, BOOK.md §10–12), with their exit codes
//! (BOOK.md §11.1). Game counts are small so that the debug build runs them in seconds.

mod common;

use common::cli::{fails, ok, path, read_json, run};
use serde_json::Value;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Runs `words` (split at white space) followed by `extra`, and expects success.
fn run_words(words: &str, extra: &[&str]) -> String {
    let all: Vec<&str> = words.split_whitespace().chain(extra.iter().copied()).collect();
    ok(run(&all))
}

#[test]
fn best_prints_the_bots_turn() {
    let out = ok(run(&["best", "k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR", "--bot", "Greedy-V2"]));
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["bot"], "greedy-v2");
    assert_eq!(v["moves"], serde_json::json!(["a1a8"]));
    assert_eq!(v["score"], 2147483647);
    // Seeded: the same answer every time; fields may be separate words.
    let a = ok(run(&["best", START, "PBR", "--bot", "random", "--seed", "7"]));
    let words: Vec<&str> = START.split(' ').chain(["PBR", "--bot", "random", "--seed", "7"]).collect();
    let b = ok(run(&["best"].into_iter().chain(words).collect::<Vec<_>>()));
    let moves = |s: &str| serde_json::from_str::<Value>(s.trim()).unwrap()["moves"].clone();
    assert_eq!(moves(&a), moves(&b));
    // A budgeted bot reports its budget.
    let v: Value =
        serde_json::from_str(ok(run(&["best", START, "PPP", "--bot", "monte-carlo", "--time", "30"])).trim()).unwrap();
    assert_eq!(v["budgetMs"], 30);
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
}

#[test]
fn best_with_an_effort_is_reproducible_and_says_why_it_stopped() {
    let args = ["best", START, "PBR", "--bot", "monte-carlo", "--seed", "3", "--effort", "5"];
    let a: Value = serde_json::from_str(ok(run(&args)).trim()).unwrap();
    let b: Value = serde_json::from_str(ok(run(&args)).trim()).unwrap();
    assert_eq!(a["moves"], b["moves"], "the same work, the same seed: the same turn");
    assert_eq!(a["stop"], "effort");
    assert_eq!(a["budgetMs"], 0);
    assert!(fails(run(&["best", START, "PBR", "--effort", "0"]), 2).contains("expected a whole number from 1 to"));
    fails(run(&["best", START, "PBR", "--effort", "600001"]), 2);
}

#[test]
fn best_exit_codes() {
    assert!(fails(run(&["best", START, "PBR", "--bot", "nope"]), 2).contains("nope"));
    fails(run(&["best", START, "PBR", "--seed", "-1"]), 2);
    fails(run(&["best", START, "PBR", "--time", "x"]), 2);
    fails(run(&["best", "not", "a", "dfen"]), 1);
}

#[test]
fn best_with_a_book() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let book = dir.join("b.tsv");
    std::fs::write(&book, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\tf1c4,e2e4\n").unwrap();
    let out = ok(run(&["best", START, "RBP", "--book", path(&book)]));
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["bot"], "greedy-book");
    assert_eq!(v["moves"], serde_json::json!(["e2e4", "f1c4"]));
    std::fs::write(&book, "# not a book\n").unwrap();
    fails(run(&["best", START, "RBP", "--book", path(&book)]), 1);
}

const REPORT_FIELDS: &[&str] = &[
    "baseline",
    "timeControl",
    "moveTimeMs",
    "pairsRequested",
    "pairsPlayed",
    "games",
    "stopReason",
    "wins",
    "losses",
    "draws",
    "turnCapDraws",
    "flags",
    "scorePercent",
    "ci95HalfWidthPercent",
    "elo",
    "eloCi95",
    "pairs",
    "resolution",
    "sprt",
    "latencyMs",
    "durationMs",
];

/// The report without the fields that depend on the clock or the thread count.
fn stable(mut report: Value) -> Value {
    report["threads"] = Value::Null;
    for m in report["matches"].as_array_mut().unwrap() {
        m["latencyMs"] = Value::Null;
        m["durationMs"] = Value::Null;
    }
    report
}

#[test]
fn arena_report_is_complete_and_independent_of_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (one, two) = (dir.join("1.json"), dir.join("2.json"));
    let common = ["arena", "--bot", "greedy-v2", "--baseline", "greedy", "--pairs", "12", "--seed", "5", "--quiet"];
    let table = ok(run(&[&common[..], &["--threads", "1", "--json", path(&one)]].concat()));
    assert!(table.contains("greedy-v2") && table.contains("greedy"), "{table}");
    ok(run(&[&common[..], &["--threads", "2", "--json", path(&two)]].concat()));
    let report = read_json(&one);
    assert_eq!(stable(report.clone()), stable(read_json(&two)));
    let keys: Vec<&str> = report.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["kind", "schemaVersion", "engineVersion", "seed", "threads", "bot", "startDfen", "openings", "matches"]
    );
    assert_eq!(report["kind"], "arena");
    assert_eq!(report["seed"], 5);
    let m = &report["matches"][0];
    let keys: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, REPORT_FIELDS);
    assert_eq!(m["pairsPlayed"], 12);
    assert_eq!(m["games"], 24);
    let total = |k: &str| m[k]["total"].as_u64().unwrap();
    assert_eq!(total("wins") + total("losses") + total("draws"), 24);
    let p = &m["pairs"];
    let bins: u64 = ["n0", "n1", "n2", "n3", "n4"].iter().map(|k| p[k].as_u64().unwrap()).sum();
    assert_eq!(bins, 12);
    let score = (total("wins") as f64 + total("draws") as f64 / 2.0) / 24.0 * 100.0;
    assert!((m["scorePercent"].as_f64().unwrap() - score).abs() < 1e-9);
    assert_eq!(m["sprt"], Value::Null);
}

#[test]
fn arena_time_odds_give_each_side_its_own_budget() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let [even, odds, report] = ["even.jsonl", "odds.jsonl", "odds.json"].map(|f| dir.join(f));
    // Few pieces: short games, cheap untimed searches.
    let common =
        ["arena", "--bot", "expectimax", "--baseline", "expectimax-v2", "--pairs", "1", "--seed", "3", "--quiet"];
    let common = [&common[..], &["--start", "r3k2r/pp6/8/8/8/8/6PP/R3K2R w KQkq - 0 1"]].concat();
    // Both sides untimed through their own flags play the games of an untimed match, in both colours.
    ok(run(&[&common[..], &["--move-time", "0", "--games", path(&even)]].concat()));
    let table = ok(run(&[
        &common[..],
        &["--move-time", "900", "--bot-move-time", "0", "--baseline-move-time", "0", "--games", path(&odds)],
    ]
    .concat()));
    assert!(table.contains("untimed"), "{table}");
    assert_eq!(std::fs::read_to_string(&even).unwrap(), std::fs::read_to_string(&odds).unwrap());
    // Time odds are in the summary and the report; even budgets report as before.
    let table =
        ok(run(
            &[&common[..], &["--bot-move-time", "0", "--baseline-move-time", "5", "--json", path(&report)]].concat()
        ));
    assert!(table.contains("untimed/5ms"), "{table}");
    let m = &read_json(&report)["matches"][0];
    assert_eq!((m["moveTimeMs"].as_u64(), m["baselineMoveTimeMs"].as_u64()), (Some(0), Some(5)));
    ok(run(&[&common[..], &["--move-time", "0", "--json", path(&report)]].concat()));
    assert!(read_json(&report)["matches"][0].get("baselineMoveTimeMs").is_none());
    // Time odds are per-turn budgets: a clock gives both sides the same.
    fails(run(&[&common[..], &["--tc", "1+0", "--bot-move-time", "5"]].concat()), 2);
}

#[test]
fn arena_sprt_stops_at_a_verdict() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let json = dir.join("s.json");
    let args = ["arena", "--bot", "greedy", "--baseline", "random", "--pairs", "400", "--quiet"];
    ok(run(&[&args[..], &["--sprt", "0,10,0.05,0.05", "--json", path(&json)]].concat()));
    let m = &read_json(&json)["matches"][0];
    assert_eq!(m["stopReason"], "sprt");
    assert_eq!(m["sprt"]["verdict"], "AcceptH1");
    assert!(m["pairsPlayed"].as_u64().unwrap() < 400);
    assert!(m["sprt"]["llr"].as_f64().unwrap() >= m["sprt"]["upper"].as_f64().unwrap());
}

#[test]
fn arena_exit_codes() {
    assert!(fails(run(&["arena", "--bot", "nope"]), 2).contains("nope"));
    fails(run(&["arena", "--baseline", "greedy,nope"]), 2);
    fails(run(&["arena", "--sprt", "10,0,0.05,0.05"]), 2);
    fails(run(&["arena", "--sprt", "0,10,1,0.05"]), 2);
    fails(run(&["arena", "--pairs", "x"]), 2);
    fails(run(&["arena", "--tc", "0+1"]), 2);
    fails(run(&["arena", "--seed", "18446744073709551616"]), 2);
    fails(run(&["arena", "--start", "not a dfen", "--bot", "greedy", "--baseline", "greedy", "--pairs", "1"]), 1);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let openings = dir.join("o.txt");
    std::fs::write(&openings, format!("{START}\nbad line\n")).unwrap();
    let err = fails(run(&["arena", "--openings", path(&openings), "--bot", "greedy", "--pairs", "1"]), 1);
    assert!(err.contains(":2:"), "{err}");
    fails(run(&["arena", "--book", path(&dir.join("missing.tsv"))]), 3);
}

#[test]
fn selfplay_is_reproducible_and_builds() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    let args = ["selfplay", "--white", "greedy", "--black", "aggressive", "--swap", "--games", "30", "--seed", "9"];
    ok(run(&[&args[..], &["--threads", "1", "-o", path(&a), "--quiet"]].concat()));
    ok(run(&[&args[..], &["--threads", "2", "-o", path(&b), "--quiet"]].concat()));
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap());
    let games: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 30);
    for (g, game) in games.iter().enumerate() {
        let keys: Vec<&str> = game.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["id", "white", "black", "result", "termination", "turns"]);
        assert_eq!(game["id"], format!("9-{g}"));
        let white = if g % 2 == 0 { "greedy" } else { "aggressive" };
        assert_eq!(game["white"], white);
    }
    // Every game is a valid record: the builder uses all of them.
    let stats = dir.join("stats.json");
    let book = dir.join("book.tsv");
    ok(run(&["book", "build", path(&a), "-o", path(&book), "--min-games", "1", "--stats", path(&stats), "--quiet"]));
    let s = read_json(&stats);
    assert_eq!((s["gamesRead"].as_u64(), s["gamesUsed"].as_u64()), (Some(30), Some(30)));

    // From a custom start, every record names it (BOOK.md §8) and replays from it.
    let custom = dir.join("custom.jsonl");
    let start = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 3 9";
    ok(run(&["selfplay", "--start", start, "--white", "greedy", "--games", "5", "-o", path(&custom), "--quiet"]));
    let text = std::fs::read_to_string(&custom).unwrap();
    for line in text.lines() {
        let game: Value = serde_json::from_str(line).unwrap();
        assert_eq!(game["start"], start);
        assert!(game["turns"][0]["dice"].as_str().unwrap().chars().all(|c| c.is_ascii_lowercase()));
    }
    ok(run(&["book", "build", "--any-start", path(&custom), "-o", path(&book), "--stats", path(&stats), "--quiet"]));
    assert_eq!(read_json(&stats)["gamesUsed"].as_u64(), Some(5));
}

#[test]
fn distill_equals_selfplay_then_build_and_feeds_the_book_arena() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (games, built, distilled) = (dir.join("g.jsonl"), dir.join("built.dcb"), dir.join("distilled.dcb"));
    let play = ["--games", "40", "--seed", "3", "--quiet"];
    ok(run(&[&["selfplay", "--white", "greedy-v2", "-o", path(&games)][..], &play[..]].concat()));
    ok(run(&["book", "build", path(&games), "-o", path(&built), "--min-games", "1", "--max-ply", "6", "--quiet"]));
    let games_out = dir.join("kept.jsonl");
    ok(run(&[
        &["book", "distill", "--bot", "greedy-v2", "-o", path(&distilled), "--games-out", path(&games_out)][..],
        &["--min-games", "1", "--max-ply", "6"][..],
        &play[..],
    ]
    .concat()));
    assert_eq!(std::fs::read(&built).unwrap(), std::fs::read(&distilled).unwrap());
    assert_eq!(std::fs::read(&games).unwrap(), std::fs::read(&games_out).unwrap());

    // The book arena: base + book against base, book usage reported.
    let json = dir.join("arena.json");
    let table = ok(run(&[
        "arena",
        "--book",
        path(&distilled),
        "--bot",
        "greedy-v2",
        "--pairs",
        "10",
        "--quiet",
        "--json",
        path(&json),
    ]));
    assert!(table.contains("greedy-v2-book"), "{table}");
    let report = read_json(&json);
    assert_eq!(report["kind"], "book_arena");
    assert_eq!(report["bot"]["id"], "greedy-v2-book");
    assert_eq!(report["bot"]["name"], "Cautious Greedy + Book");
    assert_eq!(report["bot"]["book"]["format"], "dcb");
    let m = &report["matches"][0];
    assert_eq!(m["baseline"]["id"], "greedy-v2");
    let usage = &m["bookUsage"]["bot"];
    assert!(usage["bookTurns"].as_u64().unwrap() > 0, "{usage}");
    let parts =
        ["bookTurns", "kingCaptures", "stale", "misses"].iter().map(|k| usage[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(parts, usage["turns"].as_u64().unwrap());
    // A baseline book gets its own id.
    ok(run(&[
        "arena",
        "--book",
        path(&distilled),
        "--baseline-book",
        path(&distilled),
        "--bot",
        "greedy-v2",
        "--pairs",
        "2",
        "--quiet",
        "--json",
        path(&json),
    ]));
    assert_eq!(read_json(&json)["matches"][0]["baseline"]["id"], "greedy-v2-baseline-book");
}

#[test]
fn distill_warns_in_one_line_when_the_book_comes_out_empty_and_still_succeeds() {
    let tmp = tempfile::tempdir().unwrap();
    let book = tmp.path().join("empty.tsv");
    // --min-games keeps its default, 10, against 3 games: nothing is kept.
    let out =
        run(&["book", "distill", "--bot", "greedy-v2", "--games", "3", "--seed", "1", "--quiet", "-o", path(&book)]);
    ok(out.clone());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let warnings: Vec<&str> = stderr.lines().filter(|l| l.starts_with("warning:")).collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(warnings[0].contains("book is empty") && warnings[0].contains("--min-games 10"), "{stderr}");
    assert!(warnings[0].contains("lower --min-games or raise --games"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&book).unwrap(), "", "the empty book is still written");

    // A book with entries: no warning.
    let out = run(&[
        "book",
        "distill",
        "--bot",
        "greedy-v2",
        "--games",
        "3",
        "--seed",
        "1",
        "--min-games",
        "1",
        "--quiet",
        "-o",
        path(&book),
    ]);
    ok(out.clone());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning:"));
    assert!(!std::fs::read_to_string(&book).unwrap().is_empty());
}

#[test]
fn distill_search_mode_gives_every_decidable_roll_of_the_kept_positions_one_searched_turn() {
    use dicechess::book::fnv1a64;
    use dicechess::search::{derive, rolls56};
    use dicechess::{choose_turn, Registry, Rng};
    use dicechess::{Position, Roll, Turns};

    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (one, two) = (dir.join("one.tsv"), dir.join("two.tsv"));
    let flags = "book distill --bot greedy-v2 --games 30 --seed 5 --min-games 1 --max-ply 2 --search-turns 2 \
                 --search-positions 2 --search-bot greedy --format weighted --quiet";
    run_words(flags, &["--threads", "1", "-o", path(&one)]);
    run_words(flags, &["--threads", "2", "-o", path(&two)]);
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(text, std::fs::read_to_string(&two).unwrap(), "independent of --threads");

    // The start is reached by every game, so it is kept: each of its 36 rolls with a legal turn has
    // exactly one entry, weight 1, the turn greedy chooses with the stream seeded by the key.
    let registry = Registry::new();
    let greedy = registry.get("greedy").unwrap();
    let mut decided = 0;
    for roll in rolls56() {
        let mut pos = Position::initial();
        pos.set_dice(roll.dice);
        let key = pos.book_key().unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| l.split('\t').next() == Some(key.as_str())).collect();
        if Turns::of_position(&pos).is_none() {
            assert!(lines.is_empty(), "{key}: {lines:?}");
            continue;
        }
        decided += 1;
        let choice = choose_turn(
            greedy.as_ref(),
            Roll::new(&pos).unwrap(),
            &mut Rng::from_seed(derive(5, fnv1a64(key.as_bytes()))),
            None,
        );
        let mut moves: Vec<String> = choice.moves.iter().map(|m| m.to_string()).collect();
        moves.sort();
        assert_eq!(lines, [format!("{key}\t{}\t1", moves.join(","))], "{key}");
    }
    assert_eq!(decided, 36);
    // The second kept position is a Black one: its rolls are covered too.
    let black_keys = text.lines().filter(|l| l.split(' ').nth(1) == Some("b")).count();
    assert!(black_keys >= 30, "{black_keys} black keys");
}

#[test]
fn distill_judges_turns_by_playouts_from_a_custom_start() {
    use dicechess::book::Book;

    // White is a rook up; Black's pawn on d2 attacks White's king (playout judging, docs/BOOKS.md).
    let start = "8/8/8/8/8/4k3/PP1p4/4K2R w - - 0 1";
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let flags = "book distill --bot greedy --games 6 --min-games 1 --max-ply 1 --search-turns 1 \
                 --search-positions 1 --search-bot greedy --search-playouts 2 --search-confirm 100 --format weighted --quiet";
    for threads in ["1", "2"] {
        let (out, log) = (dir.join(format!("book{threads}.tsv")), dir.join(format!("log{threads}.jsonl")));
        run_words(flags, &["--start", start, "--threads", threads, "-o", path(&out), "--search-log", path(&log)]);
    }
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    assert_eq!(read("book1.tsv"), read("book2.tsv"), "independent of --threads");
    assert_eq!(read("log1.jsonl"), read("log2.jsonl"), "independent of --threads");

    // Every decidable roll of the start has one line in the log and one entry, weight 1: the
    // survivor of the halving where it beat greedy's own turn, else greedy's own turn.
    let book = read("book1.tsv");
    let log: Vec<Value> = read("log1.jsonl").lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(log.iter().filter(|j| !j["turn"].is_null()).count(), book.lines().count());
    assert!(log.len() > 20, "{} keys", log.len());
    let mut replaced = 0;
    for j in &log {
        let key = j["key"].as_str().unwrap();
        assert!(key.starts_with("8/8/8/8/8/4k3/PP1p4/4K2R w - - "), "{key}");
        let lines: Vec<&str> = book.lines().filter(|l| l.split('\t').next() == Some(key)).collect();
        let (gain, half_width) = (j["gain"].as_f64().unwrap(), j["halfWidth"].as_f64().unwrap());
        let beaten = j["replaced"] == true;
        assert_eq!(beaten, gain - half_width > 0.0, "{j}");
        replaced += usize::from(beaten);
        match j["turn"].as_str() {
            Some(turn) => {
                assert_eq!(lines, [format!("{key}\t{turn}\t1")], "{key}");
                if beaten {
                    assert_eq!(turn, j["survivor"], "{j}");
                }
            }
            // The own turn stands but no entry can play it: the key has no line at all.
            None => assert!(lines.is_empty() && !beaten, "{j}"),
        }
        let games = ["wins", "draws", "losses"].iter().map(|f| j[f].as_u64().unwrap()).sum::<u64>();
        assert!(games == 100 || (!beaten && games == 0), "{j}");
        assert!(j["candidates"].as_u64().unwrap() >= 1 && j["games"].as_u64().unwrap() >= games);
    }
    assert!(replaced > 0, "greedy's opening turns are never all the best");
    // The book loads and validates.
    assert!(Book::from_tsv(&book).is_ok());
    ok(run(&["book", "validate", path(&dir.join("book1.tsv"))]));
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_exits_130_and_leaves_no_file() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let out = dir.join("games.jsonl");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("dicechess"))
        .args(["selfplay", "--white", "aggressive", "--games", "10000000", "--quiet", "-o", path(&out)])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(sent.success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("SIGINT did not end the run");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130), "{status:?}");
    let left: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn loss_judges_every_bot_against_the_reference() {
    let tmp = tempfile::tempdir().unwrap();
    let positions = tmp.path().join("positions.tsv");
    let report = tmp.path().join("loss.json");
    // Sparse positions (few candidates: expectimax-v2's untimed search is never cut by its node limit).
    let sparse = [
        "4k3/pp3ppp/8/8/8/8/PPP2PPP/R3K3 w Q - 0 1\tW",
        "r3k3/ppp2ppp/8/8/3N4/8/PP3PPP/4K3 b q - 0 1\tL",
        "4k3/4p3/8/3Q4/8/8/4P3/4K2R w K - 0 1\tW",
        "1k6/ppp5/8/8/8/5n2/5PPP/6K1 w - - 0 1\tD",
        "k7/8/1b6/8/8/8/2PP4/2K1R3 b - - 0 1\tL",
        "7k/6pp/8/8/8/8/r5PP/6K1 w - - 0 1\tW",
    ];
    std::fs::write(&positions, sparse.join("\n")).unwrap();
    let args = ["loss", "-i", path(&positions), "--rolls", "4", "--seed", "3", "--bots", "random,greedy,expectimax-v2"];
    let out = ok(run(&[&args[..], &["--move-time", "0", "--json", path(&report), "--quiet"]].concat()));
    assert!(out.contains("expectimax-v2"), "{out}");
    let v = read_json(&report);
    assert_eq!(v["rolls"], 4);
    let suite = v["suite"].as_array().unwrap();
    assert_eq!(suite.len(), 4);
    let mut sums = [0.0f64; 3];
    for roll in suite {
        let best = roll["best"].as_f64().unwrap();
        for (i, p) in roll["played"].as_array().unwrap().iter().enumerate() {
            let (value, loss) = (p["value"].as_f64().unwrap(), p["loss"].as_f64().unwrap());
            assert!((0.0..=1.0).contains(&value) && value <= best, "{roll}");
            assert!((loss - (best - value)).abs() < 1e-6 && loss >= 0.0, "{roll}");
            sums[i] += loss;
        }
        // The reference is expectimax-v2's own untimed search: its turn loses nothing.
        assert!(roll["played"][2]["loss"].as_f64().unwrap() < 1e-5, "{roll}");
    }
    for (i, s) in v["summary"].as_array().unwrap().iter().enumerate() {
        assert!((s["meanLoss"].as_f64().unwrap() - sums[i] / 4.0).abs() < 1e-6);
    }
    // Too few positions for the suite, and an unknown bot.
    assert!(fails(run(&["loss", "-i", path(&positions), "--rolls", "100000"]), 1).contains("--rolls"));
    fails(run(&["loss", "-i", path(&positions), "--bots", "nope"]), 2);
}
