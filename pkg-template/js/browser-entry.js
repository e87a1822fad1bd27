// @ts-check
// dicechess-wasm __ENTRY__ outside Node (bundlers, browsers, Workers): loads the .wasm at top
// level, so every function is ready when the importing code runs.
import init, { DiceChess as api, isReady as ready } from './web-entry.js';
await init();
export const DiceChess = api;
/*@@EXPORTS@@*/
export const isReady = ready;
