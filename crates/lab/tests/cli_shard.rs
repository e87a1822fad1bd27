//! Sharded runs (issue 16, docs/SCALE.md): `selfplay`, `datagen`, `review` and `nnue values` with `--shard K/N`
//! for N in {1, 2, 3, 7}, merged with `dicechess merge` in any order, give the unsharded output
//! byte for byte; `merge` refuses a shard of another version or other options, a duplicate, a
//! missing shard and content that is not what its manifest says.

mod common;

use std::path::{Path, PathBuf};

use common::cli::{fails, ok, path, run, scratch};

/// The words of `text`, split at white space.
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// Runs `command` (words) writing to `out` via `out_flag`, sharded as `k/n` when given.
fn run_to(command: &[&str], out_flag: &str, out: &Path, shard: Option<(u64, u64)>) {
    let spec = shard.map(|(k, n)| format!("{k}/{n}"));
    let mut args: Vec<&str> = command.to_vec();
    args.extend([out_flag, path(out), "--quiet"]);
    if let Some(spec) = &spec {
        args.extend(["--shard", spec.as_str()]);
    }
    ok(run(&args));
}

/// For each N, the shards merged (given in reverse order) equal the whole run's bytes.
fn shards_merge_to_the_whole(name: &str, command: &[&str], out_flag: &str) -> PathBuf {
    let dir = scratch(name);
    let whole = dir.join("whole");
    run_to(command, out_flag, &whole, None);
    let expected = std::fs::read(&whole).unwrap();
    assert!(!expected.is_empty());
    for n in [1u64, 2, 3, 7] {
        let parts: Vec<PathBuf> = (0..n).map(|k| dir.join(format!("{n}-{k}"))).collect();
        for (k, part) in parts.iter().enumerate() {
            run_to(command, out_flag, part, Some((k as u64, n)));
            assert!(Path::new(&format!("{}.shard.json", part.display())).exists());
        }
        let merged = dir.join(format!("merged-{n}"));
        let mut args = vec!["merge", "-o", path(&merged)];
        args.extend(parts.iter().rev().map(|p| path(p)));
        ok(run(&args));
        assert_eq!(std::fs::read(&merged).unwrap(), expected, "{name}: {n} shards");
    }
    dir
}

#[test]
fn selfplay_shards_merge_to_the_whole_run_and_merge_refuses_what_does_not_add_up() {
    let command = words("selfplay --white greedy --black random --games 9 --seed 5 --swap --move-time 0");
    let dir = shards_merge_to_the_whole("shard-selfplay", &command, "-o");
    let shard = |k: u64| dir.join(format!("3-{k}"));
    let merge = |parts: &[PathBuf]| {
        let out = dir.join("bad");
        let mut args = vec!["merge", "-o", path(&out)];
        args.extend(parts.iter().map(|p| path(p)));
        let message = fails(run(&args), 1);
        assert!(!out.exists(), "no output for a refused merge");
        message
    };
    let missing = merge(&[shard(0), shard(2)]);
    assert!(missing.contains("1 of 3 shards missing: 1/3"), "{missing}");
    let twice = merge(&[shard(0), shard(1), shard(1), shard(2)]);
    assert!(twice.contains("shard 1/3 is given twice"), "{twice}");
    // A shard of another run: other options, another count, another engine version.
    let other = dir.join("other");
    run_to(
        &words("selfplay --white greedy --black random --games 9 --seed 6 --swap --move-time 0"),
        "-o",
        &other,
        Some((1, 3)),
    );
    let options = merge(&[shard(0), other.clone(), shard(2)]);
    assert!(options.contains("its options differ"), "{options}");
    let count = merge(&[shard(0), dir.join("2-1")]);
    assert!(count.contains("its shard count (2 against 3) differs"), "{count}");
    let manifest = |p: &Path| PathBuf::from(format!("{}.shard.json", p.display()));
    let text = std::fs::read_to_string(manifest(&shard(1))).unwrap();
    std::fs::write(manifest(&other), text.replace("\"engineVersion\": \"", "\"engineVersion\": \"0.0.0-")).unwrap();
    std::fs::copy(shard(1), &other).unwrap();
    let version = merge(&[shard(0), other.clone(), shard(2)]);
    assert!(version.contains("its engine version (0.0.0-"), "{version}");
    // Content that is not what its manifest says.
    std::fs::write(manifest(&other), text).unwrap();
    let mut bytes = std::fs::read(shard(1)).unwrap();
    bytes.pop();
    std::fs::write(&other, bytes).unwrap();
    let tampered = merge(&[shard(0), other, shard(2)]);
    assert!(tampered.contains("its content is not what its manifest says"), "{tampered}");
    // No manifest, or a malformed shard argument.
    let plain = dir.join("whole");
    assert!(merge(&[plain]).contains("whole.shard.json"));
    for bad in ["3/3", "1/0", "a/2", "1"] {
        let out = dir.join("x");
        let message = fails(run(&["selfplay", "--games", "2", "--shard", bad, "-o", path(&out)]), 2);
        assert!(message.contains("expected K/N"), "{bad}: {message}");
    }
}

