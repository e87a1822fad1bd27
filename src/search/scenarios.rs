//! The deterministic scenario suite (BOTS.md §11): the schema-v1 catalog ([`Catalog`], what a
//! fixture file says, read strictly from JSON by `parse_catalog` with the `json` feature), its
//! validation into a [`Suite`] (every position parsed and its legal turns listed), the bundled
//! `core-search-v1` catalog, and the run that compares a candidate bot with a baseline, one
//! decision per scenario, seed and bot.
//!
//! ```
//! use dicechess::search::scenarios::{core_search_v1, Comparison, Suite};
//! use dicechess::search::Registry;
//!
//! let suite = Suite::new(core_search_v1()).unwrap();
//! let registry = Registry::new();
//! let (candidate, baseline) = (registry.get("aggressive").unwrap(), registry.get("greedy").unwrap());
//! let run = suite.run(4, 0, candidate.as_ref(), baseline.as_ref(), None); // defensive-block-open-file
//! assert_eq!(run.comparison(), Comparison::CandidateImproved); // greedy takes the queen
//! ```

use std::collections::HashSet;
use std::fmt;

use super::bot::Budgeting;
use super::clock::{Clock, Deadline};
use super::prng::Rng;
use super::turnlist::legal_turns;
use super::{choose_turn, Bot};
use crate::{Color, DfenError, Position, Turns};

/// The catalog schema this module reads.
pub const SCHEMA_VERSION: u64 = 1;

/// A scenario's category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    Tactical,
    Defensive,
    Endgame,
    ForcedPass,
}

impl Category {
    /// Every category, in the order BOTS.md §11 lists them.
    pub const ALL: [Category; 4] = [Category::Tactical, Category::Defensive, Category::Endgame, Category::ForcedPass];

    /// The catalog spelling: `tactical`, `defensive`, `endgame`, `forced-pass`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Tactical => "tactical",
            Category::Defensive => "defensive",
            Category::Endgame => "endgame",
            Category::ForcedPass => "forced-pass",
        }
    }

    /// The category spelled `text` (exactly, case included).
    pub fn from_name(text: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == text)
    }
}

/// What a scenario expects: one of the listed turns (UCI lists), or a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// `expectedTurns`: a non-empty list of distinct, legal, non-empty UCI lists.
    Turns(Vec<Vec<String>>),
    /// `expectPass: true`: the roll has no legal turn.
    Pass,
}

/// One scenario as the catalog gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    pub id: String,
    pub category: Category,
    pub description: String,
    /// A canonical DFEN with dice (the roll).
    pub dfen: String,
    pub expectation: Expectation,
}

/// The seeds every scenario runs with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSet {
    pub id: String,
    /// Non-empty and distinct.
    pub values: Vec<u64>,
}

/// A catalog as a fixture file gives it (schema v1, `schemaVersion` implied), not yet validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    pub id: String,
    pub description: String,
    pub seed_set: SeedSet,
    pub scenarios: Vec<Scenario>,
}

/// Why a catalog breaks schema v1: the offending field, as a path from the root
/// (`scenarios[4].expectedTurns[0]`; empty for the document as a whole), and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct CatalogError {
    pub field: String,
    pub problem: CatalogProblem,
}

/// `field: problem`, or the problem alone for the whole document.
impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.problem)
        } else {
            write!(f, "{}: {}", self.field, self.problem)
        }
    }
}

impl CatalogError {
    pub fn new(field: impl Into<String>, problem: CatalogProblem) -> CatalogError {
        CatalogError { field: field.into(), problem }
    }
}

/// The rules of BOTS.md §11 a catalog can break.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CatalogProblem {
    /// The text is not one JSON value (serde_json's message, with line and column).
    #[error("not valid JSON: {0}")]
    InvalidJson(String),
    #[error("unknown field \"{0}\"")]
    UnknownField(String),
    #[error("field \"{0}\" appears more than once")]
    DuplicateField(String),
    #[error("missing field")]
    MissingField,
    #[error("expected {0}")]
    WrongType(&'static str),
    #[error("unsupported schema version (expected 1)")]
    UnsupportedVersion,
    #[error("no seed")]
    NoSeeds,
    #[error("seed {0} listed twice")]
    DuplicateSeed(u64),
    #[error("duplicate scenario id \"{0}\"")]
    DuplicateId(String),
    #[error("unknown category \"{0}\" (expected tactical, defensive, endgame or forced-pass)")]
    UnknownCategory(String),
    #[error("a scenario has exactly one of expectedTurns and expectPass")]
    NoExpectation,
    #[error("expectedTurns and expectPass are exclusive")]
    BothExpectations,
    #[error("invalid DFEN: {0}")]
    InvalidDfen(DfenError),
    #[error("DFEN is not canonical (canonical form: \"{0}\")")]
    NonCanonicalDfen(String),
    #[error("DFEN has no dice")]
    NoDice,
    /// A side has no king: the game is over, so every bot passes and no turn can be expected.
    #[error("the position has no {} king: the game is over", .0.name())]
    MissingKing(Color),
    #[error("empty list")]
    Empty,
    #[error("turn {0:?} listed twice")]
    DuplicateTurn(Vec<String>),
    #[error("{0:?} is not a legal turn of the roll")]
    IllegalTurn(Vec<String>),
    #[error("must be true when present")]
    ExpectPassFalse,
    #[error("the roll has {0} legal turns, so it is not a forced pass")]
    NotAPass(usize),
}

