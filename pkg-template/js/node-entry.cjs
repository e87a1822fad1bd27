// @ts-check
'use strict';
// dicechess-wasm __ENTRY__ entry for Node (CommonJS; also what Deno and Bun load): compiles and
// instantiates the .wasm synchronously on require, so every function is ready at once. When the
// file next to this one cannot be read (a server bundle moved the code away from it, Deno without
// read permission), the functions return neutral values and the first call says why, once; the ES
// module twin (node-facade.js) and ./web's init(source) may still hand the module in (`load`).
const { createEngine, makeDiceChess } = require('./core.js');
const { BUILD_ID, EXTEND, NAMES, WASM_FILE } = require('./entry.js');
const glue = require('./glue.js');

/**
 * Why the module's bytes cannot be read, and the fix, for the one warning.
 * @param {unknown} error
 */
function unreadable(error) {
  const why = error instanceof Error ? error.message : String(error);
  const denied = error instanceof Error && (error.name === 'NotCapable' || error.name === 'PermissionDenied');
  if (typeof globalThis === 'object' && 'Deno' in globalThis && denied) {
    return `dicechess-wasm: Deno may not read ${WASM_FILE} (${why}); returning neutral values. Run with --allow-read `
      + `(or --allow-read=${__dirname}), or import "dicechess-wasm/web" and hand the module to init(bytes).`;
  }
  return `dicechess-wasm: cannot read ${WASM_FILE} (${why}); returning neutral values. Bundled for a server? `
    + `Mark 'dicechess-wasm' as external (Next.js: serverExternalPackages: ['dicechess-wasm']; webpack: externals), `
    + `import it (ES module) rather than require it, or copy ${WASM_FILE} next to the bundle.`;
}

/**
 * The module's bytes next to this file, or why they cannot be read.
 * @returns {{ bytes?: Uint8Array, problem?: string }}
 */
function readWasm() {
  try {
    return { bytes: require('node:fs').readFileSync(require('node:path').join(__dirname, WASM_FILE)) };
  } catch (error) {
    return { problem: unreadable(error) };
  }
}

const found = glue.__dicechess_loaded() ? {} : readWasm();
const engine = createEngine(BUILD_ID, EXTEND, found.problem);

/**
 * Instantiates the module from `source` (its bytes or a compiled WebAssembly.Module) unless it is
 * loaded, and adopts it; throws when that fails.
 * @param {BufferSource | WebAssembly.Module} source
 */
function load(source) {
  if (!glue.__dicechess_loaded()) glue.__dicechess_load(source);
  if (!engine.isReady()) engine.attach(glue);
}

try {
  if (glue.__dicechess_loaded()) engine.attach(glue);
  else if (found.bytes) load(found.bytes);
} catch (error) {
  engine.fail(error);
}
const DiceChess = makeDiceChess(engine, NAMES);
function isReady() {
  return engine.isReady();
}
exports.DiceChess = DiceChess;
/*@@EXPORTS@@*/
exports.isReady = isReady;
// Internal, for the ES module twin and ./web: a symbol key, not enumerable, so not an export.
Object.defineProperty(exports, Symbol.for('dicechess-wasm.load'), { value: load });
