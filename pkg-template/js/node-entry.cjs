// @ts-check
'use strict';
// dicechess-wasm __ENTRY__ entry for Node (CommonJS): compiles and instantiates the .wasm
// synchronously on require, so every function is ready at once. The module's bytes are those its ES
// module twin found through its asset URL (node-facade.js), or the file next to this one.
const { createEngine, makeDiceChess } = require('./core.js');
const { BUILD_ID, EXTEND, NAMES, WASM_FILE } = require('./entry.js');
const glue = require('./glue.js');
const engine = createEngine(BUILD_ID, EXTEND);

// A file that is not where it should be, after a server bundler moved the code away from it: the
// one report names the fix.
/** @param {unknown} error */
function explain(error) {
  if (!(error instanceof Error) || !('code' in error) || error.code !== 'ENOENT') return error;
  return new Error(`cannot read ${WASM_FILE} (${error.message}). Bundled for a server? Mark 'dicechess-wasm' as external `
    + `(Next.js: serverExternalPackages: ['dicechess-wasm']; webpack: externals), import it (ES module) rather than require it, `
    + `or copy ${WASM_FILE} next to the bundle.`);
}

try {
  if (!glue.__dicechess_loaded()) glue.__dicechess_load(require('node:fs').readFileSync(require('node:path').join(__dirname, WASM_FILE)));
  engine.attach(glue);
} catch (error) {
  engine.fail(explain(error));
}
const DiceChess = makeDiceChess(engine, NAMES);
function isReady() {
  return engine.isReady();
}
exports.DiceChess = DiceChess;
/*@@EXPORTS@@*/
exports.isReady = isReady;
