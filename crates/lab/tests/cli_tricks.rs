//! Issue 31, "A CLI that cannot be tricked": the reproductions of items 11–17 run as a user runs
//! them, each asserting what docs/NOTES.md ("Hardening", "CLI output and signals") documents:
//! shard counts within their cap and merges that allocate nothing per missing shard; checked
//! arithmetic and shard contents checked against their manifests; size caps on whole-file
//! inputs; two outputs on one file refused; finished start positions refused; numeric flags
//! within their caps; temporary files removed on every signal that can be caught. Unix only
//! (devices, FIFOs, links, signals).
#![cfg(unix)]

mod common;

use std::fs;
use std::path::Path;

use serde_json::{json, Value};

use common::book_cli::listing;
use common::cli::{fails, ok, path, read_json, run};
use dicechess_cli::shard::sha256_hex;

const FINISHED: &str = "8/8/8/8/8/8/8/4K3 w - - 0 1";

/// `selfplay` of `games` untimed games of shard `shard` into `out`.
fn selfplay_shard(out: &Path, games: u64, shard: &str) {
    let games = games.to_string();
    ok(run(&[
        "selfplay",
        "--white",
        "random",
        "--games",
        &games,
        "--move-time",
        "0",
        "--quiet",
        "--shard",
        shard,
        "-o",
        path(out),
    ]));
}

/// `arena` of `pairs` untimed pairs of shard `shard`, its report in `out`.
fn arena_shard(out: &Path, pairs: u64, shard: &str) {
    let pairs = pairs.to_string();
    ok(run(&[
        "arena",
        "--bot",
        "random",
        "--baseline",
        "greedy",
        "--pairs",
        &pairs,
        "--move-time",
        "0",
        "--quiet",
        "--shard",
        shard,
        "--json",
        path(out),
    ]));
}

/// The manifest beside `output`, edited by `edit`, with the sha256 of `output`'s bytes.
fn forge_manifest(output: &Path, edit: impl FnOnce(&mut Value)) {
    let at = format!("{}.shard.json", output.display());
    let mut manifest = read_json(Path::new(&at));
    edit(&mut manifest);
    manifest["sha256"] = json!(sha256_hex(&fs::read(output).unwrap()));
    fs::write(&at, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
}

// ---------------------------------------------------------------------------------------------------
// 11. Shard counts

#[test]
fn a_shard_count_past_the_cap_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.jsonl");
    for shard in ["0/18446744073709551615", "0/65537"] {
        let err = fails(run(&["selfplay", "--games", "1", "--shard", shard, "-o", path(&out)]), 2);
        assert!(err.contains("N <= 65536"), "{err}");
    }
    assert_eq!(listing(dir.path()), Vec::<String>::new());
}

#[test]
fn a_merge_names_a_few_missing_shards_and_allocates_none_per_shard() {
    // Issue 31: a manifest of 2^64 − 1 shards made `merge` allocate a string per missing shard.
    let dir = tempfile::tempdir().unwrap();
    let s0 = dir.path().join("s0.jsonl");
    selfplay_shard(&s0, 2, "0/65536");
    let out = dir.path().join("all.jsonl");
    let err = fails(run(&["merge", "-o", path(&out), path(&s0)]), 1);
    assert!(err.contains("65535 of 65536 shards missing: 1/65536, 2/65536"), "{err}");
    assert!(err.contains("20/65536, …") && !err.contains("21/65536"), "{err}");
    // A forged count past the cap is refused as such.
    forge_manifest(&s0, |m| m["shard"]["count"] = json!(u64::MAX));
    let err = fails(run(&["merge", "-o", path(&out), path(&s0)]), 1);
    assert!(err.contains("not K/N with 0 <= K < N <= 65536"), "{err}");
    assert!(!out.exists());
}

// ---------------------------------------------------------------------------------------------------
// 12. Checked merges

