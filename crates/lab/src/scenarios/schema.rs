//! What a schema-v1 catalog says (BOTS.md §11), not yet validated, and why a catalog is rejected.

use std::fmt;

use dicechess::dfen::DfenError;
use dicechess::Color;

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
    /// A field unknown, given twice, missing or of the wrong type (serde's message, such as
    /// ``unknown field `weight`, expected one of …``).
    #[error("{0}")]
    Schema(String),
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