/// A validated catalog: every scenario's position and its legal turns `T` (canonical order, UCI).
#[derive(Clone, Debug)]
pub struct Suite {
    catalog: Catalog,
    positions: Vec<Position>,
    legal: Vec<Vec<Vec<String>>>,
}

impl Suite {
    /// Checks every rule of BOTS.md §11 that the typed catalog can still break: seeds non-empty
    /// and distinct, unique scenario ids, canonical DFENs with dice, expected turns non-empty,
    /// distinct and legal, `expectPass` only on a roll without legal turns. The first violation
    /// rejects the whole catalog.
    pub fn new(catalog: Catalog) -> Result<Suite, CatalogError> {
        if catalog.seed_set.values.is_empty() {
            return Err(CatalogError::new("seedSet.values", CatalogProblem::NoSeeds));
        }
        let mut seeds = HashSet::new();
        for (i, &seed) in catalog.seed_set.values.iter().enumerate() {
            if !seeds.insert(seed) {
                return Err(CatalogError::new(format!("seedSet.values[{i}]"), CatalogProblem::DuplicateSeed(seed)));
            }
        }
        let mut ids = HashSet::new();
        let mut positions = Vec::with_capacity(catalog.scenarios.len());
        let mut legal = Vec::with_capacity(catalog.scenarios.len());
        for (i, sc) in catalog.scenarios.iter().enumerate() {
            let field = |name: &str| format!("scenarios[{i}].{name}");
            if !ids.insert(sc.id.as_str()) {
                return Err(CatalogError::new(field("id"), CatalogProblem::DuplicateId(sc.id.clone())));
            }
            let pos = Position::from_dfen(&sc.dfen)
                .map_err(|e| CatalogError::new(field("dfen"), CatalogProblem::InvalidDfen(e)))?;
            let canonical = pos.to_dfen();
            if canonical != sc.dfen {
                return Err(CatalogError::new(field("dfen"), CatalogProblem::NonCanonicalDfen(canonical)));
            }
            if pos.dice().is_empty() {
                return Err(CatalogError::new(field("dfen"), CatalogProblem::NoDice));
            }
            if let Some(side) = [Color::White, Color::Black].into_iter().find(|&c| !pos.has_king(c)) {
                return Err(CatalogError::new(field("dfen"), CatalogProblem::MissingKing(side)));
            }
            let turns: Vec<Vec<String>> =
                Turns::new(&pos).map(|t| legal_turns(&t).iter().map(|t| t.uci()).collect()).unwrap_or_default();
            match &sc.expectation {
                Expectation::Pass if !turns.is_empty() => {
                    return Err(CatalogError::new(field("expectPass"), CatalogProblem::NotAPass(turns.len())));
                }
                Expectation::Pass => {}
                Expectation::Turns(expected) => check_expected(expected, &turns, &field("expectedTurns"))?,
            }
            positions.push(pos);
            legal.push(turns);
        }
        Ok(Suite { catalog, positions, legal })
    }

    /// The catalog.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The legal turns of scenario `i` in canonical order (empty: the mover must pass).
    pub fn legal_turns(&self, i: usize) -> &[Vec<String>] {
        &self.legal[i]
    }

    /// Every run in report order: each scenario in catalog order with each seed in seed-set order.
    pub fn runs(&self) -> Vec<(usize, u64)> {
        let seeds = &self.catalog.seed_set.values;
        (0..self.catalog.scenarios.len()).flat_map(|i| seeds.iter().map(move |&s| (i, s))).collect()
    }

    /// `bot`'s decision on scenario `i` with its stream seeded by `seed`, judged against `T` and
    /// the expectation. `deadline`: `None` runs budgeted bots untimed.
    pub fn decide(&self, i: usize, bot: &dyn Bot, seed: u64, deadline: Option<Deadline<'_>>) -> Decision {
        let choice = choose_turn(bot, &self.positions[i], &mut Rng::from_seed(seed), deadline);
        let moves: Vec<String> = choice.moves.iter().map(ToString::to_string).collect();
        let legal = self.legal[i].contains(&moves) || (moves.is_empty() && self.legal[i].is_empty());
        let matched = legal
            && match &self.catalog.scenarios[i].expectation {
                Expectation::Turns(expected) => expected.contains(&moves),
                Expectation::Pass => moves.is_empty(),
            };
        let score = (!moves.is_empty()).then_some(choice.score);
        Decision { moves, score, legal, matched }
    }

