//! `dicechess scenarios` (BOTS.md §11) run as a user runs it: the default run against the
//! expectations of `../shared/conformance/search/scenarios.json`, the report's shape, the strict
//! catalog rules of `--fixtures` with their exit codes (BOOK.md §11.1), and the bundled
//! `core-search-v1` catalog against the catalog part of `scenarios.json` (read at test time, never
//! copied into this repository).

mod common;

use std::path::{Path, PathBuf};

use common::cli::{code, ok, path, read_json, run, scratch, stderr};
use dicechess_lab::scenarios::{core_search_v1, Expectation};
use serde_json::{json, Value};

/// The conformance file of the scenarios (its `catalog` and the expectations).
fn conformance_file() -> PathBuf {
    common::conformance::Suite("search").dir().join("scenarios.json")
}

fn conformance() -> Value {
    common::conformance::Suite("search").load("scenarios.json")
}

/// Runs `scenarios` with `args` plus `--json`, and returns the report.
fn report(dir: &Path, args: &[&str]) -> Value {
    let json = dir.join("report.json");
    let mut all = vec!["scenarios", "--json", path(&json)];
    all.extend_from_slice(args);
    ok(run(&all));
    read_json(&json)
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap_or_else(|| panic!("not an object: {v}")).keys().map(String::as_str).collect()
}

fn uci_list(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_owned()).collect()
}

/// The bundled catalog as schema-v1 JSON, written field by field from the library's value.
fn bundled_catalog_json() -> Value {
    let c = core_search_v1();
    let scenarios: Vec<Value> = c
        .scenarios
        .iter()
        .map(|s| {
            let mut v = json!({
                "id": s.id,
                "category": s.category.as_str(),
                "description": s.description,
                "dfen": s.dfen,
            });
            match &s.expectation {
                Expectation::Turns(turns) => v["expectedTurns"] = json!(turns),
                Expectation::Pass => v["expectPass"] = json!(true),
            }
            v
        })
        .collect();
    json!({
        "schemaVersion": 1,
        "id": c.id,
        "description": c.description,
        "seedSet": {"id": c.seed_set.id, "values": c.seed_set.values},
        "scenarios": scenarios,
    })
}

#[test]
fn bundled_catalog_equals_the_conformance_catalog() {
    let data = conformance();
    let bundled = bundled_catalog_json();
    // Field order included (serde_json keeps it in tests): the same document.
    assert_eq!(
        serde_json::to_string_pretty(&bundled).unwrap(),
        serde_json::to_string_pretty(&data["catalog"]).unwrap()
    );
    assert_eq!(bundled["scenarios"].as_array().unwrap().len(), 12);
}

