// @ts-check
'use strict';
// dicechess-wasm __ENTRY__ under Node (also Deno and Bun): the Node build behind the ./web API. The
// instance (shared with __BASE_ENTRY__) is ready on require when the .wasm next to it could be
// read; then init() resolves at once and initSync() returns true. Otherwise (Deno without read
// permission, a server bundle) they instantiate the module from their argument.
Object.defineProperty(exports, '__esModule', { value: true });
const base = require('./node-entry.cjs');
const LOAD = Symbol.for('dicechess-wasm.load');
const load = /** @type {(source: BufferSource | WebAssembly.Module) => void} */ (/** @type {Record<symbol, unknown>} */ (base)[LOAD]);

/**
 * The module from what init() accepts: bytes or a compiled module as they are; a response's body; a
 * path or file: URL read from disk; any other URL or request fetched.
 * @param {unknown} source
 * @returns {Promise<BufferSource | WebAssembly.Module>}
 */
async function moduleFrom(source) {
  if (source instanceof WebAssembly.Module || source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  if (typeof Response === 'function' && source instanceof Response) return source.arrayBuffer();
  const file = source instanceof URL ? (source.protocol === 'file:' ? source : null)
    : typeof source === 'string' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(source) ? source : null;
  if (file !== null) return require('node:fs').readFileSync(file);
  if (source instanceof URL || typeof source === 'string' || (typeof Request === 'function' && source instanceof Request)) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`dicechess-wasm: fetching the module failed: HTTP ${response.status}`);
    return response.arrayBuffer();
  }
  throw new Error('dicechess-wasm: the WebAssembly instance is not available (init() needs the module: its bytes, a WebAssembly.Module, a Response, a path or a URL)');
}

/** @type {Promise<void> | null} */
let pending = null;
/** @param {unknown} [source] @returns {Promise<void>} */
function init(source) {
  if (pending === null) {
    const p = base.isReady() ? Promise.resolve() : (async () => load(await moduleFrom(await source)))();
    pending = p;
    p.catch(() => {
      if (pending === p) pending = null;
    });
  }
  return pending;
}
/** @param {BufferSource | WebAssembly.Module} source */
function initSync(source) {
  if (base.isReady()) return true;
  try {
    load(source);
    return true;
  } catch (_) {
    return false;
  }
}
const DiceChess = base.DiceChess;
const isReady = base.isReady;
exports.DiceChess = DiceChess;
/*@@EXPORTS@@*/
exports.isReady = isReady;
exports.init = init;
exports.initSync = initSync;
exports.default = init;
Object.defineProperty(exports, LOAD, { value: load });