    /// One run: the baseline's and the candidate's decisions on scenario `i` with seed `seed`.
    /// With `move_time`, budgeted bots run timed, each deadline counting from the start of its own
    /// decision; without, they run untimed (every result is then exact).
    pub fn run(
        &self,
        i: usize,
        seed: u64,
        candidate: &dyn Bot,
        baseline: &dyn Bot,
        move_time: Option<MoveTime<'_>>,
    ) -> RunResult {
        let deadline = |bot: &dyn Bot| match (bot.budgeting(), move_time) {
            (Budgeting::Budgeted { .. }, Some(t)) => Some(Deadline { clock: t.clock, at: t.clock.now().plus_ms(t.ms) }),
            _ => None,
        };
        let baseline = self.decide(i, baseline, seed, deadline(baseline));
        let candidate = self.decide(i, candidate, seed, deadline(candidate));
        RunResult { scenario: i, seed, baseline, candidate }
    }
}

/// A budget per decision for budgeted bots: `ms` milliseconds on `clock` from the start of the
/// decision.
#[derive(Clone, Copy)]
pub struct MoveTime<'a> {
    pub clock: &'a dyn Clock,
    pub ms: u64,
}

fn check_expected(expected: &[Vec<String>], turns: &[Vec<String>], field: &str) -> Result<(), CatalogError> {
    if expected.is_empty() {
        return Err(CatalogError::new(field, CatalogProblem::Empty));
    }
    let mut seen = HashSet::new();
    for (k, turn) in expected.iter().enumerate() {
        let field = format!("{field}[{k}]");
        if turn.is_empty() {
            return Err(CatalogError::new(field, CatalogProblem::Empty));
        }
        if !seen.insert(turn) {
            return Err(CatalogError::new(field, CatalogProblem::DuplicateTurn(turn.clone())));
        }
        if !turns.contains(turn) {
            return Err(CatalogError::new(field, CatalogProblem::IllegalTurn(turn.clone())));
        }
    }
    Ok(())
}

/// One bot's decision in one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The UCI list; empty for a pass.
    pub moves: Vec<String>,
    /// The bot's score; `None` for a pass.
    pub score: Option<i64>,
    /// A turn of `T`, or a pass when `T` is empty.
    pub legal: bool,
    /// Legal and listed in `expectedTurns`, or a legal pass when the scenario expects one.
    pub matched: bool,
}

impl Decision {
    /// `true` for a pass.
    pub fn passed(&self) -> bool {
        self.moves.is_empty()
    }
}

/// How the two decisions of a run compare with the expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// Only the candidate matched.
    CandidateImproved,
    /// Only the baseline matched.
    CandidateRegressed,
    BothMatched,
    BothMissed,
}

impl Comparison {
    /// The report spelling: `candidate_improved`, `candidate_regressed`, `both_matched`,
    /// `both_missed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Comparison::CandidateImproved => "candidate_improved",
            Comparison::CandidateRegressed => "candidate_regressed",
            Comparison::BothMatched => "both_matched",
            Comparison::BothMissed => "both_missed",
        }
    }
}

/// One scenario with one seed: both decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// Index of the scenario in the catalog.
    pub scenario: usize,
    pub seed: u64,
    pub baseline: Decision,
    pub candidate: Decision,
}

impl RunResult {
    pub fn comparison(&self) -> Comparison {
        match (self.candidate.matched, self.baseline.matched) {
            (true, false) => Comparison::CandidateImproved,
            (false, true) => Comparison::CandidateRegressed,
            (true, true) => Comparison::BothMatched,
            (false, false) => Comparison::BothMissed,
        }
    }

    /// Both bots made the same decision (the same turn, or both passed).
    pub fn same_decision(&self) -> bool {
        self.baseline.moves == self.candidate.moves
    }
}

/// The counts of a run of the suite.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub runs: u64,
    pub same_decisions: u64,
    pub different_decisions: u64,
    pub baseline_matched: u64,
    pub candidate_matched: u64,
    pub improvements: u64,
    pub regressions: u64,
    pub both_matched: u64,
    pub both_missed: u64,
    pub baseline_illegal: u64,
    pub candidate_illegal: u64,
}

impl Summary {
    pub fn of(results: &[RunResult]) -> Summary {
        let mut s = Summary::default();
        for r in results {
            s.runs += 1;
            if r.same_decision() {
                s.same_decisions += 1;
            } else {
                s.different_decisions += 1;
            }
            s.baseline_matched += u64::from(r.baseline.matched);
            s.candidate_matched += u64::from(r.candidate.matched);
            match r.comparison() {
                Comparison::CandidateImproved => s.improvements += 1,
                Comparison::CandidateRegressed => s.regressions += 1,
                Comparison::BothMatched => s.both_matched += 1,
                Comparison::BothMissed => s.both_missed += 1,
            }
            s.baseline_illegal += u64::from(!r.baseline.legal);
            s.candidate_illegal += u64::from(!r.candidate.legal);
        }
        s
    }
}