#[test]
fn datagen_and_review_shards_merge_to_the_whole_run() {
    let datagen = words("datagen --games 8 --seed 3 --pairs greedy:random,random:aggressive --samples 2");
    let dir = shards_merge_to_the_whole("shard-datagen", &datagen, "-o");
    // Reviews of four short self-play games (3 to 17 turns), untimed (exact).
    let games = dir.join("games.jsonl");
    let start = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
    let mut selfplay = words("selfplay --white aggressive --black random --games 4 --seed 2 --move-time 0 --quiet");
    selfplay.extend(["--start", start, "-o", path(&games)]);
    ok(run(&selfplay));
    let review = ["review", path(&games), "--time", "0"];
    shards_merge_to_the_whole("shard-review", &review, "--json");
    // The search values of the datagen run's positions, sharded by line.
    let positions = dir.join("whole");
    let values = ["nnue", "values", "-i", path(&positions)];
    shards_merge_to_the_whole("shard-values", &values, "-o");
}

/// A shard of the net's games or search values names the net (its weights' checksum, from the
/// crate's manifest), so that shards of CLIs built with different nets do not merge; other shards
/// name none.
#[test]
fn shards_played_or_valued_by_the_net_name_it() {
    let manifest: serde_json::Value = serde_json::from_str(dicechess::search::nnue::MANIFEST).unwrap();
    let sha = manifest["weightsSha256"].as_str().expect("the manifest names its weights");
    let dir = scratch("shard-net");
    let options = |out: &Path| -> serde_json::Value {
        let text = std::fs::read_to_string(format!("{}.shard.json", out.display())).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap()["options"].clone()
    };
    let (net_games, games) = (dir.join("net-games"), dir.join("games"));
    let datagen = "datagen --games 2 --seed 3 --samples 1 --random-turns 0 --depth 1 --pairs";
    run_to(&[words(datagen), vec!["expectimax-nnue:greedy"]].concat(), "-o", &net_games, Some((0, 1)));
    run_to(&[words(datagen), vec!["greedy:random"]].concat(), "-o", &games, Some((0, 1)));
    assert_eq!(options(&net_games)["net"], sha);
    assert!(options(&games).get("net").is_none(), "{}", options(&games));
    let (net_values, values) = (dir.join("net-values"), dir.join("values"));
    run_to(&["nnue", "values", "--net", "-i", path(&games)], "-o", &net_values, Some((0, 1)));
    run_to(&["nnue", "values", "-i", path(&games)], "-o", &values, Some((0, 1)));
    assert_eq!(options(&net_values)["net"], sha);
    assert!(options(&values)["net"].is_null(), "{}", options(&values));
    // A shard of another net does not merge with this one's.
    let parts = [dir.join("part-0"), dir.join("part-1")];
    for (k, part) in parts.iter().enumerate() {
        run_to(&["nnue", "values", "--net", "-i", path(&games)], "-o", part, Some((k as u64, 2)));
    }
    let manifest = format!("{}.shard.json", parts[1].display());
    let mut other: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    other["options"]["net"] = "0".repeat(64).into();
    std::fs::write(&manifest, other.to_string()).unwrap();
    let merged = dir.join("merged");
    let err = fails(run(&["merge", "-o", path(&merged), path(&parts[0]), path(&parts[1])]), 1);
    assert!(err.contains("options"), "{err}");
}

