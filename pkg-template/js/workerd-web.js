// @ts-check
// dicechess-wasm __ENTRY__ on Cloudflare Workers (the "workerd" condition): the ./web API, whose
// init() and initSync() take by default the .wasm that Workers import as a compiled module.
import wasm from './wasm-module.js';
import { DiceChess as api, init as initFrom, initSync as initSyncFrom, isReady as ready } from './web-entry.js';

/**
 * Instantiates the module (by default the package's, imported as a module); idempotent.
 * @param {import('../types/web-init.js').InitSource | Promise<import('../types/web-init.js').InitSource>} [source]
 */
function init(source = wasm) {
  return initFrom(source);
}

/**
 * Instantiates synchronously (by default the package's module); true when the instance is ready.
 * @param {BufferSource | WebAssembly.Module} [source]
 */
function initSync(source = wasm) {
  return initSyncFrom(source);
}

export const DiceChess = api;
/*@@EXPORTS@@*/
export const isReady = ready;
export { init, initSync, init as default };
