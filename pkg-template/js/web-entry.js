// dicechess-wasm __ENTRY__ (outside Node): the wrapper over the wasm-bindgen web glue. Nothing is
// loaded until init() or initSync(); before that every function returns its neutral value.
import * as glue from './__GLUE__';
/*@@CORE@@*/
const engine = createEngine('__BUILD_ID__', __EXTEND__);
const api = makeDiceChess(engine, __NAMES__);
let pending = null;

/** Fetches (by default next to the glue), compiles and instantiates the .wasm; idempotent. */
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

/** Compiles and instantiates synchronously; true when the instance is ready, never throws. */
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