// ---------------------------------------------------------------------------------------------------
// Reading a catalog strictly (schema v1 JSON)

#[cfg(feature = "json")]
pub use json::parse_catalog;

#[cfg(feature = "json")]
mod json {
    use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

    use super::{Catalog, CatalogError, CatalogProblem, Category, Expectation, Scenario, SeedSet, SCHEMA_VERSION};

    /// Reads a catalog from the JSON text of a fixture file (schema v1, BOTS.md §11), strictly:
    /// no unknown field, no field twice, every field of its type, `schemaVersion` 1, a known
    /// category, exactly one expectation and `expectPass` only as `true`. The first violation is
    /// the error, naming the field; text that is not JSON is an error of the whole document
    /// ([`CatalogProblem::InvalidJson`], empty field). The other rules (seeds, unique ids, DFENs,
    /// legal turns) are [`Suite::new`](super::Suite::new)'s.
    ///
    /// ```
    /// use dicechess::search::scenarios::{parse_catalog, CatalogProblem, Suite};
    ///
    /// let text = r#"{"schemaVersion": 1, "id": "mini", "description": "One capture",
    ///     "seedSet": {"id": "one", "values": [7]},
    ///     "scenarios": [{"id": "rook-takes-king", "category": "tactical", "description": "",
    ///                    "dfen": "k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR", "expectedTurns": [["a1a8"]]}]}"#;
    /// let suite = Suite::new(parse_catalog(text).unwrap()).unwrap();
    /// assert_eq!(suite.runs(), [(0, 7)]);
    ///
    /// let err = parse_catalog(&text.replace("\"description\": \"\"", "\"note\": \"\"")).unwrap_err();
    /// assert_eq!(err.to_string(), "scenarios[0].note: unknown field \"note\"");
    /// assert!(matches!(parse_catalog("{").unwrap_err().problem, CatalogProblem::InvalidJson(_)));
    /// ```
    pub fn parse_catalog(text: &str) -> Result<Catalog, CatalogError> {
        let json: Json = serde_json::from_str(text)
            .map_err(|e| CatalogError::new("", CatalogProblem::InvalidJson(e.to_string())))?;
        catalog(&json)
    }

    /// A JSON value that keeps every member of an object, duplicates included, in file order, so
    /// that a duplicate field is reported rather than silently overwritten.
    enum Json {
        Null,
        Bool(bool),
        /// A non-negative integer.
        Unsigned(u64),
        /// A negative integer.
        Negative,
        Float,
        Str(String),
        Array(Vec<Json>),
        Object(Vec<(String, Json)>),
    }

    impl<'de> Deserialize<'de> for Json {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Json, D::Error> {
            deserializer.deserialize_any(JsonVisitor)
        }
    }

    struct JsonVisitor;

    impl<'de> Visitor<'de> for JsonVisitor {
        type Value = Json;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a JSON value")
        }

        fn visit_unit<E: de::Error>(self) -> Result<Json, E> {
            Ok(Json::Null)
        }

        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Json, E> {
            Ok(Json::Bool(v))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Json, E> {
            Ok(Json::Unsigned(v))
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Json, E> {
            Ok(u64::try_from(v).map_or(Json::Negative, Json::Unsigned))
        }

        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Json, E> {
            Ok(Json::Float)
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Json, E> {
            Ok(Json::Str(v.to_owned()))
        }

        fn visit_string<E: de::Error>(self, v: String) -> Result<Json, E> {
            Ok(Json::Str(v))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
            let mut items = Vec::new();
            while let Some(item) = seq.next_element()? {
                items.push(item);
            }
            Ok(Json::Array(items))
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
            let mut members = Vec::new();
            while let Some((key, value)) = map.next_entry::<String, Json>()? {
                members.push((key, value));
            }
            Ok(Json::Object(members))
        }
    }

    fn join(path: &str, name: &str) -> String {
        if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    }

    /// An object's members, checked against the fields its schema allows: no unknown field, none
    /// twice.
    struct Object<'a> {
        path: String,
        members: &'a [(String, Json)],
    }

    impl<'a> Object<'a> {
        fn new(v: &'a Json, path: &str, allowed: &[&str]) -> Result<Object<'a>, CatalogError> {
            let Json::Object(members) = v else { return Err(wrong_type(path, "an object")) };
            for (k, (name, _)) in members.iter().enumerate() {
                if !allowed.contains(&name.as_str()) {
                    return Err(CatalogError::new(join(path, name), CatalogProblem::UnknownField(name.clone())));
                }
                if members[..k].iter().any(|(other, _)| other == name) {
                    return Err(CatalogError::new(join(path, name), CatalogProblem::DuplicateField(name.clone())));
                }
            }
            Ok(Object { path: path.to_owned(), members })
        }

        fn field(&self, name: &str) -> String {
            join(&self.path, name)
        }

        fn get(&self, name: &str) -> Option<&'a Json> {
            self.members.iter().find(|(k, _)| k == name).map(|(_, v)| v)
        }

        fn required(&self, name: &str) -> Result<&'a Json, CatalogError> {
            self.get(name).ok_or_else(|| CatalogError::new(self.field(name), CatalogProblem::MissingField))
        }

        fn string(&self, name: &str) -> Result<String, CatalogError> {
            match self.required(name)? {
                Json::Str(s) => Ok(s.clone()),
                _ => Err(wrong_type(&self.field(name), "a string")),
            }
        }
    }