#[test]
fn a_shard_holding_fewer_games_than_its_range_is_refused() {
    // Issue 31: a 5-game shard whose manifest claims games 0..10 merged as the whole run.
    let dir = tempfile::tempdir().unwrap();
    let s0 = dir.path().join("s0.jsonl");
    selfplay_shard(&s0, 5, "0/1");
    forge_manifest(&s0, |m| {
        m["options"]["games"] = json!(10);
        m["end"] = json!(10);
        m["total"] = json!(10);
    });
    let out = dir.path().join("all.jsonl");
    let err = fails(run(&["merge", "-o", path(&out), path(&s0)]), 1);
    assert!(err.contains("holds 5 games where its manifest claims 10 (games 0..10)"), "{err}");
    assert!(!out.exists());
}

#[test]
fn arena_counts_that_overflow_are_an_error() {
    // Issue 31: counts added with wrapping arithmetic merged to `pairsPlayed: 1`.
    let dir = tempfile::tempdir().unwrap();
    let shards = [dir.path().join("a0.json"), dir.path().join("a1.json")];
    arena_shard(&shards[0], 2, "0/2");
    arena_shard(&shards[1], 2, "1/2");
    let out = dir.path().join("all.json");
    // Unforged, the shards merge.
    ok(run(&["merge", "-o", path(&out), path(&shards[0]), path(&shards[1])]));
    assert_eq!(read_json(&out)["matches"][0]["pairsPlayed"], 2);
    for shard in &shards {
        let mut report = read_json(shard);
        report["matches"][0]["flags"]["bot"] = json!(u64::MAX);
        fs::write(shard, serde_json::to_string_pretty(&report).unwrap()).unwrap();
        forge_manifest(shard, |_| {});
    }
    let err = fails(run(&["merge", "-o", path(&out), path(&shards[0]), path(&shards[1])]), 1);
    assert!(err.contains("flags.bot add up past 2^64 - 1"), "{err}");
    // Results that do not add up to the games are refused too.
    for shard in &shards {
        let mut report = read_json(shard);
        report["matches"][0]["flags"]["bot"] = json!(0);
        fs::write(shard, serde_json::to_string_pretty(&report).unwrap()).unwrap();
        forge_manifest(shard, |_| {});
    }
    ok(run(&["merge", "-o", path(&out), path(&shards[0]), path(&shards[1])]));
    let mut report = read_json(&shards[0]);
    let wins = report["matches"][0]["wins"]["white"].as_u64().unwrap();
    report["matches"][0]["wins"]["white"] = json!(wins + 1);
    fs::write(&shards[0], serde_json::to_string_pretty(&report).unwrap()).unwrap();
    forge_manifest(&shards[0], |_| {});
    let err = fails(run(&["merge", "-o", path(&out), path(&shards[0]), path(&shards[1])]), 1);
    assert!(err.contains("match 1: the shards' results do not add up to their games"), "{err}");
}

// ---------------------------------------------------------------------------------------------------
// 13. Size caps on whole-file inputs

#[cfg(target_os = "linux")]
#[test]
fn dev_zero_as_a_whole_file_input_is_refused_at_its_cap() {
    // Issue 31: `book validate /dev/zero` reached 3.9 GB in 6 s; the other whole-file readers too.
    // One after the other: each reads up to its cap (256 MiB).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let runs: [&[&str]; 4] = [
        &["book", "validate", "/dev/zero"],
        &["book", "convert", "/dev/zero", path(&out)],
        &["game", "convert", "/dev/zero", "-o", path(&out)],
        &["review", "/dev/zero"],
    ];
    for args in runs {
        let err = fails(run(args), 1);
        assert!(err.contains("/dev/zero: larger than 256 MiB"), "{args:?}: {err}");
    }
    assert_eq!(listing(dir.path()), Vec::<String>::new());
}

#[test]
fn a_sparse_file_over_the_cap_is_refused_before_it_is_read() {
    // Issue 31: `game convert` of a 1 GB sparse file read it all before saying it is over 16 MiB.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.jsonl");
    fs::File::create(&big).unwrap().set_len(1 << 30).unwrap();
    let err = fails(run(&["game", "convert", path(&big), "-o", "-"]), 1);
    assert!(err.contains("larger than 256 MiB, the cap of a games file"), "{err}");
    let err = fails(run(&["book", "validate", path(&big)]), 1);
    assert!(err.contains("larger than 256 MiB, the cap of a book"), "{err}");
}

