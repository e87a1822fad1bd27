// Size budgets of the package's .wasm files (API.md §2.7): raw bytes after wasm-opt, 1 KB = 1000
// bytes. One table for the build (scripts/assemble.mjs) and the package test.
// full: 400 KB since issue 12 (the win probability model and expectimax-v2); full 460 KB and rules
// 155 KB since issue 14 (the Game object in both, the notation in the full one: docs/NOTES.md);
// full 461 KB since issue 29 (the engine a crate of its own: LLVM inlines less across the crate
// boundary, about 1 KB in each module; docs/NOTES.md, "Sizes after the split"); full 463 KB since
// issue 30 (the work clock, `effort` and `stop`: 1.1 KB); full 465 KB and rules 160 KB since
// issue 31 (a turn's legality without the tree, which a game no longer keeps: about 5 KB in the
// rules module, 1 KB in the full one; docs/NOTES.md, "A game keeps no turn tree"); full 700 KB
// since issue 32 (its ceiling: the NNUE net's weights, 788 × 128 × 2 bytes for the first net, and
// `expectimax-nnue`'s search: 691.7 KB at opt-level "s").
export const BUDGETS = { full: 700_000, rules: 160_000 };

/** The budget of each .wasm file by its base name. */
export const WASM_BUDGETS = { dicechess: BUDGETS.full, dicechess_rules: BUDGETS.rules };