#[test]
fn default_run_meets_the_conformance_expectations() {
    let data = conformance();
    let dir = scratch("default");
    let r = report(&dir, &[]);
    assert_eq!((r["candidate"]["id"].as_str(), r["baseline"]["id"].as_str()), (Some("aggressive"), Some("greedy")));
    assert_eq!(r["fixtures"]["id"], "core-search-v1");
    assert_eq!(r["fixtures"]["seedSet"], data["catalog"]["seedSet"]);
    let results = r["results"].as_array().unwrap();
    let expectations = data["expectations"].as_array().unwrap();
    let seeds = data["catalog"]["seedSet"]["values"].as_array().unwrap();
    assert_eq!(results.len(), expectations.len() * seeds.len());
    // Scenario-major order, seeds in seed-set order; every decision is legal and the seeded
    // untimed choice pinned by the conformance file.
    let mut k = 0;
    for ex in expectations {
        let id = ex["id"].as_str().unwrap();
        for run in ex["seeded"].as_array().unwrap() {
            let res = &results[k];
            k += 1;
            assert_eq!(res["scenarioId"], id);
            assert_eq!(res["seed"], run["seed"]);
            for (side, bot) in [("candidate", "aggressive"), ("baseline", "greedy")] {
                let d = &res[side];
                let want = uci_list(&run["bots"][bot]);
                assert_eq!(uci_list(&d["moves"]), want, "{id} seed {}: {bot}", run["seed"]);
                assert_eq!(d["passed"], want.is_empty());
                assert_eq!(d["legal"], true, "{id}: {bot}");
                match ex["bots"][bot].as_str() {
                    Some("always") => assert_eq!(d["matched"], true, "{id}: {bot} always matches"),
                    Some("never") => assert_eq!(d["matched"], false, "{id}: {bot} never matches"),
                    _ => {}
                }
            }
            let same = res["candidate"]["moves"] == res["baseline"]["moves"];
            assert_eq!(res["sameDecision"], same);
        }
    }
    // aggressive matches everything; greedy never matches defensive-block-open-file (it takes the
    // queen), so those runs are improvements.
    let s = &r["summary"];
    assert_eq!((s["runs"].as_u64(), s["candidateMatched"].as_u64()), (Some(36), Some(36)));
    assert_eq!((s["regressions"].as_u64(), s["bothMissed"].as_u64()), (Some(0), Some(0)));
    assert_eq!((s["candidateIllegal"].as_u64(), s["baselineIllegal"].as_u64()), (Some(0), Some(0)));
    let block: Vec<&Value> = results.iter().filter(|r| r["scenarioId"] == "defensive-block-open-file").collect();
    assert_eq!(block.len(), 3);
    for r in block {
        assert_eq!((r["comparison"].as_str(), &r["baseline"]["moves"]), (Some("candidate_improved"), &json!(["c3h8"])));
    }
    let count = |c: &str| results.iter().filter(|r| r["comparison"] == c).count() as u64;
    assert_eq!(s["improvements"].as_u64(), Some(count("candidate_improved")));
    assert_eq!(s["bothMatched"].as_u64(), Some(count("both_matched")));
    assert_eq!(s["baselineMatched"].as_u64(), Some(36 - count("candidate_improved")));
    assert_eq!(s["sameDecisions"].as_u64(), Some(results.iter().filter(|r| r["sameDecision"] == true).count() as u64));
    assert_eq!(s["sameDecisions"].as_u64().unwrap() + s["differentDecisions"].as_u64().unwrap(), 36);
}

#[test]
fn report_has_the_shape_of_the_spec() {
    let dir = scratch("shape");
    let r = report(&dir, &[]);
    assert_eq!(keys(&r), ["kind", "schemaVersion", "fixtures", "baseline", "candidate", "summary", "results"]);
    assert_eq!((r["kind"].as_str(), r["schemaVersion"].as_u64()), (Some("search_evaluation"), Some(1)));
    assert_eq!(keys(&r["fixtures"]), ["id", "description", "seedSet"]);
    assert_eq!(keys(&r["fixtures"]["seedSet"]), ["id", "values"]);
    assert_eq!(r["baseline"], json!({"id": "greedy", "name": "Greedy"}));
    assert_eq!(r["candidate"], json!({"id": "aggressive", "name": "Aggressive"}));
    assert_eq!(
        keys(&r["summary"]),
        [
            "runs",
            "sameDecisions",
            "differentDecisions",
            "baselineMatched",
            "candidateMatched",
            "improvements",
            "regressions",
            "bothMatched",
            "bothMissed",
            "baselineIllegal",
            "candidateIllegal"
        ]
    );
    let comparisons = ["candidate_improved", "candidate_regressed", "both_matched", "both_missed"];
    for res in r["results"].as_array().unwrap() {
        assert_eq!(
            keys(res),
            ["scenarioId", "category", "seed", "expectation", "baseline", "candidate", "comparison", "sameDecision"]
        );
        assert!(["tactical", "defensive", "endgame", "forced-pass"].contains(&res["category"].as_str().unwrap()));
        assert!(comparisons.contains(&res["comparison"].as_str().unwrap()));
        let e = &res["expectation"];
        match e["kind"].as_str() {
            Some("pass") => assert_eq!(keys(e), ["kind"]),
            Some("turns") => {
                assert_eq!(keys(e), ["kind", "allowed"]);
                assert!(!e["allowed"].as_array().unwrap().is_empty());
            }
            other => panic!("expectation kind {other:?}"),
        }
        for side in ["baseline", "candidate"] {
            let d = &res[side];
            assert_eq!(keys(d), ["passed", "moves", "score", "legal", "matched"]);
            // A pass has no score; a turn has an integer one.
            assert_eq!(d["score"].is_null(), d["passed"] == true, "{d}");
            assert!(d["score"].is_null() || d["score"].is_i64());
        }
    }
    // Forced passes: both bots pass, legally, as expected.
    let pass = r["results"].as_array().unwrap().iter().find(|r| r["category"] == "forced-pass").unwrap();
    assert_eq!(pass["expectation"], json!({"kind": "pass"}));
    assert_eq!(pass["candidate"], json!({"passed": true, "moves": [], "score": null, "legal": true, "matched": true}));
    assert_eq!(pass["comparison"], "both_matched");
}

