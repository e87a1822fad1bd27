//! The TypeScript declarations of the package's structured values, generated from the engine's
//! Rust types (their `ts-rs` derives, engine feature `ts`), and the generator of their module,
//! `pkg-template/types/generated.d.ts`, which the hand-written declarations of
//! `pkg-template/types/` re-export and build on (nothing there declares these types again).
//!
//! The values cross the boundary as the JSON text of the same types' serde serialization
//! (src/wasm/protocol.rs), so the declarations and the objects have one source. Like the caps of
//! src/limits.rs, the module is generated text checked into the template: `cargo test -p
//! dicechess-wasm --lib types` fails when it is stale; `DICECHESS_WRITE_TYPES=1 cargo test -p
//! dicechess-wasm --lib types` rewrites it.

use std::path::Path;

use dicechess::analysis::{GameReview, Label, SideSummary, TurnReview, WinProbability};
use dicechess::package::{
    AnalyzeOptions, AnalyzeTurnResult, BestMove, BestMoveOptions, ClockOptions, DecisionOptions, EquityOptions,
    GameStatus, MicroMove, ReviewOptions, TurnCandidate,
};
use dicechess::search::{Equity, Stop};
use dicechess::{BotInfo, Color};
use ts_rs::{Config, TS};

/// Where the generated module lives, from the crate root.
const MODULE: &str = "pkg-template/types/generated.d.ts";

/// The hand-written types the generated ones name (`#[ts(type = …)]` on their fields).
const IMPORTS: &str = "import type { PromotionPiece, TimePolicyId, Uci } from './types.js';\n";

/// One type's declaration, its doc comment first, exported, an object's fields a line each.
fn declaration<T: TS>(cfg: &Config) -> String {
    let decl = T::decl(cfg);
    let decl = match (decl.find("= { "), decl.strip_suffix(", };")) {
        (Some(open), Some(rest)) => format!("{}= {{\n{}}};", &decl[..open], fields(&rest[open + 4..])),
        _ => decl,
    };
    format!("{}export {decl}\n", T::docs().unwrap_or_default())
}

/// The fields of an object type as ts-rs writes them (`name: type, ` with doc blocks between), a
/// line each with its doc block above it, indented.
fn fields(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body.trim_start();
    while !rest.is_empty() {
        if let Some(doc) = rest.strip_prefix("/**") {
            let end = doc.find("*/").expect("a closed doc comment") + 2;
            out.push_str("  /**");
            out.push_str(&doc[..end].replace('\n', "\n  "));
            out.push('\n');
            rest = doc[end..].trim_start();
            continue;
        }
        // A field ends at the first `, ` outside a string literal (no type here has another).
        let mut quoted = false;
        let end = rest
            .char_indices()
            .find(|&(i, c)| {
                quoted ^= c == '"';
                !quoted && rest[i..].starts_with(", ")
            })
            .map_or(rest.len(), |(i, _)| i);
        out.push_str("  ");
        out.push_str(&rest[..end]);
        out.push_str(";\n");
        rest = rest[end..].trim_start_matches(", ").trim_start();
    }
    out
}

/// The text of the generated module.
fn module_text() -> String {
    // JavaScript numbers: the package's integers all fit 2^53 (times, budgets, counts).
    let cfg = Config::new().with_large_int("number");
    let declarations = [
        declaration::<Color>(&cfg),
        declaration::<GameStatus>(&cfg),
        declaration::<MicroMove>(&cfg),
        declaration::<Stop>(&cfg),
        declaration::<BestMove>(&cfg),
        declaration::<BotInfo>(&cfg),
        declaration::<Equity>(&cfg),
        declaration::<WinProbability>(&cfg),
        declaration::<TurnCandidate>(&cfg),
        declaration::<AnalyzeTurnResult>(&cfg),
        declaration::<Label>(&cfg),
        declaration::<TurnReview>(&cfg),
        declaration::<SideSummary>(&cfg),
        declaration::<GameReview>(&cfg),
        declaration::<ClockOptions>(&cfg),
        declaration::<BestMoveOptions>(&cfg),
        declaration::<DecisionOptions>(&cfg),
        declaration::<EquityOptions>(&cfg),
        declaration::<AnalyzeOptions>(&cfg),
        declaration::<ReviewOptions>(&cfg),
    ];
    let mut out = String::from(
        "// The package's structured values: GENERATED from the engine's Rust types by src/types.rs\n\
         // (`DICECHESS_WRITE_TYPES=1 cargo test -p dicechess-wasm --lib types`). Do not edit.\n",
    );
    out.push_str(IMPORTS);
    for d in declarations {
        out.push('\n');
        out.push_str(&d);
    }
    out
}

#[test]
fn the_typescript_module_is_generated_from_the_rust_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(MODULE);
    let expected = module_text();
    if std::env::var_os("DICECHESS_WRITE_TYPES").is_some() {
        std::fs::write(&path, &expected).expect("write the types module");
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "{MODULE} is stale: run `DICECHESS_WRITE_TYPES=1 cargo test -p dicechess-wasm --lib types`"
    );
}
