// @ts-check
// One worker of the Node worker pool (worker-pool.js): its own engine instance, answering the
// pool's calls `{id, name, args}` with `{id, value}` in the order they come. The functions never
// throw (API.md §3.2); a name that is not one of them answers undefined.
//
// Before its first call the worker warms its instance up (issue 31): a fresh instance's first
// searches overshoot their deadline while V8 compiles the module's hot functions at its optimizing
// tier, so one search by work (`effort`, not time) runs first for each of the two searches (each
// is its own compiled code: `expectimax-v2`'s and `expectimax-nnue`'s, the webhook's default),
// and the worker says `{warmedUp: true}` when it is done. Calls posted meanwhile wait in the port.
// Measured in BENCHMARKS.md ("The worker pool's warm-up"): about 0.2 s of the worker's thread per
// search, after which its first search at 50 ms keeps the contract.
import { parentPort } from 'node:worker_threads';
import { DiceChess } from './main-entry.js';

/** The warm-up searches: each bot by work on the start position's roll PNB. */
const WARM_UP = { roll: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB', effort: 20, bots: ['expectimax-v2', 'expectimax-nnue'] };

for (const algorithm of WARM_UP.bots) DiceChess.getBestMove(WARM_UP.roll, { algorithm, effort: WARM_UP.effort, seed: 1 });
parentPort?.postMessage({ warmedUp: true });

const functions = /** @type {Record<string, (...args: unknown[]) => unknown>} */ (/** @type {unknown} */ (DiceChess));
parentPort?.on('message', (/** @type {{ id: number, name: string, args: unknown[] }} */ { id, name, args }) => {
  const value = Object.hasOwn(functions, name) ? functions[name](...args) : undefined;
  parentPort?.postMessage({ id, value });
});
