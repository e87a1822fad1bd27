// @ts-check
'use strict';
// dicechess-wasm __ENTRY__ entry for Node (CommonJS): the wasm-bindgen nodejs glue loads and
// compiles the .wasm synchronously on require, so every function is ready at once.
const { createEngine, makeDiceChess } = require('./core.js');
const { BUILD_ID, EXTEND, NAMES } = require('./entry.js');
const engine = createEngine(BUILD_ID, EXTEND);
try {
  engine.attach(require('./glue.js'));
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