#[test]
fn a_shard_linked_to_a_device_is_refused() {
    // Issue 31: `merge` of a shard linked to /dev/zero read without end.
    let dir = tempfile::tempdir().unwrap();
    let s0 = dir.path().join("s0.jsonl");
    selfplay_shard(&s0, 1, "0/1");
    fs::remove_file(&s0).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &s0).unwrap();
    let out = dir.path().join("all.jsonl");
    let err = fails(run(&["merge", "-o", path(&out), path(&s0)]), 1);
    assert!(err.contains("a shard must be a regular file"), "{err}");
    assert!(!out.exists());
}

// ---------------------------------------------------------------------------------------------------
// 14. Two outputs on one file

#[test]
fn two_outputs_on_one_file_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.jsonl");
    ok(run(&["selfplay", "--white", "random", "--games", "2", "--move-time", "0", "--quiet", "-o", path(&games)]));
    let x = dir.path().join("x");
    let err = fails(run(&["book", "build", path(&games), "--min-games", "1", "-o", path(&x), "--stats", path(&x)]), 2);
    assert!(err.contains("-o and --stats name one file"), "{err}");
    // The same file by another spelling.
    let other = format!("{}/./x", dir.path().display());
    let err =
        fails(run(&["arena", "--pairs", "1", "--move-time", "0", "--quiet", "--json", path(&x), "--games", &other]), 2);
    assert!(err.contains("--json and --games name one file"), "{err}");
    assert_eq!(listing(dir.path()), ["games.jsonl"]);
}

#[test]
fn a_merge_that_would_overwrite_its_inputs_is_refused() {
    // Issue 31: `merge -o s0.jsonl s0.jsonl s1.jsonl` replaced its own input.
    let dir = tempfile::tempdir().unwrap();
    let (s0, s1) = (dir.path().join("s0.jsonl"), dir.path().join("s1.jsonl"));
    selfplay_shard(&s0, 2, "0/2");
    selfplay_shard(&s1, 2, "1/2");
    let before = fs::read(&s0).unwrap();
    let err = fails(run(&["merge", "-o", path(&s0), path(&s0), path(&s1)]), 2);
    assert!(err.contains("it would be overwritten"), "{err}");
    // Through a link, and onto a manifest.
    let link = dir.path().join("link.jsonl");
    std::os::unix::fs::symlink(&s1, &link).unwrap();
    fails(run(&["merge", "-o", path(&link), path(&s0), path(&s1)]), 2);
    let manifest = format!("{}.shard.json", s1.display());
    fails(run(&["merge", "-o", &manifest, path(&s0), path(&s1)]), 2);
    assert_eq!(fs::read(&s0).unwrap(), before);
}

// ---------------------------------------------------------------------------------------------------
// 15. A finished start position

#[test]
fn a_finished_start_is_refused() {
    // Issue 31: a start without a king played 10,000 pass turns scored as a draw.
    let err = fails(run(&["selfplay", "--start", FINISHED, "--games", "1", "-o", "-"]), 1);
    assert!(err.contains("the game is over (a king is missing)"), "{err}");
    let err = fails(run(&["arena", "--start", FINISHED, "--pairs", "1", "--move-time", "0", "--quiet"]), 1);
    assert!(err.contains("the game is over (a king is missing)"), "{err}");
}

// ---------------------------------------------------------------------------------------------------
// 16. Numeric flags within their caps

#[test]
fn numeric_flags_past_their_caps_are_usage_errors() {
    let max = u64::MAX.to_string();
    let cases: [(&[&str], &str); 5] = [
        (&["selfplay", "-o", "-", "--threads", "100000"], "from 1 to 256"),
        (&["selfplay", "-o", "-", "--games", &max], "from 1 to 1000000000"),
        (&["arena", "--pairs", &max], "from 1 to 1000000000"),
        (&["arena", "--move-time", &max], "from 0 to 3600000"),
        (&["arena", "--threads", "257"], "from 1 to 256"),
    ];
    for (args, says) in cases {
        let err = fails(run(args), 2);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------------
// 17. Signals

// SIGUSR1, SIGUSR2 and SIGALRM are among the signals of cli_hardening.rs, whose tests send each
// while a run's outputs are pending and check that nothing is left.
