// The parameters of an entry: the module `./entry.js` of the entry templates (web-entry.js,
// node-entry.cjs), which has no source file: scripts/assemble.mjs writes these constants in place of
// its import, for each entry kind ("full" for "." and "./web", "rules" for "./rules" and
// "./rules/web").

/** The build identifier the entry's .wasm must report (API.md §2.5): "<crate version>/<full|rules>". */
export declare const BUILD_ID: string;
/** The functions of the entry kind, in the order of DiceChess's members (functions.js). */
export declare const NAMES: readonly import('./functions.js').FunctionName[];
/** The full-only functions (full.js's fullFunctions) on a full entry; undefined on a rules entry. */
export declare const EXTEND: import('./core.js').Extension | undefined;
/** The file name of the entry kind's .wasm ("dicechess_bg.wasm" or "dicechess_rules_bg.wasm"), next to the Node entries. */
export declare const WASM_FILE: string;