    fn wrong_type(field: &str, expected: &'static str) -> CatalogError {
        CatalogError::new(field, CatalogProblem::WrongType(expected))
    }

    fn array<'a>(v: &'a Json, field: &str) -> Result<&'a [Json], CatalogError> {
        match v {
            Json::Array(items) => Ok(items),
            _ => Err(wrong_type(field, "an array")),
        }
    }

    fn catalog(root: &Json) -> Result<Catalog, CatalogError> {
        let o = Object::new(root, "", &["schemaVersion", "id", "description", "seedSet", "scenarios"])?;
        match o.required("schemaVersion")? {
            Json::Unsigned(SCHEMA_VERSION) => {}
            Json::Unsigned(_) | Json::Negative | Json::Float => {
                return Err(CatalogError::new("schemaVersion", CatalogProblem::UnsupportedVersion));
            }
            _ => return Err(wrong_type("schemaVersion", "the integer 1")),
        }
        let seeds = Object::new(o.required("seedSet")?, "seedSet", &["id", "values"])?;
        let values = array(seeds.required("values")?, "seedSet.values")?
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Json::Unsigned(n) => Ok(*n),
                _ => Err(wrong_type(&format!("seedSet.values[{i}]"), "an integer 0..18446744073709551615")),
            })
            .collect::<Result<Vec<u64>, _>>()?;
        let scenarios = array(o.required("scenarios")?, "scenarios")?
            .iter()
            .enumerate()
            .map(|(i, v)| scenario(v, &format!("scenarios[{i}]")))
            .collect::<Result<Vec<Scenario>, _>>()?;
        Ok(Catalog {
            id: o.string("id")?,
            description: o.string("description")?,
            seed_set: SeedSet { id: seeds.string("id")?, values },
            scenarios,
        })
    }

    fn scenario(v: &Json, path: &str) -> Result<Scenario, CatalogError> {
        let o = Object::new(v, path, &["id", "category", "description", "dfen", "expectedTurns", "expectPass"])?;
        let id = o.string("id")?;
        let category = o.string("category")?;
        let category = Category::from_name(&category)
            .ok_or_else(|| CatalogError::new(o.field("category"), CatalogProblem::UnknownCategory(category)))?;
        let description = o.string("description")?;
        let dfen = o.string("dfen")?;
        let expectation = match (o.get("expectedTurns"), o.get("expectPass")) {
            (Some(_), Some(_)) => return Err(CatalogError::new(path, CatalogProblem::BothExpectations)),
            (None, None) => return Err(CatalogError::new(path, CatalogProblem::NoExpectation)),
            (None, Some(Json::Bool(true))) => Expectation::Pass,
            (None, Some(Json::Bool(false))) => {
                return Err(CatalogError::new(o.field("expectPass"), CatalogProblem::ExpectPassFalse));
            }
            (None, Some(_)) => return Err(wrong_type(&o.field("expectPass"), "true")),
            (Some(turns), None) => {
                let field = o.field("expectedTurns");
                let turns = array(turns, &field)?
                    .iter()
                    .enumerate()
                    .map(|(k, t)| {
                        let field = format!("{field}[{k}]");
                        array(t, &field)?
                            .iter()
                            .enumerate()
                            .map(|(m, mv)| match mv {
                                Json::Str(s) => Ok(s.clone()),
                                _ => Err(wrong_type(&format!("{field}[{m}]"), "a UCI string")),
                            })
                            .collect::<Result<Vec<String>, _>>()
                    })
                    .collect::<Result<Vec<Vec<String>>, _>>()?;
                Expectation::Turns(turns)
            }
        };
        Ok(Scenario { id, category, description, dfen, expectation })
    }
}

// ---------------------------------------------------------------------------------------------------
// core-search-v1