#[test]
fn summary_is_printed_and_json_can_go_to_stdout() {
    let out = ok(run(&["scenarios"]));
    assert!(out.contains("core-search-v1"), "{out}");
    assert!(out.contains("candidate aggressive vs baseline greedy"), "{out}");
    assert!(out.contains("expectation hits     candidate 36/36"), "{out}");
    assert!(out.contains("defensive-block-open-file"), "{out}");
    // `--json -`: stdout is the report alone, the summary goes to stderr.
    let out = run(&["scenarios", "--json", "-", "--bot", "greedy-v2", "--baseline", "Random"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((r["candidate"]["id"].as_str(), r["baseline"]["id"].as_str()), (Some("greedy-v2"), Some("random")));
    assert_eq!(r["summary"]["candidateMatched"], 36); // greedy-v2 matches every scenario
    assert!(stderr(&out).contains("runs                 36"));
}

#[test]
fn fixtures_file_of_the_conformance_catalog_gives_the_default_report() {
    let dir = scratch("fixtures");
    let file = dir.join("core.json");
    std::fs::write(&file, serde_json::to_string_pretty(&conformance()["catalog"]).unwrap()).unwrap();
    let from_file = report(&dir, &["--fixtures", path(&file)]);
    let bundled = report(&dir, &[]);
    assert_eq!(from_file, bundled);
}

#[test]
fn timed_and_untimed_budgeted_bots() {
    let dir = scratch("budgeted");
    // Untimed expectimax matches every scenario for every seed (scenarios.json → expectations).
    let r = report(&dir, &["--bot", "expectimax", "--baseline", "greedy-v2"]);
    assert_eq!(r["summary"]["candidateMatched"], 36);
    assert_eq!(r["summary"]["baselineMatched"], 36);
    // Timed (results are [dist]): still legal, and the king captures are settled before the clock.
    let r = report(&dir, &["--bot", "monte-carlo", "--baseline", "expectimax", "--move-time", "5"]);
    assert_eq!(
        (r["summary"]["candidateIllegal"].as_u64(), r["summary"]["baselineIllegal"].as_u64()),
        (Some(0), Some(0))
    );
    for res in r["results"].as_array().unwrap() {
        let id = res["scenarioId"].as_str().unwrap();
        if ["tactical-immediate-rook-capture", "tactical-immediate-knight-capture", "tactical-shortest-terminal-line"]
            .contains(&id)
        {
            assert_eq!(res["comparison"], "both_matched", "{id}");
        }
    }
}

/// A catalog file made from the bundled one with `edit` applied.
fn edited(dir: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut catalog = bundled_catalog_json();
    edit(&mut catalog);
    let file = dir.join(format!("{name}.json"));
    std::fs::write(&file, serde_json::to_string_pretty(&catalog).unwrap()).unwrap();
    file
}

/// `scenarios --fixtures file` exits `expected` with a message on stderr that starts with
/// `error: <message>`, and writes neither a summary nor a report.
fn rejected(file: &Path, expected: i32, message: &str) {
    let name = file.file_name().unwrap().to_str().unwrap();
    let json = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli_scenarios-rejected-{name}.report"));
    let _ = std::fs::remove_file(&json);
    let out = run(&["scenarios", "--fixtures", path(file), "--json", path(&json)]);
    let err = stderr(&out);
    assert_eq!(code(&out), expected, "{}: stderr {err}", file.display());
    let want = format!("error: {message}");
    assert!(err.starts_with(&want), "{}: {want:?} does not start {err:?}", file.display());
    assert!(out.stdout.is_empty(), "no summary for a rejected catalog");
    assert!(!json.exists(), "no report for a rejected catalog");
}

/// A catalog that breaks schema v1 exits 1 with `error: <file>: <field>: <problem>`, the field
/// and problem given by `message`.
fn invalid(file: &Path, message: &str) {
    rejected(file, 1, &format!("{}: {message}", path(file)));
}

/// A change to a catalog.
type Edit = Box<dyn FnOnce(&mut Value)>;

/// Every rule of schema v1 a `--fixtures` catalog can break, each with its field and message.
#[test]
fn strict_catalog_rules() {
    let dir = scratch("strict");
    let root_fields = "expected one of `schemaVersion`, `id`, `description`, `seedSet`, `scenarios`";
    let scenario_fields = "expected one of `id`, `category`, `description`, `dfen`, `expectedTurns`, `expectPass`";
    let cases: Vec<(&str, Edit, String)> = vec![
        (
            "unknown-root-field",
            Box::new(|c| c["comment"] = json!("x")),
            format!("comment: unknown field `comment`, {root_fields}"),
        ),
        (
            "unknown-scenario-field",
            Box::new(|c| c["scenarios"][2]["weight"] = json!(1)),
            format!("scenarios[2].weight: unknown field `weight`, {scenario_fields}"),
        ),
        (
            "unknown-seedset-field",
            Box::new(|c| c["seedSet"]["note"] = json!(null)),
            "seedSet.note: unknown field `note`, expected `id` or `values`".into(),
        ),
        (
            "duplicate-id",
            Box::new(|c| c["scenarios"][7]["id"] = c["scenarios"][1]["id"].clone()),
            r#"scenarios[7].id: duplicate scenario id "tactical-immediate-knight-capture""#.into(),
        ),
        (
            "non-canonical-dfen",
            Box::new(|c| c["scenarios"][0]["dfen"] = json!("k7/8/8/8/8/8/8/R3K3 w - - 0 1 RPP")),
            r#"scenarios[0].dfen: DFEN is not canonical (canonical form: "k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR")"#.into(),
        ),
        (
            "invalid-dfen",
            Box::new(|c| c["scenarios"][0]["dfen"] = json!("k7/8/8 x")),
            format!("scenarios[0].dfen: invalid DFEN: {}", dicechess::Position::from_dfen("k7/8/8 x").unwrap_err()),
        ),
        (
            "dfen-without-dice",
            Box::new(|c| c["scenarios"][3]["dfen"] = json!("4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1")),
            "scenarios[3].dfen: DFEN has no dice".into(),
        ),
        (
            "kingless-position",
            Box::new(|c| c["scenarios"][0]["dfen"] = json!("8/8/8/8/8/8/8/R3K3 w - - 0 1 PPR")),
            "scenarios[0].dfen: the position has no black king: the game is over".into(),
        ),
        (
            "illegal-expected-turn",
            Box::new(|c| c["scenarios"][5]["expectedTurns"][1] = json!(["e1e3"])),
            r#"scenarios[5].expectedTurns[1]: ["e1e3"] is not a legal turn of the roll"#.into(),
        ),
        (
            "duplicate-expected-turn",
            Box::new(|c| c["scenarios"][5]["expectedTurns"][2] = json!(["e1d1"])),
            r#"scenarios[5].expectedTurns[2]: turn ["e1d1"] listed twice"#.into(),
        ),
        (
            "empty-expected-turns",
            Box::new(|c| c["scenarios"][5]["expectedTurns"] = json!([])),
            "scenarios[5].expectedTurns: empty list".into(),
        ),
        (
            "empty-expected-turn",
            Box::new(|c| c["scenarios"][5]["expectedTurns"][0] = json!([])),
            "scenarios[5].expectedTurns[0]: empty list".into(),
        ),
        (
            "expect-pass-false",
            Box::new(|c| c["scenarios"][10]["expectPass"] = json!(false)),
            "scenarios[10].expectPass: must be true when present".into(),
        ),
        (
            "expect-pass-with-turns",
            Box::new(|c| {
                c["scenarios"][0].as_object_mut().unwrap().remove("expectedTurns");
                c["scenarios"][0]["expectPass"] = json!(true);
            }),
            "scenarios[0].expectPass: the roll has 10 legal turns, so it is not a forced pass".into(),
        ),
        (
            "both-expectations",
            Box::new(|c| c["scenarios"][10]["expectedTurns"] = json!([["e1e2"]])),
            "scenarios[10]: expectedTurns and expectPass are exclusive".into(),
        ),
        (
            "no-expectation",
            Box::new(|c| {
                c["scenarios"][10].as_object_mut().unwrap().remove("expectPass");
            }),
            "scenarios[10]: a scenario has exactly one of expectedTurns and expectPass".into(),
        ),
        (
            "unknown-category",
            Box::new(|c| c["scenarios"][4]["category"] = json!("Defensive")),
            r#"scenarios[4].category: unknown category "Defensive" (expected tactical, defensive, endgame or forced-pass)"#
                .into(),
        ),
        ("no-seed", Box::new(|c| c["seedSet"]["values"] = json!([])), "seedSet.values: no seed".into()),
        (
            "duplicate-seed",
            Box::new(|c| c["seedSet"]["values"] = json!([0, 7, 0])),
            "seedSet.values[2]: seed 0 listed twice".into(),
        ),
        (
            "negative-seed",
            Box::new(|c| c["seedSet"]["values"] = json!([0, -7])),
            "seedSet.values[1]: invalid value: integer `-7`, expected u64".into(),
        ),
        (
            "schema-version",
            Box::new(|c| c["schemaVersion"] = json!(2)),
            "schemaVersion: unsupported schema version (expected 1)".into(),
        ),
        (
            "schema-version-type",
            Box::new(|c| c["schemaVersion"] = json!("1")),
            r#"schemaVersion: invalid type: string "1", expected a JSON number"#.into(),
        ),
        (
            "missing-dfen",
            Box::new(|c| {
                c["scenarios"][1].as_object_mut().unwrap().remove("dfen");
            }),
            "scenarios[1]: missing field `dfen`".into(),
        ),
        (
            "wrong-type",
            Box::new(|c| c["scenarios"][1]["id"] = json!(3)),
            "scenarios[1].id: invalid type: integer `3`, expected a string".into(),
        ),
        (
            "scenarios-not-an-array",
            Box::new(|c| c["scenarios"] = json!({})),
            "scenarios: invalid type: map, expected a sequence".into(),
        ),
    ];
    for (name, edit, message) in cases {
        invalid(&edited(&dir, name, edit), &message);
    }
    // A duplicate field cannot be written through a JSON value: edit the text.
    let text = serde_json::to_string_pretty(&bundled_catalog_json()).unwrap();
    let dup = dir.join("duplicate-field.json");
    let twice = text.replacen(
        "\"id\": \"tactical-immediate-rook-capture\",",
        "\"id\": \"tactical-immediate-rook-capture\",\n      \"id\": \"again\",",
        1,
    );
    assert_ne!(twice, text);
    std::fs::write(&dup, twice).unwrap();
    invalid(&dup, "scenarios[0]: duplicate field `id`");
    let dup_root = dir.join("duplicate-root-field.json");
    std::fs::write(
        &dup_root,
        text.replacen("\"schemaVersion\": 1,", "\"schemaVersion\": 1,\n  \"schemaVersion\": 1,", 1),
    )
    .unwrap();
    invalid(&dup_root, "duplicate field `schemaVersion`");
    // Not JSON at all: invalid content too, an error of the whole document (no field).
    let bad = dir.join("not-json.json");
    std::fs::write(&bad, "{\"schemaVersion\": 1,").unwrap();
    invalid(&bad, "not valid JSON: EOF while parsing an object at line 1 column 20");
    // The scenarios.json file itself is not a catalog: its root has other fields.
    invalid(&conformance_file(), &format!("catalog: unknown field `catalog`, {root_fields}"));
    // Unreadable or not UTF-8: I/O (3).
    let missing = dir.join("missing.json");
    rejected(&missing, 3, &format!("cannot read {}: ", path(&missing)));
    let latin1 = dir.join("latin1.json");
    std::fs::write(&latin1, b"{\"id\": \"caf\xe9\"}").unwrap();
    rejected(&latin1, 3, &format!("cannot read {}: invalid UTF-8", path(&latin1)));
}

#[test]
fn usage_errors() {
    for args in [
        &["scenarios", "--bot", "nope"][..],
        &["scenarios", "--baseline", "stockfish"],
        &["scenarios", "--move-time", "-5"],
        &["scenarios", "--move-time", "x"],
        &["scenarios", "--seed", "1"],
    ] {
        let out = run(args);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("Usage: dicechess scenarios"), "{args:?}: {}", stderr(&out));
    }
}
