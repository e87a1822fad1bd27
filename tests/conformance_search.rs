//! The search conformance vectors (`../shared/conformance/search/`, BOTS.md §12), loaded at test time
//! and checked strictly. One `#[test]` per file (two for the slow files); each file is read into the
//! case structs of `common::search_cases` (`deny_unknown_fields`), every case runs through
//! `common::conformance::run` and all failures are listed at the end under the case names. The files
//! are never copied into this repository.
#![cfg(all(not(target_arch = "wasm32"), feature = "search"))] // native only: wasm-pack test builds every test target for wasm32

mod common;

use std::collections::{BTreeMap, HashMap};

use common::conformance::{run, Check};
use common::search_cases::{self as v, SUITE};
use dicechess::package as api;
use dicechess::package::seed_from_number;
use dicechess::package::{BestMoveOptions, ClockOptions, DecisionOptions, EquityOptions};
use dicechess::search::{
    budget, budget_ms, kcp_numerator, moves_to_go, policy_by_id, ClockState, MonteCarloBot, TimePolicy,
};
use dicechess::search::{ManualClock, Moment};
use dicechess::Roll;
use dicechess::{choose_turn, legal_turns, Choice, Question, Registry, Rng};
use dicechess::{Color, Position, Role, Turns};
use dicechess_lab::stats::{self, SprtParams, Trinomial};

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

#[test]
fn all_files_are_covered() {
    let found = SUITE.files(|n| n.ends_with(".json"));
    assert_eq!(found, FILES, "a vector file was added or removed: give it a test");
}

fn hex64(x: u64) -> String {
    format!("{x:016x}")
}

#[test]
fn prng() {
    let data: v::Prng = SUITE.doc("prng.json");
    let n = run("prng.json streams", &data.streams, |st, check| {
        let Some(seed) = seed_from_number(st.seed.0) else { return check.fail("not a finite seed") };
        check.eq("seedU64", hex64(seed), st.seed_u64.clone());
        let mut rng = Rng::from_seed(seed);
        let next: Vec<String> = (0..st.next_u64_hex.len()).map(|_| hex64(rng.next_u64())).collect();
        check.eq("nextU64Hex", next, st.next_u64_hex.clone());
        let mut rng = Rng::from_seed(seed);
        check.eq("dice", (0..st.dice.len()).map(|_| rng.die()).collect(), st.dice.clone());
        let mut rng = Rng::from_seed(seed);
        let uniform: Vec<u64> = (0..st.uniform100.len()).map(|_| rng.uniform(100)).collect();
        check.eq("uniform100", uniform, st.uniform100.clone());
        let (mut rng, mut raw) = (Rng::from_seed(seed), Rng::from_seed(seed));
        for (k, want) in st.real.iter().enumerate() {
            let got = rng.real();
            // real() must be exactly (next >> 11) × 2^-53 of the same draw.
            check.eq(&format!("real[{k}] formula"), got, (raw.next_u64() >> 11) as f64 / 9_007_199_254_740_992.0);
            check.eq(&format!("real[{k}]"), got, want.0);
        }
    });
    assert_eq!(n, 6);
    let n = run("prng.json derive", &data.derive, |d, check| {
        check.eq("derivedHex", hex64(dicechess::search::derive(d.s, d.n)), d.derived_hex.clone());
    });
    assert_eq!(n, 5);
    // Non-finite seeds mean "no seed".
    assert!(seed_from_number(f64::NAN).is_none() && seed_from_number(f64::INFINITY).is_none());
}

