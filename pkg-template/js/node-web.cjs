// @ts-check
'use strict';
// dicechess-wasm __ENTRY__ under Node: the Node build behind the ./web API. The instance (shared
// with __BASE_ENTRY__) is ready on require, so init() resolves at once and initSync() returns true.
Object.defineProperty(exports, '__esModule', { value: true });
const base = require('./node-entry.cjs');
/** @type {Promise<void> | null} */
let ready = null;
/** @param {unknown} [_source] @returns {Promise<void>} */
function init(_source) {
  if (!base.isReady()) return Promise.reject(new Error('dicechess-wasm: the WebAssembly instance is not available'));
  if (ready === null) ready = Promise.resolve();
  return ready;
}
/** @param {unknown} _source */
function initSync(_source) {
  return base.isReady();
}
const DiceChess = base.DiceChess;
const isReady = base.isReady;
exports.DiceChess = DiceChess;
/*@@EXPORTS@@*/
exports.isReady = isReady;
exports.init = init;
exports.initSync = initSync;
exports.default = init;