/// An arena report without its timing fields (`threads`, each match's `latencyMs` and
/// `durationMs`), which a sharded run cannot add up.
fn without_timing(mut report: serde_json::Value) -> serde_json::Value {
    report.as_object_mut().unwrap().remove("threads");
    for m in report["matches"].as_array_mut().unwrap() {
        let m = m.as_object_mut().unwrap();
        assert!(m.remove("latencyMs").is_some() && m.remove("durationMs").is_some());
    }
    report
}

#[test]
fn arena_shards_add_up_to_the_whole_report_with_its_sprt_on_the_totals() {
    let dir = scratch("shard-arena");
    let arena = words(
        "arena --bot greedy --baseline random,aggressive --pairs 10 --seed 4 --bot-move-time 0 --baseline-move-time 7 \
         --sprt 0,10,0.05,0.05",
    );
    let whole = dir.join("whole.json");
    run_to(&arena, "--json", &whole, None);
    let expected = without_timing(common::cli::read_json(&whole));
    assert_eq!(expected["matches"][0]["stopReason"], "completed", "a test of the totals needs the whole run");
    // Time odds (instant bots ignore budgets, so the games do not depend on the clock).
    assert_eq!(
        (expected["matches"][1]["moveTimeMs"].as_u64(), expected["matches"][1]["baselineMoveTimeMs"].as_u64()),
        (Some(0), Some(7))
    );
    for n in [1u64, 2, 3, 7] {
        let parts: Vec<PathBuf> = (0..n).map(|k| dir.join(format!("{n}-{k}.json"))).collect();
        for (k, part) in parts.iter().enumerate() {
            run_to(&arena, "--json", part, Some((k as u64, n)));
        }
        let merged = dir.join(format!("merged-{n}.json"));
        let mut args = vec!["merge", "-o", path(&merged)];
        args.extend(parts.iter().map(|p| path(p)));
        ok(run(&args));
        let report = common::cli::read_json(&merged);
        let latency = &report["matches"][1]["latencyMs"];
        assert_eq!(latency["count"], expected_latency_count(&whole), "{n} shards");
        assert!(latency["p50"].is_null() && latency["max"].is_number());
        assert_eq!(without_timing(report), expected, "{n} shards");
    }
    // A shard needs the report; the games file is not sharded.
    let out = dir.join("x.json");
    fails(run(&["arena", "--pairs", "2", "--shard", "0/2"]), 2);
    fails(run(&["arena", "--pairs", "2", "--shard", "0/2", "--json", path(&out), "--games", path(&out)]), 2);
}

/// The number of turns the bot played in the second match of the report at `path`.
fn expected_latency_count(path: &Path) -> serde_json::Value {
    common::cli::read_json(path)["matches"][1]["latencyMs"]["count"].clone()
}

