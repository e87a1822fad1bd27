//! The search conformance vectors (`../shared/conformance/search/`, BOTS.md §12), loaded at test time
//! and checked strictly. One `#[test]` per file; every case runs and all failures are listed at the
//! end. The files are never copied into this repository.
#![cfg(all(not(target_arch = "wasm32"), feature = "search"))] // native only: wasm-pack test builds every test target for wasm32
#![cfg(feature = "search")]

mod common;

use common::conformance::{Failures, Suite};
use dicechess::search::api::{self, BestMoveOptions, ClockOptions, DecisionOptions, EquityOptions};
use dicechess::search::stats::{self, SprtParams, Trinomial};
use dicechess::search::{
    budget, budget_ms, choose_turn, kcp_numerator, legal_turns, moves_to_go, policy_by_id, seed_from_number,
    ClockState, MonteCarloBot, Question, Registry, Rng, SystemClock, TimePolicy,
};
use dicechess::{Color, Position, Role, Turns};
use serde_json::Value;

const SUITE: Suite = Suite("search");

const FILES: &[&str] = &[
    "decisions.json",
    "equity.json",
    "kcp.json",
    "prng.json",
    "registry.json",
    "scenarios.json",
    "sprt.json",
    "time_policy.json",
];

/// A JSON number or the strings "Infinity" / "NaN".
fn num(v: &Value) -> f64 {
    match v {
        Value::String(s) if s == "Infinity" => f64::INFINITY,
        Value::String(s) if s == "-Infinity" => f64::NEG_INFINITY,
        Value::String(s) if s == "NaN" => f64::NAN,
        _ => v.as_f64().unwrap_or_else(|| panic!("not a number: {v}")),
    }
}

fn opt_num(v: &Value, key: &str) -> Option<f64> {
    v.get(key).filter(|x| !x.is_null()).map(num)
}