#[test]
fn registry() {
    let want: Vec<v::BotEntry> = SUITE.cases("registry.json");
    assert_eq!(want.len(), 7);
    let reg = Registry::new();
    let got: Vec<v::BotEntry> = reg
        .bots()
        .into_iter()
        .map(|b| v::BotEntry {
            id: b.id,
            name: b.name,
            description: b.description,
            difficulty: b.difficulty,
            is_experimental: b.is_experimental,
        })
        .collect();
    // The vector pins the seven built-ins of BOTS.md §3.1; issue 12 adds `expectimax-v2` after
    // them (difficulty 8) and issue 32 `expectimax-nnue` (difficulty 9), which it does not know.
    assert_eq!(got[..7], want[..]);
    let later: Vec<(&str, u32)> = got[7..].iter().map(|b| (b.id.as_str(), b.difficulty)).collect();
    assert_eq!(later, [("expectimax-v2", 8), ("expectimax-nnue", 9)]);
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
    let cases: Vec<v::Kcp> = SUITE.cases("kcp.json");
    let n = run("kcp.json", &cases, |c, check| {
        let Some(pos) = check.ok("dfen", Position::from_dfen(&c.dfen)) else { return };
        let defender = match c.defender.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => return check.fail(format!("malformed case: defender {other:?}")),
        };
        let target = match c.target.as_str() {
            "king" => Role::King,
            "queen" => Role::Queen,
            other => return check.fail(format!("malformed case: target {other:?}")),
        };
        check.eq("numerator", kcp_numerator(&pos, defender, target), c.numerator);
    });
    assert_eq!(n, 102);
}