#[test]
fn books_built_from_the_counts_of_parts_are_the_book_of_all_the_games() {
    let dir = scratch("shard-book");
    // Seeded games in 7 shards, a bad line and a game from another start in two of them.
    let mut parts = Vec::new();
    for k in 0..7u64 {
        let part = dir.join(format!("games-{k}.jsonl"));
        let spec = format!("{k}/7");
        ok(run(&[
            "selfplay",
            "--white",
            "greedy",
            "--black",
            "aggressive",
            "--games",
            "140",
            "--move-time",
            "0",
            "--quiet",
            "--shard",
            &spec,
            "-o",
            path(&part),
        ]));
        parts.push(part);
    }
    let mut extra = std::fs::read_to_string(&parts[2]).unwrap();
    extra.push_str("{not json\n");
    std::fs::write(&parts[2], extra).unwrap();
    let mut custom = std::fs::read_to_string(&parts[5]).unwrap();
    custom.push_str("{\"result\":\"1-0\",\"start\":\"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\",\"turns\":[]}\n");
    std::fs::write(&parts[5], custom).unwrap();
    let all = dir.join("all.jsonl");
    let text: String = parts.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
    std::fs::write(&all, text).unwrap();
    let options = ["--max-ply", "6", "--quiet"];
    let build = |inputs: &[&Path], out: &Path, extra: &[&str]| {
        let mut args = vec!["book", "build"];
        args.extend(inputs.iter().map(|p| path(p)));
        args.extend(["-o", path(out)]);
        args.extend(options);
        args.extend(extra);
        ok(run(&args));
    };
    let counts: Vec<PathBuf> = parts
        .iter()
        .map(|p| {
            let c = PathBuf::from(format!("{}.counts", p.display()));
            build(&[p], &c, &[]);
            c
        })
        .collect();
    // Counts of counts: any grouping, in game order, is the count file of all the games.
    let whole_counts = dir.join("all.counts");
    build(&[&all], &whole_counts, &[]);
    let (first, rest) = (dir.join("first.counts"), dir.join("rest.counts"));
    build(&counts[..3].iter().map(PathBuf::as_path).collect::<Vec<_>>(), &first, &[]);
    build(&counts[3..].iter().map(PathBuf::as_path).collect::<Vec<_>>(), &rest, &[]);
    let merged = dir.join("merged.counts");
    build(&[&first, &rest], &merged, &[]);
    assert_eq!(std::fs::read(&merged).unwrap(), std::fs::read(&whole_counts).unwrap());
    // `book merge` adds count files by a k-way merge of the sorted files: the same bytes.
    let streamed = dir.join("streamed.counts");
    ok(run(
        &[&["book", "merge", "-o", path(&streamed)][..], &counts.iter().map(|p| path(p)).collect::<Vec<_>>()].concat()
    ));
    assert_eq!(std::fs::read(&streamed).unwrap(), std::fs::read(&whole_counts).unwrap());
    for format in ["tsv", "weighted", "dcb"] {
        let (from_games, from_counts) = (dir.join(format!("g.{format}")), dir.join(format!("c.{format}")));
        let (stats_g, stats_c) = (dir.join(format!("g-{format}.json")), dir.join(format!("c-{format}.json")));
        build(&[&all], &from_games, &["--format", format, "--min-games", "3", "--stats", path(&stats_g)]);
        build(&[&first, &rest], &from_counts, &["--format", format, "--min-games", "3", "--stats", path(&stats_c)]);
        assert_eq!(std::fs::read(&from_counts).unwrap(), std::fs::read(&from_games).unwrap(), "{format}");
        let stats = |p: &Path| {
            let mut v = common::cli::read_json(p);
            v.as_object_mut().unwrap().remove("elapsedMs");
            v
        };
        let s = stats(&stats_g);
        assert_eq!(stats(&stats_c), s, "{format}");
        assert_eq!(s["gamesSkipped"], serde_json::json!({"json": 1, "custom-start": 1}));
    }
    // Counts made under other options, or by another version, are refused.
    let out = dir.join("x.dcb");
    let other = fails(run(&["book", "build", path(&counts[0]), "-o", path(&out)]), 1);
    assert!(
        other.contains("counts built with no --min-rating, --max-ply 6, not no --min-rating, --max-ply 20"),
        "{other}"
    );
    let text = std::fs::read_to_string(&counts[0]).unwrap();
    let old = dir.join("old.counts");
    std::fs::write(&old, text.replacen("\"engineVersion\":\"", "\"engineVersion\":\"0.0.0-", 1)).unwrap();
    let version = fails(run(&["book", "build", path(&old), "-o", path(&out), "--max-ply", "6"]), 1);
    assert!(version.contains("counts of engine version 0.0.0-"), "{version}");
    let broken = dir.join("broken.counts");
    std::fs::write(&broken, text.replacen('\t', " ", 1)).unwrap();
    let line = fails(run(&["book", "build", path(&broken), "-o", path(&out), "--max-ply", "6"]), 1);
    assert!(line.contains("line 2: not five tab-separated fields"), "{line}");
    // The streamed merge refuses the same, names the file, and checks the order it relies on.
    let merged = dir.join("refused.counts");
    let merge = |inputs: &[&Path]| {
        let message = fails(
            run(&[&["book", "merge", "-o", path(&merged)][..], &inputs.iter().map(|p| path(p)).collect::<Vec<_>>()]
                .concat()),
            1,
        );
        assert!(!merged.exists(), "no output for a refused merge");
        message
    };
    let message = merge(&[&counts[1], &broken]);
    assert!(message.contains("broken.counts: line 2: not five tab-separated fields"), "{message}");
    let message = merge(&[&counts[1], &old]);
    assert!(message.contains("old.counts: counts of engine version 0.0.0-"), "{message}");
    let message = merge(&[&counts[1], &whole_counts, &dir.join("c.tsv")]);
    assert!(message.contains("not a count file, where"), "{message}");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(1, 2);
    let unsorted = dir.join("unsorted.counts");
    std::fs::write(&unsorted, lines.join("\n") + "\n").unwrap();
    let message = merge(&[&counts[1], &unsorted]);
    assert!(message.contains("unsorted.counts: line 3: not sorted after the line before"), "{message}");
    let other = dir.join("other.counts");
    build(&[&parts[0]], &other, &["--any-start"]);
    let message = merge(&[&counts[1], &other]);
    assert!(message.contains("other.counts: counts built with"), "{message}");
}

