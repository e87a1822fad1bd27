// @ts-check
'use strict';
// dicechess-wasm __ENTRY__ entry for Node (CommonJS): compiles and instantiates the .wasm
// synchronously on require, so every function is ready at once. The module's bytes are those its ES
// module twin found through its asset URL (node-facade.js), or the file next to this one.
const { createEngine, makeDiceChess } = require('./core.js');
const { BUILD_ID, EXTEND, NAMES, WASM_FILE } = require('./entry.js');
const glue = require('./glue.js');
const engine = createEngine(BUILD_ID, EXTEND);

// The module's bytes next to this file. When they cannot be read (a server bundler moved the code
// away from them, or left no __dirname), the one report names the fix.
function readWasm() {
  try {
    return require('node:fs').readFileSync(require('node:path').join(__dirname, WASM_FILE));
  } catch (error) {
    throw new Error(`cannot read ${WASM_FILE} (${error instanceof Error ? error.message : String(error)}). Bundled for a server? `
      + `Mark 'dicechess-wasm' as external (Next.js: serverExternalPackages: ['dicechess-wasm']; webpack: externals), `
      + `import it (ES module) rather than require it, or copy ${WASM_FILE} next to the bundle.`);
  }
}

try {
  if (!glue.__dicechess_loaded()) glue.__dicechess_load(readWasm());
  engine.attach(glue);
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