/// One row of the bundled catalog; no expected turn means `expectPass`.
struct Row {
    id: &'static str,
    category: Category,
    description: &'static str,
    dfen: &'static str,
    expected: &'static [&'static [&'static str]],
}

const CORE_SEARCH_V1: [Row; 12] = [
    Row {
        id: "tactical-immediate-rook-capture",
        category: Category::Tactical,
        description: "The rook takes the king at once; the two pawn dice have no pawn to move.",
        dfen: "k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR",
        expected: &[&["a1a8"]],
    },
    Row {
        id: "tactical-immediate-knight-capture",
        category: Category::Tactical,
        description: "One knight move takes the king.",
        dfen: "4k3/8/3N4/8/8/8/8/4K3 w - - 0 1 PPN",
        expected: &[&["d6e8"]],
    },
    Row {
        id: "tactical-shortest-terminal-line",
        category: Category::Tactical,
        description: "A one-move rook capture of the king is preferred to any two-move king capture.",
        dfen: "k7/8/8/8/8/8/8/R3K2R w - - 0 1 RR",
        expected: &[&["a1a8"]],
    },
    Row {
        id: "tactical-capture-higher-value-piece",
        category: Category::Tactical,
        description: "The pawn can take a queen or a knight; the queen is worth more.",
        dfen: "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 P",
        expected: &[&["d4e5"]],
    },
    Row {
        id: "defensive-block-open-file",
        category: Category::Defensive,
        description: "Interpose the bishop on the e-file instead of taking the queen and leaving the king to the rook.",
        dfen: "k3r2q/8/8/8/8/2B5/8/4K3 w - - 0 1 B",
        expected: &[&["c3e5"]],
    },
    Row {
        id: "defensive-king-leaves-rook-file",
        category: Category::Defensive,
        description: "Step the king off the rook's file instead of along it.",
        dfen: "4r2k/8/8/8/8/8/8/4K3 w - - 0 1 K",
        expected: &[&["e1d1"], &["e1f1"], &["e1d2"], &["e1f2"]],
    },
    Row {
        id: "defensive-avoid-bishop-loss-square",
        category: Category::Defensive,
        description: "Keep the king off d2, the one reachable square the bishop attacks.",
        dfen: "7k/8/8/b7/8/8/5P2/4K3 w - - 0 1 NBK",
        expected: &[&["e1d1"], &["e1e2"], &["e1f1"]],
    },
    Row {
        id: "endgame-white-queen-promotion",
        category: Category::Endgame,
        description: "White promotes to a queen, the most valuable choice.",
        dfen: "7k/P7/8/8/8/8/8/7K w - - 0 1 P",
        expected: &[&["a7a8q"]],
    },
    Row {
        id: "endgame-black-queen-promotion",
        category: Category::Endgame,
        description: "Black promotes to a queen, the most valuable choice.",
        dfen: "k7/8/8/8/8/8/7p/K7 b - - 0 1 p",
        expected: &[&["h2h1q"]],
    },
    Row {
        id: "endgame-pawn-captures-rook",
        category: Category::Endgame,
        description: "The pawn takes the undefended rook.",
        dfen: "7k/8/8/8/8/4r3/3P4/7K w - - 0 1 P",
        expected: &[&["d2e3"]],
    },
    Row {
        id: "forced-pass-no-white-pawns",
        category: Category::ForcedPass,
        description: "Three pawn dice and no white pawn: White must pass.",
        dfen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PPP",
        expected: &[],
    },
    Row {
        id: "forced-pass-no-black-knights",
        category: Category::ForcedPass,
        description: "Three knight dice and no black knight: Black must pass.",
        dfen: "7k/8/8/8/8/8/8/K7 b - - 0 1 nnn",
        expected: &[],
    },
];

/// The bundled `core-search-v1` catalog (BOTS.md §11) with the seed set `stable-0-7-42-v1`.
pub fn core_search_v1() -> Catalog {
    let scenarios = CORE_SEARCH_V1
        .iter()
        .map(|row| Scenario {
            id: row.id.to_owned(),
            category: row.category,
            description: row.description.to_owned(),
            dfen: row.dfen.to_owned(),
            expectation: if row.expected.is_empty() {
                Expectation::Pass
            } else {
                Expectation::Turns(row.expected.iter().map(|t| t.iter().map(|&m| m.to_owned()).collect()).collect())
            },
        })
        .collect();
    Catalog {
        id: "core-search-v1".to_owned(),
        description: "Deterministic positions (tactics, defence, endgames, forced passes) for comparing search bots"
            .to_owned(),
        seed_set: SeedSet { id: "stable-0-7-42-v1".to_owned(), values: vec![0, 7, 42] },
        scenarios,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_scenario(edit: impl FnOnce(&mut Scenario)) -> Result<Suite, CatalogError> {
        let mut catalog = core_search_v1();
        edit(&mut catalog.scenarios[3]);
        Suite::new(catalog)
    }

    fn field_of(r: Result<Suite, CatalogError>) -> (String, CatalogProblem) {
        match r {
            Ok(_) => panic!("the catalog is accepted"),
            Err(e) => (e.field, e.problem),
        }
    }

    #[test]
    fn bundled_catalog_is_valid() {
        let suite = Suite::new(core_search_v1()).unwrap();
        assert_eq!(suite.runs().len(), 36);
        assert_eq!(suite.legal_turns(0).len(), 10);
        assert!(suite.legal_turns(10).is_empty());
    }

    #[test]
    fn rules_of_the_catalog() {
        let mut c = core_search_v1();
        c.seed_set.values.clear();
        assert_eq!(field_of(Suite::new(c)), ("seedSet.values".into(), CatalogProblem::NoSeeds));
        let mut c = core_search_v1();
        c.seed_set.values.push(7);
        assert_eq!(field_of(Suite::new(c)), ("seedSet.values[3]".into(), CatalogProblem::DuplicateSeed(7)));
        let mut c = core_search_v1();
        c.scenarios[5].id = c.scenarios[2].id.clone();
        assert_eq!(field_of(Suite::new(c)).0, "scenarios[5].id");
        let r = with_scenario(|s| s.dfen = "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 p".into());
        assert_eq!(field_of(r).0, "scenarios[3].dfen"); // a black die on White's turn
        let r = with_scenario(|s| s.dfen = "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1".into());
        assert_eq!(field_of(r), ("scenarios[3].dfen".into(), CatalogProblem::NoDice));
        let r = with_scenario(|s| s.dfen = "8/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 PPP".into());
        assert_eq!(field_of(r), ("scenarios[3].dfen".into(), CatalogProblem::MissingKing(Color::Black)));
        let r = with_scenario(|s| s.dfen = "nonsense".into());
        assert!(matches!(field_of(r).1, CatalogProblem::InvalidDfen(_)));
        let r = with_scenario(|s| s.expectation = Expectation::Turns(vec![]));
        assert_eq!(field_of(r), ("scenarios[3].expectedTurns".into(), CatalogProblem::Empty));
        let r = with_scenario(|s| s.expectation = Expectation::Turns(vec![vec!["d4e5".into()], vec![]]));
        assert_eq!(field_of(r), ("scenarios[3].expectedTurns[1]".into(), CatalogProblem::Empty));
        let twice = vec![vec!["d4e5".to_owned()], vec!["d4e5".to_owned()]];
        let r = with_scenario(|s| s.expectation = Expectation::Turns(twice));
        assert_eq!(field_of(r).0, "scenarios[3].expectedTurns[1]");
        let r = with_scenario(|s| s.expectation = Expectation::Turns(vec![vec!["d4d6".into()]]));
        assert_eq!(
            field_of(r),
            ("scenarios[3].expectedTurns[0]".into(), CatalogProblem::IllegalTurn(vec!["d4d6".into()]))
        );
        let r = with_scenario(|s| s.expectation = Expectation::Pass);
        assert_eq!(field_of(r), ("scenarios[3].expectPass".into(), CatalogProblem::NotAPass(3)));
    }

    /// A schema-v1 catalog of one scenario, with `scenario` as its only scenario's members.
    #[cfg(feature = "json")]
    fn one_scenario(scenario: &str) -> String {
        format!(
            r#"{{"schemaVersion": 1, "id": "c", "description": "d", "seedSet": {{"id": "s", "values": [0, 7]}},
                "scenarios": [{{{scenario}}}]}}"#
        )
    }

