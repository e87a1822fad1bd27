'use strict';
// dicechess-wasm __ENTRY__ entry for Node (CommonJS): the wasm-bindgen nodejs glue loads and
// compiles the .wasm synchronously on require, so every function is ready at once.
/*@@CORE@@*/
const engine = createEngine('__BUILD_ID__', __EXTEND__);
try {
  engine.attach(require('./__GLUE__'));
} catch (error) {
  engine.fail(error);
}
const DiceChess = makeDiceChess(engine, __NAMES__);
function isReady() {
  return engine.isReady();
}
/*@@EXPORTS@@*/
