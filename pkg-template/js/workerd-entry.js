// @ts-check
// dicechess-wasm __ENTRY__ on Cloudflare Workers (the "workerd" condition, which wrangler and
// workerd resolve): Workers compile no WebAssembly from bytes and give the package's files no URL,
// but import a .wasm file as its compiled WebAssembly.Module. This entry imports it and
// instantiates it synchronously, so every function is ready when the Worker's code runs.
import wasm from './wasm-module.js';
import { DiceChess as api, initSync, isReady as ready } from './web-entry.js';
initSync(wasm);
export const DiceChess = api;
/*@@EXPORTS@@*/
export const isReady = ready;