    #[cfg(feature = "json")]
    const CAPTURE: &str =
        r#""id": "x", "category": "tactical", "description": "", "dfen": "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 P""#;

    #[cfg(feature = "json")]
    fn parse_error(text: &str) -> (String, CatalogProblem) {
        let e = parse_catalog(text).expect_err("the catalog is accepted");
        (e.field, e.problem)
    }

    #[cfg(feature = "json")]
    #[test]
    fn parse_reads_a_catalog() {
        let c = parse_catalog(&one_scenario(&format!(r#"{CAPTURE}, "expectedTurns": [["d4e5"], ["d4c5"]]"#))).unwrap();
        assert_eq!((c.id.as_str(), c.description.as_str()), ("c", "d"));
        assert_eq!(c.seed_set, SeedSet { id: "s".into(), values: vec![0, 7] });
        assert_eq!(c.scenarios.len(), 1);
        let sc = &c.scenarios[0];
        assert_eq!((sc.id.as_str(), sc.category), ("x", Category::Tactical));
        assert_eq!(sc.expectation, Expectation::Turns(vec![vec!["d4e5".into()], vec!["d4c5".into()]]));
        Suite::new(c).unwrap();
        let pass = r#""id": "p", "category": "forced-pass", "description": "", "dfen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PPP", "expectPass": true"#;
        let c = parse_catalog(&one_scenario(pass)).unwrap();
        assert_eq!(c.scenarios[0].expectation, Expectation::Pass);
        Suite::new(c).unwrap();
    }

    #[cfg(feature = "json")]
    #[test]
    fn parse_is_strict() {
        use CatalogProblem::*;
        let good = one_scenario(&format!(r#"{CAPTURE}, "expectedTurns": [["d4e5"]]"#));
        let edit = |from: &str, to: &str| {
            assert!(good.contains(from), "{from}");
            good.replacen(from, to, 1)
        };
        let seed = "an integer 0..18446744073709551615";
        let cases = [
            (edit(r#"[["d4e5"]]"#, r#"[["d4e5"]], "weight": 1"#), "scenarios[0].weight", UnknownField("weight".into())),
            (edit(r#""id": "x","#, r#""id": "x", "id": "y","#), "scenarios[0].id", DuplicateField("id".into())),
            (edit(r#"[["d4e5"]]"#, r#"[["d4e5"]], "expectPass": true"#), "scenarios[0]", BothExpectations),
            (edit(r#", "expectedTurns": [["d4e5"]]"#, ""), "scenarios[0]", NoExpectation),
            (edit(r#"[["d4e5"]]"#, r#"[["d4e5", 3]]"#), "scenarios[0].expectedTurns[0][1]", WrongType("a UCI string")),
            (edit(r#"[["d4e5"]]"#, "{}"), "scenarios[0].expectedTurns", WrongType("an array")),
            (
                edit(r#""expectedTurns": [["d4e5"]]"#, r#""expectPass": false"#),
                "scenarios[0].expectPass",
                ExpectPassFalse,
            ),
            (
                edit(r#""expectedTurns": [["d4e5"]]"#, r#""expectPass": 1"#),
                "scenarios[0].expectPass",
                WrongType("true"),
            ),
            (edit(r#""tactical""#, r#""Tactical""#), "scenarios[0].category", UnknownCategory("Tactical".into())),
            (edit(r#""dfen""#, r#""fen""#), "scenarios[0].fen", UnknownField("fen".into())),
            (edit(r#", "dfen": "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 P""#, ""), "scenarios[0].dfen", MissingField),
            (edit(r#""id": "x""#, r#""id": null"#), "scenarios[0].id", WrongType("a string")),
            (edit("[{", "[7, {"), "scenarios[0]", WrongType("an object")),
            (edit("[0, 7]", "[0, -7]"), "seedSet.values[1]", WrongType(seed)),
            (edit("[0, 7]", "[0.5]"), "seedSet.values[0]", WrongType(seed)),
            (edit(r#"{"id": "s", "#, r#"{"ids": "s", "#), "seedSet.ids", UnknownField("ids".into())),
            (edit(r#""schemaVersion": 1"#, r#""schemaVersion": 2"#), "schemaVersion", UnsupportedVersion),
            (edit(r#""schemaVersion": 1"#, r#""schemaVersion": 1.0"#), "schemaVersion", UnsupportedVersion),
            (edit(r#""schemaVersion": 1"#, r#""schemaVersion": "1""#), "schemaVersion", WrongType("the integer 1")),
            (edit(r#""schemaVersion": 1, "#, ""), "schemaVersion", MissingField),
            (
                edit(r#""schemaVersion": 1"#, r#""schemaVersion": 1, "schemaVersion": 1"#),
                "schemaVersion",
                DuplicateField("schemaVersion".into()),
            ),
            ("[]".into(), "", WrongType("an object")),
        ];
        for (text, field, problem) in cases {
            assert_eq!(parse_error(&text), (field.to_owned(), problem), "{text}");
        }
        // Not JSON: an error of the whole document, shown without a field (as is a root that is
        // not an object).
        let (field, problem) = parse_error(r#"{"schemaVersion": 1,"#);
        assert!(field.is_empty() && matches!(problem, InvalidJson(_)));
        assert!(parse_catalog("{} {}").unwrap_err().to_string().starts_with("not valid JSON: trailing characters"));
        assert_eq!(parse_catalog("[]").unwrap_err().to_string(), "expected an object");
        assert_eq!(CatalogError::new("seedSet.values", NoSeeds).to_string(), "seedSet.values: no seed");
    }

    #[test]
    fn comparisons_and_summary() {
        let suite = Suite::new(core_search_v1()).unwrap();
        let registry = super::super::Registry::new();
        let get = |id: &str| registry.get(id).unwrap().as_ref();
        let results: Vec<RunResult> = suite
            .runs()
            .into_iter()
            .map(|(i, seed)| suite.run(i, seed, get("aggressive"), get("greedy"), None))
            .collect();
        let s = Summary::of(&results);
        assert_eq!((s.runs, s.candidate_matched, s.candidate_illegal, s.baseline_illegal), (36, 36, 0, 0));
        assert_eq!(s.regressions + s.both_missed, 0);
        assert_eq!(s.improvements + s.both_matched, 36);
        assert_eq!(s.same_decisions + s.different_decisions, 36);
        // greedy takes the queen in defensive-block-open-file whatever the seed.
        for r in results.iter().filter(|r| r.scenario == 4) {
            assert_eq!(r.comparison(), Comparison::CandidateImproved);
            assert_eq!(r.baseline.moves, ["c3h8"]);
            assert!(r.baseline.legal && !r.baseline.matched && !r.same_decision());
        }
        // Forced passes: a legal, matched pass without a score.
        for r in results.iter().filter(|r| r.scenario >= 10) {
            assert!(r.candidate.passed() && r.candidate.matched && r.candidate.score.is_none());
        }
    }
}