/// The records of a book as `(key hash, moves) → [weight, W, D, L]`, from `book convert --to dump`.
fn dump(book: &Path) -> std::collections::BTreeMap<(String, String), [u64; 4]> {
    let text = ok(run(&["book", "convert", path(book), "-", "--to", "dump"]));
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let n = |i: usize| f[i].parse::<u64>().unwrap();
            ((f[0].to_owned(), f[1].to_owned()), [n(2), n(3), n(4), n(5)])
        })
        .collect()
}

#[test]
fn book_merge_adds_the_records_of_finished_books() {
    let dir = scratch("shard-book-merge");
    let (games_a, games_b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    for (games, seed) in [(&games_a, "1"), (&games_b, "2")] {
        let mut args = words("selfplay --white greedy --black aggressive --games 150 --move-time 0 --quiet --seed");
        args.extend([seed, "-o", path(games)]);
        ok(run(&args));
    }
    let (a, b, a_tsv) = (dir.join("a.dcb"), dir.join("b.dcb"), dir.join("a.tsv"));
    for (games, book, format) in [(&games_a, &a, "dcb"), (&games_b, &b, "dcb"), (&games_a, &a_tsv, "weighted")] {
        let mut args = words("book build --min-games 1 --max-ply 4 --quiet --format");
        args.extend([format, path(games), "-o", path(book)]);
        ok(run(&args));
    }
    let merged = dir.join("merged.dcb");
    ok(run(&["book", "merge", path(&b), path(&a), "-o", path(&merged)]));
    let (da, db, dm) = (dump(&a), dump(&b), dump(&merged));
    assert!(da.keys().any(|k| db.contains_key(k)), "the books share pairs");
    let mut expected = da.clone();
    for (k, v) in &db {
        let e = expected.entry(k.clone()).or_default();
        for (x, y) in e.iter_mut().zip(v) {
            *x += y;
        }
    }
    assert_eq!(dm, expected);
    // A TSV book has no statistics: merged with the binary one, the weights add and the
    // statistics go.
    let mixed = dir.join("mixed.dcb");
    ok(run(&["book", "merge", path(&a_tsv), path(&a), "-o", path(&mixed)]));
    let doubled: std::collections::BTreeMap<_, _> = da.iter().map(|(k, v)| (k.clone(), [2 * v[0], 0, 0, 0])).collect();
    assert_eq!(dump(&mixed), doubled);
    let refused = fails(run(&["book", "merge", path(&games_a), "-o", path(&dir.join("x.dcb"))]), 1);
    assert!(refused.contains("a.jsonl"), "{refused}");
}

/// A small endgame start: few turns a roll, so that the playout judging is quick.
const SMALL_START: &str = "r3k3/pp6/8/8/8/8/PP6/R3K3 w Qq - 0 1";

#[test]
fn book_distill_shards_count_their_games_and_judge_their_rolls_as_the_whole_run() {
    // Without search: each shard counts its games; the counts merged build the whole run's book.
    let plain = words("book distill --bot greedy --opponent random --games 120 --seed 4 --max-ply 8");
    let dir = scratch("shard-distill");
    let whole_book = dir.join("plain.tsv");
    let mut args = plain.clone();
    args.extend(["-o", path(&whole_book), "--min-games", "3", "--quiet"]);
    ok(run(&args));
    let counts =
        shards_merge_to_the_whole("shard-distill-counts", &[&plain[..], &["--format", "counts"]].concat(), "-o");
    for n in [1, 2, 3, 7] {
        let from_counts = dir.join(format!("plain-{n}.tsv"));
        let merged = counts.join(format!("merged-{n}"));
        ok(run(&[
            "book",
            "build",
            path(&merged),
            "--max-ply",
            "8",
            "--min-games",
            "3",
            "-o",
            path(&from_counts),
            "--quiet",
        ]));
        assert_eq!(std::fs::read(&from_counts).unwrap(), std::fs::read(&whole_book).unwrap(), "{n} shards");
    }

    // Search mode: each shard judges its part of the rolls; the judgements merged are the whole
    // run's --search-log, and `--judgements` turns them into its book.
    let mut search = words(
        "book distill --bot greedy --games 60 --seed 4 --min-games 2 --search-turns 1 --search-positions 1 \
         --search-bot greedy --search-playouts 1 --search-confirm 4",
    );
    search.extend(["--start", SMALL_START]);
    let (whole, log) = (dir.join("search.tsv"), dir.join("search.log"));
    let mut args = search.clone();
    args.extend(["-o", path(&whole), "--search-log", path(&log), "--quiet"]);
    ok(run(&args));
    let judged = std::fs::read_to_string(&log).unwrap();
    assert!(judged.lines().count() > 5, "{judged}");
    for n in [1u64, 2, 3, 7] {
        let parts: Vec<PathBuf> = (0..n).map(|k| dir.join(format!("judged-{n}-{k}"))).collect();
        for (k, part) in parts.iter().enumerate() {
            run_to(&search, "-o", part, Some((k as u64, n)));
        }
        let merged = dir.join(format!("judged-{n}"));
        ok(run(
            &[&["merge", "-o", path(&merged)][..], &parts.iter().rev().map(|p| path(p)).collect::<Vec<_>>()].concat()
        ));
        assert!(std::fs::read_to_string(&merged).unwrap() == judged, "{n} shards");
    }
    let from_judgements = |judgements: &Path, games_in: Option<&Path>| {
        let out = dir.join("from-judgements.tsv");
        let mut args = search.clone();
        args.extend(["-o", path(&out), "--judgements", path(judgements), "--quiet"]);
        if let Some(games) = games_in {
            args.extend(["--games-in", path(games)]);
        }
        (run(&args), out)
    };
    let (out, book) = from_judgements(&dir.join("judged-7"), None);
    ok(out);
    assert_eq!(std::fs::read(&book).unwrap(), std::fs::read(&whole).unwrap());

    // The games read instead of played: `selfplay`'s games are distillation's.
    let games = dir.join("games.jsonl");
    let selfplay = words("selfplay --white greedy --games 60 --seed 4 --start");
    ok(run(&[&selfplay[..], &[SMALL_START, "-o", path(&games), "--quiet"]].concat()));
    let (out, book) = from_judgements(&log, Some(&games));
    ok(out);
    assert_eq!(std::fs::read(&book).unwrap(), std::fs::read(&whole).unwrap());

    // Judgements of other games, out of order, or not judgements at all are refused.
    let other = dir.join("other.log");
    std::fs::write(&other, judged.replace(" w Qq - ", " w - - ")).unwrap();
    let message = fails(from_judgements(&other, None).0, 1);
    assert!(
        message.contains("other.log:1:") && message.contains("is not a later roll of the kept positions"),
        "{message}"
    );
    let reversed: String = judged.lines().rev().flat_map(|l| [l, "\n"]).collect();
    std::fs::write(&other, reversed).unwrap();
    let message = fails(from_judgements(&other, None).0, 1);
    assert!(message.contains("other.log:2:") && message.contains("out of order"), "{message}");
    std::fs::write(&other, "{}\n").unwrap();
    assert!(fails(from_judgements(&other, None).0, 1).contains("not a judgement"));

    // What would not add up is refused before any work.
    let refused = |extra: &[&str]| {
        let out = dir.join("refused");
        let mut args = words("book distill --games 10 --quiet --shard 0/2 -o");
        args.push(path(&out));
        args.extend(extra);
        let message = fails(run(&args), 1);
        assert!(!out.exists());
        message
    };
    assert!(refused(&["--format", "tsv"]).contains("writes its games' counts"));
    assert!(refused(&["--search-turns", "1"]).contains("give --search-playouts"));
    assert!(refused(&[]).contains("writes its games' counts"));
    assert!(refused(&["--format", "counts", "--stats", "s.json"]).contains("not a book"));
    let judging = ["--search-turns", "1", "--search-playouts", "1"];
    assert!(refused(&[&judging[..], &["--stats", "s.json"]].concat()).contains("a shard writes none"));
}
