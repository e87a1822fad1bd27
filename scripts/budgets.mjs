// Size budgets of the package's .wasm files (API.md §2.7): raw bytes after wasm-opt, 1 KB = 1000
// bytes. One table for the build (scripts/assemble.mjs) and the package test.
// full: 400 KB since issue 12 (the win probability model and expectimax-v2); full 460 KB and rules
// 155 KB since issue 14 (the Game object in both, the notation in the full one: docs/NOTES.md).
export const BUDGETS = { full: 460_000, rules: 155_000 };

/** The budget of each .wasm file by its base name. */
export const WASM_BUDGETS = { dicechess: BUDGETS.full, dicechess_rules: BUDGETS.rules };