fn arr(v: &Value) -> &Vec<Value> {
    v.as_array().unwrap_or_else(|| panic!("not an array: {v}"))
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

#[test]
fn all_files_are_covered() {
    let found = SUITE.files(|n| n.ends_with(".json"));
    assert_eq!(found, FILES, "a vector file was added or removed: give it a test");
}

#[test]
fn prng() {
    let data = SUITE.load("prng.json");
    let mut f = Failures::default();
    let streams = arr(&data["streams"]);
    for st in streams {
        let title = format!("seed {}", st["seed"]);
        let seed = seed_from_number(num(&st["seed"])).expect("finite seed");
        f.eq(&title, "seedU64", format!("{seed:016x}"), s(&st["seedU64"]).to_owned());
        let mut rng = Rng::from_seed(seed);
        let next: Vec<String> = (0..4).map(|_| format!("{:016x}", rng.next_u64())).collect();
        let want: Vec<String> = arr(&st["nextU64Hex"]).iter().map(|v| s(v).to_owned()).collect();
        f.eq(&title, "nextU64Hex", next, want);
        let mut rng = Rng::from_seed(seed);
        let dice: Vec<u64> = (0..12).map(|_| u64::from(rng.die())).collect();
        f.eq(&title, "dice", dice, arr(&st["dice"]).iter().map(|v| v.as_u64().unwrap()).collect());
        let mut rng = Rng::from_seed(seed);
        let uni: Vec<u64> = (0..6).map(|_| rng.uniform(100)).collect();
        f.eq(&title, "uniform100", uni, arr(&st["uniform100"]).iter().map(|v| v.as_u64().unwrap()).collect());
        let mut rng = Rng::from_seed(seed);
        for (k, want) in arr(&st["real"]).iter().map(num).enumerate() {
            let raw = rng.next_u64();
            let mut again = Rng::from_seed(seed);
            (0..k).for_each(|_| {
                again.next_u64();
            });
            let got = again.real();
            // real() must be exactly (next >> 11) × 2^-53 of the same draw.
            f.eq(&title, &format!("real[{k}] formula"), got, (raw >> 11) as f64 / 9_007_199_254_740_992.0);
            f.eq(&title, &format!("real[{k}]"), got, want);
        }
    }
    for d in arr(&data["derive"]) {
        let (sd, n) = (d["S"].as_u64().unwrap(), d["n"].as_u64().unwrap());
        f.eq(
            &format!("derive({sd}, {n})"),
            "derivedHex",
            format!("{:016x}", dicechess::search::derive(sd, n)),
            s(&d["derivedHex"]).to_owned(),
        );
    }
    // Non-finite seeds mean "no seed".
    f.check(seed_from_number(f64::NAN).is_none() && seed_from_number(f64::INFINITY).is_none(), || {
        "non-finite seed".into()
    });
    f.finish("prng.json", streams.len());
}

#[test]
fn registry() {
    let data = SUITE.load("registry.json");
    let reg = Registry::new();
    let got: Vec<Value> = reg
        .bots()
        .into_iter()
        .map(|b| {
            serde_json::json!({"id": b.id, "name": b.name, "description": b.description, "difficulty": b.difficulty, "isExperimental": b.is_experimental})
        })
        .collect();
    assert_eq!(Value::Array(got), data);
    // Lookup and fallback (BOTS.md §3.2).
    assert_eq!(reg.resolve(Some("GREEDY")).info().id, "greedy");
    assert_eq!(reg.resolve(Some("Monte-Carlo")).info().id, "monte-carlo");
    assert_eq!(reg.resolve(Some("no-such-bot")).info().id, "greedy");
    assert_eq!(reg.resolve(None).info().id, "greedy");
    assert_eq!(reg.resolve(Some(&"x".repeat(65))).info().id, "greedy");
    assert_eq!(api::available_time_policies(), ["empirical-v1", "legacy-linear-v1"]);
}

#[test]
fn kcp() {
    let data = SUITE.load("kcp.json");
    let cases = arr(&data);
    let mut f = Failures::default();
    for c in cases {
        let title = s(&c["title"]);
        let pos = match Position::from_dfen(s(&c["dfen"])) {
            Ok(p) => p,
            Err(e) => {
                f.push(format!("{title}: DFEN does not parse: {e}"));
                continue;
            }
        };
        let defender = if s(&c["defender"]) == "white" { Color::White } else { Color::Black };
        let target = if s(&c["target"]) == "king" { Role::King } else { Role::Queen };
        f.eq(title, "numerator", u64::from(kcp_numerator(&pos, defender, target)), c["numerator"].as_u64().unwrap());
    }
    f.finish("kcp.json", cases.len());
}

fn clock_of(v: &Value) -> ClockState {
    ClockState {
        remaining_ms: v["remainingMs"].as_i64().unwrap(),
        increment_ms: v["incrementMs"].as_i64().unwrap(),
        move_number: v["moveNumber"].as_i64().unwrap() as i32,
        moves_to_go: v.get("movesToGo").and_then(Value::as_i64).map(|m| m as i32),
    }
}

/// A policy returning a constant estimate (`customEstimate`).
struct Constant(f64);

impl TimePolicy for Constant {
    fn id(&self) -> &str {
        "constant"
    }
    fn moves_to_go_estimate(&self, _: &ClockState) -> f64 {
        self.0
    }
}

fn js_clock(v: &Value) -> ClockOptions {
    ClockOptions {
        remaining_ms: opt_num(v, "remainingMs"),
        increment_ms: opt_num(v, "incrementMs"),
        move_number: opt_num(v, "moveNumber"),
        moves_to_go: opt_num(v, "movesToGo"),
    }
}

/// The options of a JS call as the binding would pass them (fields of the right type only).
fn best_move_options(v: &Value) -> BestMoveOptions {
    let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    BestMoveOptions {
        algorithm: text("algorithm"),
        clock: v.get("clock").filter(|c| c.is_object()).map(js_clock),
        time_policy: text("timePolicy"),
        time_budget_ms: opt_num(v, "timeBudgetMs"),
        seed: opt_num(v, "seed").and_then(seed_from_number),
    }
}

#[test]
fn time_policy() {
    let data = SUITE.load("time_policy.json");
    let mut f = Failures::default();
    let mut n = 0;
    let k = &data["constants"];
    let consts = [
        ("ReserveFloorMs", 300.0),
        ("ReserveFraction", 0.05),
        ("BaseMovesToGo", 30.0),
        ("MinMovesToGo", 12.0),
        ("MaxFraction", 0.2),
        ("MinThinkMs", dicechess::search::MIN_THINK_MS as f64),
        ("PanicThresholdMs", 2000.0),
        ("PanicBudgetMs", 200.0),
        ("JsOverheadMs", dicechess::search::JS_OVERHEAD_MS as f64),
        ("ArenaOverheadMs", dicechess::search::ARENA_OVERHEAD_MS as f64),
        ("MaxBudgetMs", dicechess::search::MAX_BUDGET_MS as f64),
        ("MonteCarloDefaultBudgetMs", dicechess::search::MONTE_CARLO_DEFAULT_BUDGET_MS as f64),
    ];
    for (name, value) in consts {
        f.eq("constants", name, num(&k[name]), value);
    }
    let knots: Vec<(i32, f64)> =
        arr(&data["empiricalKnots"]).iter().map(|p| (p[0].as_i64().unwrap() as i32, num(&p[1]))).collect();
    f.eq("empiricalKnots", "knots", knots, dicechess::search::EMPIRICAL_KNOTS.to_vec());
    let policies: Vec<&str> = arr(&data["policies"]).iter().map(s).collect();
    f.eq("policies", "ids", policies, dicechess::search::POLICY_IDS.to_vec());
    for c in arr(&data["cases"]) {
        n += 1;
        let title = s(&c["title"]);
        let policy = policy_by_id(s(&c["policy"])).expect("known policy");
        let clock = clock_of(&c["clock"]);
        let b = budget(policy, &clock);
        f.eq(title, "targetMs", b.target_ms, c["targetMs"].as_i64().unwrap());
        f.eq(title, "hardCapMs", b.hard_cap_ms, c["hardCapMs"].as_i64().unwrap());
        f.eq(
            title,
            "budgetMs.overhead150",
            budget_ms(policy, &clock, 150),
            c["budgetMs"]["overhead150"].as_i64().unwrap(),
        );
        f.eq(
            title,
            "budgetMs.overhead50",
            budget_ms(policy, &clock, 50),
            c["budgetMs"]["overhead50"].as_i64().unwrap(),
        );
    }
    for c in arr(&data["movesToGo"]) {
        n += 1;
        let policy = policy_by_id(s(&c["policy"])).expect("known policy");
        let mn = c["moveNumber"].as_i64().unwrap() as i32;
        let clock = ClockState { remaining_ms: 60_000, increment_ms: 0, move_number: mn, moves_to_go: None };
        let (got, want) = (moves_to_go(policy, &clock), num(&c["movesToGo"]));
        f.check((got - want).abs() <= 1e-9, || {
            format!("movesToGo {} at {mn}: got {got}, want {want}", s(&c["policy"]))
        });
    }
    for c in arr(&data["customEstimate"]) {
        n += 1;
        let title = s(&c["title"]);
        let policy = Constant(num(&c["movesToGoEstimate"]));
        let b = budget(&policy, &clock_of(&c["clock"]));
        f.eq(title, "targetMs", b.target_ms, c["targetMs"].as_i64().unwrap());
        f.eq(title, "hardCapMs", b.hard_cap_ms, c["hardCapMs"].as_i64().unwrap());
    }
    let registry = Registry::new();
    let clock = SystemClock::new();
    for c in arr(&data["jsGetBestMove"]["cases"]) {
        n += 1;
        let title = s(&c["title"]);
        let options = best_move_options(&c["options"]);
        let result =
            api::get_best_move(&registry, s(&c["dfen"]), &options, &clock, dicechess::search::Clock::now(&clock));
        f.eq(title, "budgetMs", result.budget_ms, c["expectedBudgetMs"].as_u64().unwrap());
        if result.budget_ms > 0 {
            // Latency contract, loosely (debug builds, shared cores): well within budget + slack.
            f.check(result.time_taken_ms <= result.budget_ms + 250, || {
                format!("{title}: took {} ms", result.time_taken_ms)
            });
        }
    }
    f.finish("time_policy.json", n);
}

const QUESTIONS: [(&str, Question); 4] = [
    ("offerDouble", Question::OfferDouble),
    ("acceptDouble", Question::AcceptDouble),
    ("offerDraw", Question::OfferDraw),
    ("acceptDraw", Question::AcceptDraw),
];

#[test]
fn decisions() {
    check_decisions(false);
}

/// `monte-carlo`'s double decisions run 120 rollouts of 40 plies each, so they live in their own
/// test.
#[test]
fn decisions_monte_carlo() {
    check_decisions(true);
}

fn check_decisions(monte_carlo: bool) {
    let data = SUITE.load("decisions.json");
    let cases = arr(&data["cases"]);
    let registry = Registry::new();
    let mut f = Failures::default();
    for c in cases {
        let title = s(&c["title"]);
        let dfen = s(&c["dfen"]);
        let pos = Position::from_dfen(dfen).expect("valid DFEN");
        let (e, p) = dicechess::search::win_probability(&pos);
        f.eq(title, "evaluation", i64::from(e), c["evaluation"].as_i64().unwrap());
        let want_p = num(&c["winProbability"]);
        f.check((p - want_p).abs() <= 5e-7, || format!("{title}: winProbability {p} vs {want_p}"));
        for (bot, answers) in c["expected"].as_object().unwrap() {
            if (bot == "monte-carlo") != monte_carlo {
                continue;
            }
            for (key, q) in QUESTIONS {
                let want = &answers[key];
                // Seeded calls are reproducible; `null` answers depend on the stream and are only run.
                let got = api::should_bot(
                    &registry,
                    dfen,
                    q,
                    &DecisionOptions { algorithm: Some(bot.clone()), seed: Some(1) },
                );
                if let Some(want) = want.as_bool() {
                    f.eq(title, &format!("{bot}.{key}"), got, want);
                }
            }
        }
        // Unknown ids behave as greedy.
        for (key, q) in QUESTIONS.into_iter().filter(|_| !monte_carlo) {
            let greedy = c["expected"]["greedy"][key].as_bool().unwrap();
            let got = api::should_bot(
                &registry,
                dfen,
                q,
                &DecisionOptions { algorithm: Some("no-such-bot".into()), seed: None },
            );
            f.eq(title, &format!("unknown.{key}"), got, greedy);
        }
    }
    f.finish("decisions.json", cases.len());
}

#[test]
fn equity() {
    let data = SUITE.load("equity.json");
    let cases = arr(&data["cases"]);
    let mut f = Failures::default();
    for c in cases {
        let title = s(&c["title"]);
        let o = &c["options"];
        let options = EquityOptions {
            rollouts: opt_num(o, "rollouts"),
            max_plies: opt_num(o, "maxPlies"),
            seed: opt_num(o, "seed").and_then(seed_from_number),
        };
        let r = api::equity(s(&c["dfen"]), &options);
        let w = &c["expected"];
        f.eq(title, "whiteWin", r.white_win, num(&w["whiteWin"]));
        f.eq(title, "blackWin", r.black_win, num(&w["blackWin"]));
        f.eq(title, "undecided", r.undecided, num(&w["undecided"]));
        f.eq(title, "rollouts", r.rollouts, w["rollouts"].as_u64().unwrap());
        f.eq(title, "standardError", r.standard_error, num(&w["standardError"]));
        f.eq(
            title,
            "varianceReductionVsVanilla",
            r.variance_reduction_vs_vanilla,
            num(&w["varianceReductionVsVanilla"]),
        );
    }
    f.finish("equity.json", cases.len());
}

/// The untimed decision of `bot` on `pos` with its stream seeded by `seed`, as UCI strings.
fn seeded_choice(registry: &Registry, bot: &str, pos: &Position, seed: u64) -> Vec<String> {
    let mut rng = Rng::from_seed(seed);
    let choice = choose_turn(registry.resolve(Some(bot)).as_ref(), pos, &mut rng, None);
    choice.moves.iter().map(ToString::to_string).collect()
}

#[test]
fn scenarios() {
    check_scenarios(false);
}

/// `monte-carlo`'s untimed choices and scores (|T| × 120 rollouts of 40 plies per call: about
/// 6 million plies, mostly `tactical-shortest-terminal-line` with 402 turns) and untimed
/// `expectimax` (8 candidates × 56 rolls), the slowest test of the crate.
#[test]
fn scenarios_searching_bots() {
    check_scenarios(true);
}

fn check_scenarios(monte_carlo: bool) {
    let data = SUITE.load("scenarios.json");
    let catalog = &data["catalog"];
    let seeds: Vec<u64> = arr(&catalog["seedSet"]["values"]).iter().map(|v| v.as_u64().unwrap()).collect();
    let registry = Registry::new();
    let mut f = Failures::default();
    let scenarios = arr(&catalog["scenarios"]);
    let expectations = arr(&data["expectations"]);
    f.eq("catalog", "expectations", expectations.len(), scenarios.len());
    for (sc, ex) in scenarios.iter().zip(expectations) {
        let id = s(&sc["id"]);
        f.eq(id, "expectation id", s(&ex["id"]), id);
        let pos = Position::from_dfen(s(&sc["dfen"])).expect("valid DFEN");
        f.eq(id, "canonical DFEN", pos.to_dfen(), s(&sc["dfen"]).to_owned());
        let list = Turns::new(&pos).map(|t| legal_turns(&t)).unwrap_or_default();
        let legal: Vec<Vec<String>> = list.iter().map(|t| t.uci()).collect();
        f.eq(id, "legalTurnCount", legal.len() as u64, ex["legalTurnCount"].as_u64().unwrap());
        let expected: Option<Vec<Vec<String>>> = sc
            .get("expectedTurns")
            .map(|e| arr(e).iter().map(|t| arr(t).iter().map(|m| s(m).to_owned()).collect()).collect());
        let matched = |choice: &Vec<String>| match &expected {
            Some(turns) => turns.contains(choice),
            None => choice.is_empty() && legal.is_empty(),
        };
        for run in arr(&ex["seeded"]) {
            let seed = run["seed"].as_u64().unwrap();
            for (bot, want) in run["bots"].as_object().unwrap() {
                // Untimed monte-carlo runs rollouts for every non-capturing turn even when a king
                // capture decides (its tie-break draw follows them); expectimax expands 8 × 56 rolls.
                let slow = (bot == "expectimax" || bot == "monte-carlo") && !legal.is_empty();
                if slow != monte_carlo {
                    continue;
                }
                let want: Vec<String> = arr(want).iter().map(|m| s(m).to_owned()).collect();
                let got = seeded_choice(&registry, bot, &pos, seed);
                let is_legal = if got.is_empty() { legal.is_empty() } else { legal.contains(&got) };
                f.check(is_legal, || format!("{id} seed {seed}: {bot} chose an illegal turn {got:?}"));
                f.eq(id, &format!("seed {seed} {bot}"), got, want);
            }
            if let Some(scores) = run.get("monteCarloScores").filter(|_| monte_carlo) {
                let want: Vec<(Vec<String>, i64)> = arr(scores)
                    .iter()
                    .map(|p| (arr(&p[0]).iter().map(|m| s(m).to_owned()).collect(), p[1].as_i64().unwrap()))
                    .collect();
                let mut rng = Rng::from_seed(seed);
                let got_scores = MonteCarloBot::untimed_scores(&pos, &list, &mut rng);
                let got: Vec<(Vec<String>, i64)> = legal.iter().cloned().zip(got_scores).collect();
                f.eq(id, &format!("seed {seed} monteCarloScores"), got, want);
            }
        }
        // Classes over seeds: checked on the seed set for the searching bots, on 64 seeds for the
        // instant ones ("sometimes" needs both outcomes there).
        for (bot, class) in ex["bots"].as_object().unwrap() {
            let Some(class) = class.as_str() else { continue };
            if ((bot == "monte-carlo" || bot == "expectimax") && !legal.is_empty()) != monte_carlo {
                continue;
            }
            if bot == "random" && class == "sometimes" {
                // Uniform over T: some seed matches iff an expected turn is legal, not all iff a
                // legal turn is not expected (1 in 402 is too rare for a 64-seed sample).
                let some = legal.iter().any(&matched);
                let not_all = legal.iter().any(|t| !matched(t));
                f.check(some && not_all, || format!("{id}: random cannot match sometimes"));
                continue;
            }
            let sample: Vec<u64> =
                if bot == "monte-carlo" || bot == "expectimax" { seeds.clone() } else { (0..64).collect() };
            let hits = sample.iter().filter(|&&seed| matched(&seeded_choice(&registry, bot, &pos, seed))).count();
            let ok = match class {
                "always" => hits == sample.len(),
                "never" => hits == 0,
                "sometimes" => hits > 0 && (hits < sample.len() || bot == "monte-carlo" || bot == "expectimax"),
                _ => false,
            };
            f.check(ok, || format!("{id}: {bot} should match {class}, matched {hits} of {} seeds", sample.len()));
        }
    }
    f.finish("scenarios.json", scenarios.len());
}

fn pent(v: &Value) -> [u64; 5] {
    let a = arr(v);
    std::array::from_fn(|i| a[i].as_u64().unwrap())
}

fn tri(v: &Value) -> Trinomial {
    Trinomial {
        losses: v["losses"].as_u64().unwrap(),
        draws: v["draws"].as_u64().unwrap(),
        wins: v["wins"].as_u64().unwrap(),
    }
}

/// Real-valued field within 1e-12 relative, `null` exactly.
fn close_rel(f: &mut Failures, title: &str, field: &str, got: Option<f64>, want: &Value) {
    match (got, want.as_f64()) {
        (None, None) if want.is_null() => {}
        (Some(g), Some(w)) if (g - w).abs() <= 1e-12 * w.abs().max(1e-300) || g == w => {}
        _ => f.push(format!("{title}: {field}: got {got:?}, want {want}")),
    }
}

fn exact_opt(f: &mut Failures, title: &str, field: &str, got: Option<u64>, want: &Value) {
    f.eq(title, field, got, want.as_u64());
    f.check(got.is_some() || want.is_null(), || format!("{title}: {field}: want {want}"));
}

#[test]
fn sprt() {
    let data = SUITE.load("sprt.json");
    let mut f = Failures::default();
    let mut n = 0;
    for c in arr(&data["scoreOfElo"]) {
        n += 1;
        let (got, want) = (stats::score_of_elo(num(&c["elo"])), num(&c["score"]));
        let tol = c.get("tolerance").map_or(0.0, num);
        f.check((got - want).abs() <= tol, || format!("scoreOfElo({}): got {got}, want {want}", c["elo"]));
    }
    let mut llrs = std::collections::HashMap::new();
    for c in arr(&data["cases"]) {
        n += 1;
        let title = s(&c["title"]);
        let params =
            SprtParams { elo0: num(&c["elo0"]), elo1: num(&c["elo1"]), alpha: num(&c["alpha"]), beta: num(&c["beta"]) };
        let r = stats::sprt(pent(&c["pentanomial"]), tri(&c["trinomial"]), params);
        let w = &c["expected"];
        f.eq(title, "verdict", r.verdict.as_str(), s(&w["verdict"]));
        for (field, got) in [("llr", r.llr), ("lower", r.lower), ("upper", r.upper)] {
            let want = num(&w[field]);
            f.check((got - want).abs() <= 1e-9, || format!("{title}: {field}: got {got}, want {want}"));
        }
        f.eq(title, "observations", r.observations, w["observations"].as_u64().unwrap());
        llrs.insert(title.to_owned(), r);
    }
    // The constraints, evaluated on the computed values.
    for c in arr(&data["cases"]) {
        let title = s(&c["title"]);
        let r = llrs[title];
        for constraint in arr(&c["expected"]["constraints"]).iter().map(s) {
            let ok = match constraint {
                "llr == 0" => r.llr == 0.0,
                "llr > upper" => r.llr > r.upper,
                "llr < lower" => r.llr < r.lower,
                "abs(llr) < 1" => r.llr.abs() < 1.0,
                "abs(llr) < 3" => r.llr.abs() < 3.0,
                "llr is finite" => r.llr.is_finite(),
                "llr < 100" => r.llr < 100.0,
                "observations == 120" => r.observations == 120,
                "upper > ln(19)" => r.upper > 19f64.ln(),
                other => {
                    if let Some(rest) = other.strip_prefix("llr == -llr(").and_then(|x| x.strip_suffix(") within 1e-9"))
                    {
                        (r.llr + llrs[rest].llr).abs() <= 1e-9
                    } else if let Some(rest) = other.strip_prefix("llr > llr(").and_then(|x| x.strip_suffix(')')) {
                        r.llr > llrs[rest].llr
                    } else {
                        f.push(format!("{title}: unknown constraint {other}"));
                        true
                    }
                }
            };
            f.check(ok, || format!("{title}: constraint {constraint} fails (llr {})", r.llr));
        }
    }
    for c in arr(&data["pairVariance"]) {
        n += 1;
        let title = s(&c["title"]);
        let p = pent(&c["pentanomial"]);
        if let Some(games) = c.get("trinomial") {
            let r = stats::resolution(p, tri(games));
            close_rel(&mut f, title, "pairScoreSd", r.pair_score_sd, &c["pairScoreSd"]);
            close_rel(&mut f, title, "gameScoreSd", r.game_score_sd, &c["gameScoreSd"]);
            close_rel(&mut f, title, "varianceReduction", r.variance_reduction, &c["varianceReduction"]);
            exact_opt(
                &mut f,
                title,
                "gamesToResolve2pcPaired",
                r.games_to_resolve_2pc_paired,
                &c["gamesToResolve2pcPaired"],
            );
            exact_opt(
                &mut f,
                title,
                "gamesToResolve2pcUnpaired",
                r.games_to_resolve_2pc_unpaired,
                &c["gamesToResolve2pcUnpaired"],
            );
            exact_opt(
                &mut f,
                title,
                "gamesToResolve3pcPaired",
                r.games_to_resolve_3pc_paired,
                &c["gamesToResolve3pcPaired"],
            );
            exact_opt(
                &mut f,
                title,
                "gamesToResolve3pcUnpaired",
                r.games_to_resolve_3pc_unpaired,
                &c["gamesToResolve3pcUnpaired"],
            );
        } else {
            let r = stats::pair_stats(p);
            f.eq(title, "n", r.n, c["n"].as_u64().unwrap());
            close_rel(&mut f, title, "mean", r.mean, &c["mean"]);
            close_rel(&mut f, title, "sd", r.sd, &c["sd"]);
            close_rel(&mut f, title, "standardError", r.standard_error, &c["standardError"]);
            close_rel(&mut f, title, "ci95HalfWidthPercent", r.ci95_half_width_percent, &c["ci95HalfWidthPercent"]);
            exact_opt(&mut f, title, "pairsToResolve2pc", r.pairs_to_resolve_2pc, &c["pairsToResolve2pc"]);
            exact_opt(&mut f, title, "pairsToResolve4pc", r.pairs_to_resolve_4pc, &c["pairsToResolve4pc"]);
        }
    }
    f.finish("sprt.json", n);
}

/// Legality property: every bot returns a legal turn (an exact leaf of `Turns`) or a pass only
/// when there is none, on random positions reached by random play and random rolls.
#[test]
fn every_bot_returns_a_legal_turn() {
    let registry = Registry::new();
    let mut rng = Rng::from_seed(2024);
    let mut positions = Vec::new();
    let mut pos = Position::initial();
    while positions.len() < 40 {
        if !dicechess::search::advance(&mut pos, &mut rng) || pos.halfmove_clock() >= 100 {
            pos = Position::initial();
            continue;
        }
        let mut roll = pos;
        let mut dice = dicechess::Dice::EMPTY;
        for _ in 0..3 {
            dice = dice.with(Role::from_face(rng.die()).unwrap()).unwrap();
        }
        roll.set_dice(dice);
        positions.push(roll);
    }
    let bots = ["random", "checkmate-aware", "greedy", "greedy-v2", "aggressive", "expectimax"];
    let mut failures = Vec::new();
    for (i, roll) in positions.iter().enumerate() {
        let list = Turns::new(roll).map(|t| legal_turns(&t)).unwrap_or_default();
        let legal: Vec<Vec<String>> = list.iter().map(|t| t.uci()).collect();
        for bot in bots {
            let got = seeded_choice(&registry, bot, roll, i as u64);
            let ok = if got.is_empty() { legal.is_empty() } else { legal.contains(&got) };
            if !ok {
                failures.push(format!("{bot} on {}: {got:?}", roll.to_dfen()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
