//! The lab: the research tools over the engine (crate `dicechess`), apart from what ships — arenas
//! and their SPRT statistics, self-play, books distilled from self-play, win-probability training
//! rows, the loss of each bot, the deterministic scenario catalogs, and the merge of sharded runs.
//! Over the engine's public API and the command-line kit of `dicechess-cli`; the `dicechess`
//! binary (src/main.rs) lists these commands beside the player's.
//!
//! | file | owns |
//! | --- | --- |
//! | `stats.rs` | arena statistics: score, Elo and its interval, the pentanomial SPRT (BOTS.md §10) |
//! | `scenarios/` | the scenario catalogs: schema, JSON reading, checks and the runner (BOTS.md §11) |
//! | `arena.rs` | `arena`: its options, start positions, the table |
//! | `arena_match.rs` | one match: paired games in parallel, the tally, SPRT stops |
//! | `arena_json.rs` | the `arena --json` report |
//! | `selfplay.rs` | `selfplay`: seeded games as JSON Lines records (BOOK.md §10.1) |
//! | `distill_cmd.rs` | `book distill`: self-play, then a book from the games (BOOK.md §10.2) |
//! | `scenarios_cmd.rs` | `scenarios` |
//! | `datagen.rs` | `datagen`: self-play positions for the win-probability model |
//! | `winprob_cmd.rs` | `winprob describe`, `features`, `calibrate`: the model's inputs and measurement |
//! | `nnue_cmd.rs` | `nnue describe`, `features`, `values`: the NNUE evaluator's input layout, training rows and search values |
//! | `loss.rs` | `loss`: each bot's average loss of win probability on a suite of rolls |
//! | `merge_shards.rs` | `merge`: a sharded run's outputs merged, by the merge of the command that wrote them |

// An application's modules, public for the binary: their docs may name their private helpers.
#![allow(rustdoc::private_intra_doc_links)]

pub mod arena;
pub mod arena_json;
pub mod arena_match;
pub mod bots;
pub mod datagen;
pub mod distill_cmd;
pub mod loss;
pub mod merge_shards;
pub mod nnue_cmd;
pub mod scenarios;
pub mod scenarios_cmd;
pub mod selfplay;
pub mod stats;
pub mod winprob_cmd;
