// Size budgets of the package's .wasm files (API.md §2.7): raw bytes after wasm-opt, 1 KB = 1000
// bytes. One table for the build (scripts/assemble.mjs) and the package test.
// full: 400 KB since issue 12 (the win probability model and expectimax-v2); full 460 KB and rules
// 155 KB since issue 14 (the Game object in both, the notation in the full one: docs/NOTES.md);
// full 461 KB since issue 29 (the engine a crate of its own: LLVM inlines less across the crate
// boundary, about 1 KB in each module; docs/NOTES.md, "Sizes after the split"); full 463 KB since
// issue 30 (the work clock, `effort` and `stop`: 1.1 KB); full 465 KB and rules 160 KB since
// issue 31 (a turn's legality without the tree, which a game no longer keeps: about 5 KB in the
// rules module, 1 KB in the full one; docs/NOTES.md, "A game keeps no turn tree"); full 525 KB
// since issue 32 (the full module at opt-level 2 with SIMD128, for the search's speed in wasm:
// 521.1 KB; BENCHMARKS.md, "Opt-level and SIMD128 of the full module"); full 670 KB since
// issue 32's `expectimax-nnue` joined the built-ins (its net's weights and a second copy of the
// search: 656.0 KB; docs/NOTES.md, the bot's entry), under the 700 KB ceiling; 662.0 KB
// once the analysis read the net (its second stage and the analysis's search over it); full
// 630 KB once the net's input weights were stored as i8 (614.2 KB: the same net, 50 KB less).
export const BUDGETS = { full: 630_000, rules: 160_000 };

/** The budget of each .wasm file by its base name. */
export const WASM_BUDGETS = { dicechess: BUDGETS.full, dicechess_rules: BUDGETS.rules };
