// @ts-check
// The wrapper core: one engine per entry kind and realm, over the wasm-bindgen glue. Every argument
// is checked in JavaScript, inside try/catch, before any call into the .wasm; the exports receive
// only strings, numbers, undefined and byte arrays (API.md §3.2, §5.1). Results are fresh plain
// values. Nothing here throws, except attach() on a module of another build.
//
// scripts/assemble.mjs inlines this module and the ones it imports into every entry (the entry
// templates are node-entry.cjs and web-entry.js), full.js only into "." and "./web".
import { gameFunctions } from './game.js';
import { rulesFunctions } from './rules.js';
import { turnFunctions } from './turns.js';

/** @typedef {import('./glue.js').RulesGlue} RulesGlue */
/** @typedef {import('./glue.js').FullGlue} FullGlue */
/** @typedef {import('./functions.js').FullOnlyApi} FullOnlyApi */
/** @typedef {import('./functions.js').FullApi} FullApi */
/** @typedef {import('./functions.js').FunctionName} FunctionName */
/** @typedef {(engine: import('./rules.js').Engine<FullGlue>) => Omit<FullOnlyApi, 'parseNotation' | 'gameFromNotation'>} Extension */

// The warning of a call on a ./web entry before init().
const NOT_READY = 'dicechess-wasm: the engine is not initialised yet (call and await init() of the ./web entry first); returning neutral values.';

/**
 * An engine: its functions (the rules ones, and the full-only ones with `extend`), which return
 * neutral values until attach() and after a trap.
 * @param {string} expectedBuild the build identifier the .wasm must report (API.md §2.5)
 * @param {Extension} [extend] the full-only functions (full.js's fullFunctions), for "." and "./web"
 * @param {string} [notReady] the one warning of a call before the instance is ready
 */
export function createEngine(expectedBuild, extend, notReady = NOT_READY) {
  // 0: not initialised, 1: ready, 2: failed (a trap, or the module could not be used).
  let state = 0;
  let warned = false;
  let reported = false;
  // The glue once attached. Typed as the full glue: the full-only functions exist only with
  // `extend`, on the entries whose build identifier is a full module's, checked by attach().
  /** @type {FullGlue | null} */
  let w = null;

  function live() {
    if (state === 1) return true;
    if (state === 0 && !warned) {
      warned = true;
      console.warn(notReady);
    }
    return false;
  }

  /** @param {unknown} error */
  function report(error) {
    if (reported) return;
    reported = true;
    console.error('dicechess-wasm: the WebAssembly instance failed; every later call returns neutral values.', error);
  }

  // The last resort of API.md §5.1: an exception out of the .wasm call is a bug (a trap); the
  // instance's memory can no longer be trusted.
  /** @param {unknown} error */
  function fail(error) {
    state = 2;
    report(error);
  }

  /** Adopts a loaded glue; throws if its module is of another build. @param {RulesGlue} glue */
  function attach(glue) {
    const id = glue.build_id();
    if (id !== expectedBuild) {
      throw new Error('dicechess-wasm: the .wasm module is build "' + id + '", this wrapper expects "' + expectedBuild + '"');
    }
    w = /** @type {FullGlue} */ (glue);
    state = 1;
  }

  const engine = { live, fail, glue: () => /** @type {FullGlue} */ (w) };
  /** @type {Partial<FullApi>} */
  const functions = rulesFunctions(engine);
  // The turn helpers, pure JavaScript (turns.js).
  Object.assign(functions, turnFunctions());
  // The Game functions: the notation ones only with the full module's functions.
  Object.assign(functions, gameFunctions(engine, extend !== undefined));
  if (extend) Object.assign(functions, extend(engine));

  return {
    functions,
    attach,
    fail,
    isReady: () => state === 1,
    isFailed: () => state === 2,
  };
}

/**
 * Picks `names` out of the engine's functions into a frozen DiceChess object.
 * @param {ReturnType<typeof createEngine>} engine @param {readonly FunctionName[]} names
 */
export function makeDiceChess(engine, names) {
  /** @type {Partial<FullApi>} */
  const out = {};
  for (const name of names) /** @type {Record<string, unknown>} */ (out)[name] = engine.functions[name];
  return Object.freeze(out);
}