fn clock_of(c: &v::Clock) -> ClockState {
    ClockState {
        remaining_ms: c.remaining_ms,
        increment_ms: c.increment_ms,
        move_number: c.move_number,
        moves_to_go: c.moves_to_go,
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

/// The options of a JS `getBestMove` call as the binding passes them.
fn best_move_options(o: &v::JsOptions) -> BestMoveOptions {
    BestMoveOptions {
        algorithm: o.algorithm.clone(),
        clock: o.clock.as_ref().map(|c| ClockOptions {
            remaining_ms: c.remaining_ms.map(|x| x.0),
            increment_ms: c.increment_ms.map(|x| x.0),
            move_number: c.move_number.map(|x| x.0),
            moves_to_go: c.moves_to_go.map(|x| x.0),
        }),
        time_policy: o.time_policy.clone(),
        time_budget_ms: o.time_budget_ms.map(|x| x.0),
        seed: o.seed.and_then(|x| seed_from_number(x.0)),
        effort: None,
    }
}

#[test]
fn time_policy() {
    let data: v::TimePolicyFile = SUITE.doc("time_policy.json");
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
    let got: BTreeMap<String, f64> = consts.iter().map(|&(k, x)| (k.to_owned(), x)).collect();
    let want: BTreeMap<String, f64> = data.constants.iter().map(|(k, x)| (k.clone(), x.0)).collect();
    assert_eq!(got, want, "constants");
    let knots: Vec<(i32, f64)> = data.empirical_knots.iter().map(|&(m, x)| (m, x.0)).collect();
    assert_eq!(knots, dicechess::search::EMPIRICAL_KNOTS.to_vec(), "empiricalKnots");
    assert_eq!(data.policies, dicechess::search::POLICY_IDS.to_vec(), "policies");
    let n = run("time_policy.json cases", &data.cases, |c, check| {
        let Some(policy) = policy_by_id(&c.policy) else { return check.fail("unknown policy") };
        let clock = clock_of(&c.clock);
        let b = budget(policy, &clock);
        check.eq("targetMs", b.target_ms, c.target_ms);
        check.eq("hardCapMs", b.hard_cap_ms, c.hard_cap_ms);
        check.eq("budgetMs.overhead150", budget_ms(policy, &clock, 150), c.budget_ms.overhead150);
        check.eq("budgetMs.overhead50", budget_ms(policy, &clock, 50), c.budget_ms.overhead50);
    });
    assert_eq!(n, 41);
    let n = run("time_policy.json movesToGo", &data.moves_to_go, |c, check| {
        let Some(policy) = policy_by_id(&c.policy) else { return check.fail("unknown policy") };
        let clock = ClockState { remaining_ms: 60_000, increment_ms: 0, move_number: c.move_number, moves_to_go: None };
        let (got, want) = (moves_to_go(policy, &clock), c.moves_to_go.0);
        check.that((got - want).abs() <= 1e-9, || format!("movesToGo: got {got}, want {want}"));
    });
    assert_eq!(n, 21);
    let n = run("time_policy.json customEstimate", &data.custom_estimate, |c, check| {
        let b = budget(&Constant(c.moves_to_go_estimate.0), &clock_of(&c.clock));
        check.eq("targetMs", b.target_ms, c.target_ms);
        check.eq("hardCapMs", b.hard_cap_ms, c.hard_cap_ms);
    });
    assert_eq!(n, 5);
    // The resolved budget does not depend on the clock: a manual one, 1 ms a read, keeps the
    // budgeted searches short and the test free of wall-clock time.
    let registry = Registry::new();
    let n = run("time_policy.json jsGetBestMove", &data.js_get_best_move.cases, |c, check| {
        let clock = ManualClock::new(0, 1_000);
        let result = api::get_best_move(&registry, &c.dfen, &best_move_options(&c.options), &clock, Moment(0));
        check.eq("budgetMs", result.budget_ms, c.expected_budget_ms);
    });
    assert_eq!(n, 18);
}

const QUESTIONS: [(&str, Question); 4] = [
    ("offerDouble", Question::OfferDouble),
    ("acceptDouble", Question::AcceptDouble),
    ("offerDraw", Question::OfferDraw),
    ("acceptDraw", Question::AcceptDraw),
];

fn answers(a: &v::Answers) -> [Option<bool>; 4] {
    [a.offer_double, a.accept_double, a.offer_draw, a.accept_draw]
}

/// The answer BOTS.md §7.1 gives to a question the vectors leave to the stream (`null`), on the
/// call's stream seeded by `seed`: `random` compares one `real()` with its threshold; `monte-carlo`
/// doubles on `p_MC`, the side to move's win mass of 120 rollouts of 40 plies on that stream, which
/// is `estimateEquity` with those options and the same seed. `None`: the question is not random.
fn stream_answer(bot: &str, q: Question, dfen: &str, seed: u64) -> Option<bool> {
    match (bot, q) {
        ("random", _) => {
            let threshold = match q {
                Question::OfferDouble => 0.15,
                Question::AcceptDouble => 0.50,
                Question::OfferDraw => 0.05,
                Question::AcceptDraw => 0.20,
            };
            Some(Rng::from_seed(seed).real() < threshold)
        }
        ("monte-carlo", Question::OfferDouble | Question::AcceptDouble) => {
            let options =
                EquityOptions { rollouts: Some(120.0), max_plies: Some(40.0), seed: Some(seed), ..Default::default() };
            let e = api::equity(dfen, &options);
            let white = Position::from_dfen(dfen).ok()?.turn() == Color::White;
            let p = if white { e.white_win } else { e.black_win };
            Some(if q == Question::OfferDouble { p > 0.65 } else { p > 0.30 })
        }
        _ => None,
    }
}

#[test]
fn decisions() {
    check_decisions(false);
}

/// `monte-carlo`'s double decisions run 120 rollouts of 40 plies each (and their oracle as many), so
/// they live in their own test.
#[test]
fn decisions_monte_carlo() {
    check_decisions(true);
}

/// Every answer of every bot: a boolean is compared exactly with a seeded call; a `null` (random)
/// is compared with [`stream_answer`] for several seeds, and a seeded call is reproducible.
fn check_decisions(monte_carlo: bool) {
    let data: v::Decisions = SUITE.doc("decisions.json");
    let registry = Registry::new();
    let answered = std::sync::atomic::AtomicUsize::new(0);
    let n = run("decisions.json", &data.cases, |c, check| {
        let Some(pos) = check.ok("dfen", Position::from_dfen(&c.dfen)) else { return };
        let (e, p) = dicechess::search::decision_odds(&pos);
        check.eq("evaluation", e, c.evaluation);
        check.that((p - c.win_probability).abs() <= 5e-7, || format!("winProbability {p} vs {}", c.win_probability));
        check.eq("bots", c.expected.len(), 7);
        let ask = |bot: &str, q: Question, seed: Option<u64>| {
            api::should_bot(&registry, &c.dfen, q, &DecisionOptions { algorithm: Some(bot.to_owned()), seed })
        };
        for (bot, want) in c.expected.iter().filter(|(bot, _)| (*bot == "monte-carlo") == monte_carlo) {
            for ((key, q), want) in QUESTIONS.into_iter().zip(answers(want)) {
                answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let field = format!("{bot}.{key}");
                match want {
                    Some(want) => check.eq(&field, ask(bot, q, Some(1)), want),
                    None => {
                        let seeds: &[u64] = if monte_carlo { &[1, 2] } else { &[0, 1, 2, 3, 7, 42] };
                        for &seed in seeds {
                            let got = ask(bot, q, Some(seed));
                            let Some(want) = stream_answer(bot, q, &c.dfen, seed) else {
                                check.fail(format!("{field}: null, but the question is not random for {bot}"));
                                break;
                            };
                            check.eq(&format!("{field} seed {seed}"), got, want);
                            check.eq(&format!("{field} seed {seed} again"), ask(bot, q, Some(seed)), got);
                        }
                    }
                }
            }
        }
        // Unknown ids behave as greedy.
        if !monte_carlo {
            let Some(greedy) = c.expected.get("greedy") else { return check.fail("no greedy answers") };
            for ((key, q), want) in QUESTIONS.into_iter().zip(answers(greedy)) {
                check.eq(&format!("unknown.{key}"), Some(ask("no-such-bot", q, None)), want);
            }
        }
    });
    assert_eq!(n, 18);
    // Every answer of the file was checked: 4 questions of 1 bot (monte-carlo) or of the 6 others.
    let bots = if monte_carlo { 1 } else { 6 };
    assert_eq!(answered.into_inner(), n * bots * 4);
}

#[test]
fn equity() {
    let data: v::EquityFile = SUITE.doc("equity.json");
    let n = run("equity.json", &data.cases, |c, check| {
        let o = c.options.as_ref();
        let options = EquityOptions {
            rollouts: o.and_then(|o| o.rollouts).map(|x| x.0),
            max_plies: o.and_then(|o| o.max_plies).map(|x| x.0),
            seed: o.and_then(|o| o.seed).and_then(|x| seed_from_number(x.0)),
            ..Default::default()
        };
        let r = api::equity(&c.dfen, &options);
        let w = &c.expected;
        check.eq("whiteWin", r.white_win, w.white_win.0);
        check.eq("blackWin", r.black_win, w.black_win.0);
        check.eq("undecided", r.undecided, w.undecided.0);
        check.eq("rollouts", r.rollouts, w.rollouts);
        check.eq("standardError", r.standard_error, w.standard_error.0);
        check.eq("varianceReductionVsVanilla", r.variance_reduction_vs_vanilla, w.variance_reduction_vs_vanilla.0);
    });
    assert_eq!(n, 9);
}

/// The untimed decision of `bot` on `pos` with its stream seeded by `seed`, as UCI strings.
fn seeded_choice(registry: &Registry, bot: &str, pos: &Position, seed: u64) -> Vec<String> {
    let mut rng = Rng::from_seed(seed);
    let bot = registry.resolve(Some(bot));
    let choice = Roll::new(pos).map_or_else(|_| Choice::pass(), |roll| choose_turn(bot.as_ref(), roll, &mut rng, None));
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
    let data: v::Scenarios = SUITE.doc("scenarios.json");
    let catalog = &data.catalog;
    let seeds = &catalog.seed_set.values;
    let registry = Registry::new();
    let ids = |list: Vec<&String>| list.into_iter().cloned().collect::<Vec<_>>();
    assert_eq!(
        ids(data.expectations.iter().map(|e| &e.id).collect()),
        ids(catalog.scenarios.iter().map(|s| &s.id).collect()),
        "one expectation per scenario, in order"
    );
    let scenarios: HashMap<&str, &v::Scenario> = catalog.scenarios.iter().map(|s| (s.id.as_str(), s)).collect();
    let n = run("scenarios.json", &data.expectations, |ex, check| {
        let sc = scenarios[ex.id.as_str()];
        let Some(pos) = check.ok("dfen", Position::from_dfen(&sc.dfen)) else { return };
        check.eq("canonical DFEN", pos.to_dfen(), sc.dfen.clone());
        let list = Turns::of_position(&pos).map(|t| legal_turns(&t)).unwrap_or_default();
        let legal: Vec<Vec<String>> = list.iter().map(|t| t.uci()).collect();
        check.eq("legalTurnCount", legal.len() as u64, ex.legal_turn_count);
        // A scenario expects turns or a pass (BOTS.md §11).
        check.eq("expectPass", sc.expect_pass.unwrap_or(false), sc.expected_turns.is_none());
        if sc.expect_pass == Some(true) {
            check.eq("legal turns of a pass", legal.len(), 0);
        }
        let matched = |choice: &Vec<String>| match &sc.expected_turns {
            Some(turns) => turns.contains(choice),
            None => choice.is_empty() && legal.is_empty(),
        };
        let searching = |bot: &str| (bot == "expectimax" || bot == "monte-carlo") && !legal.is_empty();
        for run in &ex.seeded {
            let seed = run.seed;
            for (bot, want) in &run.bots {
                // Untimed monte-carlo runs rollouts for every non-capturing turn even when a king
                // capture decides (its tie-break draw follows them); expectimax expands 8 × 56 rolls.
                if searching(bot) != monte_carlo {
                    continue;
                }
                let got = seeded_choice(&registry, bot, &pos, seed);
                let is_legal = if got.is_empty() { legal.is_empty() } else { legal.contains(&got) };
                check.that(is_legal, || format!("seed {seed}: {bot} chose an illegal turn {got:?}"));
                check.eq(&format!("seed {seed} {bot}"), &got, want);
            }
            if let Some(want) = run.monte_carlo_scores.as_ref().filter(|_| monte_carlo) {
                let scores = MonteCarloBot::untimed_scores(&pos, &list, &mut Rng::from_seed(seed));
                let got: Vec<(Vec<String>, i64)> = legal.iter().cloned().zip(scores).collect();
                check.eq(&format!("seed {seed} monteCarloScores"), &got, want);
            }
        }
        // Classes over seeds: checked on the seed set for the searching bots, on 64 seeds for the
        // instant ones ("sometimes" needs both outcomes there).
        for (bot, class) in &ex.bots {
            if searching(bot) != monte_carlo {
                continue;
            }
            let Some(class) = class else {
                // Not classified: only where rollouts decide (conformance/search/README.md).
                check.that(bot == "monte-carlo", || format!("{bot}: null class"));
                continue;
            };
            if bot == "random" && class == "sometimes" {
                // Uniform over T: some seed matches iff an expected turn is legal, not all iff a
                // legal turn is not expected (1 in 402 is too rare for a 64-seed sample).
                let some = legal.iter().any(&matched);
                let not_all = legal.iter().any(|t| !matched(t));
                check.that(some && not_all, || "random cannot match sometimes".into());
                continue;
            }
            let slow = bot == "monte-carlo" || bot == "expectimax";
            let sample: Vec<u64> = if slow { seeds.clone() } else { (0..64).collect() };
            let hits = sample.iter().filter(|&&seed| matched(&seeded_choice(&registry, bot, &pos, seed))).count();
            let ok = match class.as_str() {
                "always" => hits == sample.len(),
                "never" => hits == 0,
                "sometimes" => hits > 0 && (hits < sample.len() || slow),
                _ => false,
            };
            check.that(ok, || format!("{bot} should match {class}, matched {hits} of {} seeds", sample.len()));
        }
    });
    assert_eq!(n, 12);
}

fn tri(t: v::Trinomial) -> Trinomial {
    Trinomial { losses: t.losses, draws: t.draws, wins: t.wins }
}

/// A real-valued field within 1e-12 relative, `null` exactly; a missing field is a failure.
fn close_rel(check: &mut Check, field: &str, got: Option<f64>, want: Option<Option<f64>>) {
    let Some(want) = want else { return check.fail(format!("{field}: missing")) };
    let ok = match (got, want) {
        (None, None) => true,
        (Some(g), Some(w)) => g == w || (g - w).abs() <= 1e-12 * w.abs().max(1e-300),
        _ => false,
    };
    check.that(ok, || format!("{field}: got {got:?}, want {want:?}"));
}

/// An integer field, `null` included, exactly; a missing field is a failure.
fn exact(check: &mut Check, field: &str, got: Option<u64>, want: Option<Option<u64>>) {
    match want {
        Some(want) => check.eq(field, got, want),
        None => check.fail(format!("{field}: missing")),
    }
}

#[test]
fn sprt() {
    let data: v::Sprt = SUITE.doc("sprt.json");
    let n = run("sprt.json scoreOfElo", &data.score_of_elo, |c, check| {
        let (got, want) = (stats::score_of_elo(c.elo.0), c.score.0);
        let tol = c.tolerance.map_or(0.0, |t| t.0);
        check.that((got - want).abs() <= tol, || format!("got {got}, want {want}"));
    });
    assert_eq!(n, 3);
    let results: HashMap<&str, stats::SprtResult> = data
        .cases
        .iter()
        .map(|c| {
            let params = SprtParams { elo0: c.elo0.0, elo1: c.elo1.0, alpha: c.alpha.0, beta: c.beta.0 };
            (c.title.as_str(), stats::sprt(c.pentanomial, tri(c.trinomial), params))
        })
        .collect();
    let n = run("sprt.json cases", &data.cases, |c, check| {
        let r = results[c.title.as_str()];
        let w = &c.expected;
        check.eq("verdict", r.verdict.as_str(), w.verdict.as_str());
        for (field, got, want) in [("llr", r.llr, w.llr), ("lower", r.lower, w.lower), ("upper", r.upper, w.upper)] {
            check.that((got - want.0).abs() <= 1e-9, || format!("{field}: got {got}, want {}", want.0));
        }
        check.eq("observations", r.observations, w.observations);
        // The constraints, evaluated on the computed values.
        let llr_of = |title: &str| results.get(title).map(|r| r.llr);
        for constraint in &w.constraints {
            let ok = match constraint.as_str() {
                "llr == 0" => Some(r.llr == 0.0),
                "llr > upper" => Some(r.llr > r.upper),
                "llr < lower" => Some(r.llr < r.lower),
                "abs(llr) < 1" => Some(r.llr.abs() < 1.0),
                "abs(llr) < 3" => Some(r.llr.abs() < 3.0),
                "llr is finite" => Some(r.llr.is_finite()),
                "llr < 100" => Some(r.llr < 100.0),
                "observations == 120" => Some(r.observations == 120),
                "upper > ln(19)" => Some(r.upper > 19f64.ln()),
                other => {
                    if let Some(rest) = other.strip_prefix("llr == -llr(").and_then(|x| x.strip_suffix(") within 1e-9"))
                    {
                        llr_of(rest).map(|x| (r.llr + x).abs() <= 1e-9)
                    } else if let Some(rest) = other.strip_prefix("llr > llr(").and_then(|x| x.strip_suffix(')')) {
                        llr_of(rest).map(|x| r.llr > x)
                    } else {
                        None
                    }
                }
            };
            match ok {
                Some(ok) => check.that(ok, || format!("constraint {constraint} fails (llr {})", r.llr)),
                None => check.fail(format!("unknown constraint {constraint}")),
            }
        }
    });
    assert_eq!(n, 10);
    let n = run("sprt.json pairVariance", &data.pair_variance, |c, check| {
        if let Some(games) = c.trinomial {
            let r = stats::resolution(c.pentanomial, tri(games));
            close_rel(check, "pairScoreSd", r.pair_score_sd, c.pair_score_sd);
            close_rel(check, "gameScoreSd", r.game_score_sd, c.game_score_sd);
            close_rel(check, "varianceReduction", r.variance_reduction, c.variance_reduction);
            exact(check, "gamesToResolve2pcPaired", r.games_to_resolve_2pc_paired, c.games_to_resolve2pc_paired);
            exact(check, "gamesToResolve2pcUnpaired", r.games_to_resolve_2pc_unpaired, c.games_to_resolve2pc_unpaired);
            exact(check, "gamesToResolve3pcPaired", r.games_to_resolve_3pc_paired, c.games_to_resolve3pc_paired);
            exact(check, "gamesToResolve3pcUnpaired", r.games_to_resolve_3pc_unpaired, c.games_to_resolve3pc_unpaired);
        } else {
            let r = stats::pair_stats(c.pentanomial);
            exact(check, "n", Some(r.n), c.n.map(Some));
            close_rel(check, "mean", r.mean, c.mean);
            close_rel(check, "sd", r.sd, c.sd);
            close_rel(check, "standardError", r.standard_error, c.standard_error);
            close_rel(check, "ci95HalfWidthPercent", r.ci95_half_width_percent, c.ci95_half_width_percent);
            exact(check, "pairsToResolve2pc", r.pairs_to_resolve_2pc, c.pairs_to_resolve2pc);
            exact(check, "pairsToResolve4pc", r.pairs_to_resolve_4pc, c.pairs_to_resolve4pc);
        }
    });
    assert_eq!(n, 8);
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
        let list = Turns::of_position(roll).map(|t| legal_turns(&t)).unwrap_or_default();
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
