//! The player commands of the `dicechess` command line and the kit every command is built on.
//! The binary itself, which lists these commands beside the lab's, is `crates/lab/src/main.rs`:
//! the spec names both under `dicechess` (BOOK.md §11, BOTS.md §10–§11).
//!
//! Over the engine's public API only (crate `dicechess`). One file per subcommand or group, each
//! over the shared pieces; data flows one way (tests/architecture.rs checks it):
//!
//! | file | owns |
//! | --- | --- |
//! | `io.rs` | the conventions of BOOK.md §11.1: exit codes, messages, stdout, batch mode |
//! | `signals.rs` | the signals that stop a run (SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM) and the run's output files: temporary until the run ends |
//! | `files.rs` | reading inputs within the cap of their kind, writing outputs (the one writer: files, links, devices), two outputs never on one file, loading books |
//! | `args.rs` | the value parsers and the option sets several subcommands flatten |
//! | `progress.rs` | the one progress display (indicatif bar, plain lines or nothing) |
//! | `players.rs` | players (bots, books, time policies) and the game loop of BOTS.md §10.3 |
//! | `shard.rs` | `--shard K/N`: a shard's range, slice and manifest, the checks of a run's shards, concatenation; the numbered lines of an input |
//! | `rules_cmd.rs` | `board`, `moves`, `tree`, `count`, `perft` |
//! | `best.rs` | `best` |
//! | `book_cmd/` | `book build`, `validate`, `convert`, `probe`, `merge`: one file each |
//! | `review_cmd.rs` | `review`: game records reviewed turn by turn (docs/ANALYSIS.md) |
//! | `game_files.rs` | `game convert`, `show`, `validate`: files of games, records or notation (docs/NOTATION.md) |

// An application's modules, public for the binary: their docs may name their private helpers.
#![allow(rustdoc::private_intra_doc_links)]

pub mod args;
pub mod best;
pub mod book_cmd;
pub mod files;
pub mod game_files;
pub mod io;
pub mod players;
pub mod progress;
pub mod review_cmd;
pub mod rules_cmd;
pub mod shard;
pub mod signals;
