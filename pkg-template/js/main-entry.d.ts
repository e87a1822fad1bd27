// The package's main entry, as the files over it import it (webhook.js, pool-worker.js): its
// "." entry of the same export condition, whose file scripts/assemble.mjs names in place of this
// module's.
export declare const DiceChess: import('./functions.js').FullApi;
