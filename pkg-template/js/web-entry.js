// @ts-check
// dicechess-wasm __ENTRY__ (outside Node): the wrapper over the wasm-bindgen web glue. Nothing is
// loaded until init() or initSync(); before that every function returns its neutral value.
import * as glue from './glue.js';
import { createEngine, makeDiceChess } from './core.js';
import { BUILD_ID, EXTEND, NAMES } from './entry.js';
const engine = createEngine(BUILD_ID, EXTEND);
const api = makeDiceChess(engine, NAMES);
/** @type {Promise<void> | null} */
let pending = null;

/**
 * Fetches (by default next to the glue), compiles and instantiates the .wasm; idempotent.
 * @param {import('../types/web-init.js').InitSource | Promise<import('../types/web-init.js').InitSource>} [source]
 * @returns {Promise<void>}
 */
function init(source) {
  if (pending === null) {
    if (engine.isReady()) {
      pending = Promise.resolve();
    } else {
      const p = (async () => {
        const resolved = await source;
        // The object form: the positional form logs a deprecation warning in wasm-bindgen 0.2.130.
        await glue.default({ module_or_path: resolved });
        engine.attach(glue);
      })();
      pending = p;
      p.catch(() => {
        if (pending === p) pending = null;
      });
    }
  }
  return pending;
}

/**
 * Compiles and instantiates synchronously; true when the instance is ready, never throws.
 * @param {BufferSource | WebAssembly.Module} source
 */
function initSync(source) {
  if (engine.isReady()) return true;
  if (engine.isFailed()) return false;
  try {
    glue.initSync({ module: source });
    engine.attach(glue);
    return true;
  } catch (_) {
    return false;
  }
}

function isReady() {
  return engine.isReady();
}

export const DiceChess = api;
/*@@EXPORTS@@*/
export { init, initSync, isReady, init as default };
