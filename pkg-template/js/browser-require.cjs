// @ts-check
'use strict';
// dicechess-wasm __ENTRY__ for require() outside Node (bundled browser code, Workers): CommonJS
// cannot wait for the .wasm as the ES module entry does (top-level await), so the module is
// fetched on require and every function works once it is loaded. Calls before that return their
// neutral values, with one console warning that names the fix.
const { createEngine, makeDiceChess } = require('./core.js');
const { BUILD_ID, EXTEND, NAMES } = require('./entry.js');
const glue = /** @type {typeof import('./glue.js')} */ (require('./glue.js'));
const engine = createEngine(BUILD_ID, EXTEND, 'dicechess-wasm: require(__ENTRY__) in browser code loads the WebAssembly module '
  + 'asynchronously, and calls before it is loaded return neutral values: use `import { DiceChess } from __ENTRY__` '
  + '(ready when your code runs), or wait until isReady() is true.');
glue.default({ module_or_path: undefined }).then(() => engine.attach(glue)).catch((error) => engine.fail(error));
const DiceChess = makeDiceChess(engine, NAMES);
function isReady() {
  return engine.isReady();
}
exports.DiceChess = DiceChess;
/*@@EXPORTS@@*/
exports.isReady = isReady;
