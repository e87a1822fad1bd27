// Worker: N hostile calls per rules function against one entry, then correct answers afterwards.
import { parentPort, workerData } from 'node:worker_threads';
import { captureInstances } from './instances.mjs';
import { hostile, positions, RESULT_TYPE, rng } from './fuzz.mjs';
import { load } from './paths.mjs';

const { entry, mode, calls, seed } = workerData;
const instances = captureInstances();
const ns = await load(entry, mode);
const memory = instances.memory();
const pool = positions();
const r = rng(seed);
const ROLL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
const problems = [];
const consoleCalls = [];
console.error = (...a) => consoleCalls.push(a.join(' '));
console.warn = (...a) => consoleCalls.push(a.join(' '));

// Warm-up: the largest valid results first (three-dice trees), so that the allocator has grown.
for (const p of pool) { ns.getLegalTurnTree(p); ns.getLegalUciMoves(p); ns.generateMoves(p); }
const warm = memory.buffer.byteLength;

const stats = {};
for (const fn of Object.keys(RESULT_TYPE)) {
  stats[fn] = 0;
  for (let i = 0; i < calls; i++) {
    const n = r.int(6);
    const args = Array.from({ length: n }, () => hostile(r, pool));
    if (n > 0 && r.int(3) === 0) args[0] = r.pick(pool); // a valid first argument, hostile others
    if (fn === 'perft' && typeof args[1] === 'number' && args[1] > 2) args[1] = r.int(3); // keep it fast
    let result;
    try {
      result = ns[fn](...args);
    } catch (e) {
      problems.push(`${fn} threw ${e && e.message}`);
      continue;
    }
    if (!RESULT_TYPE[fn](result)) problems.push(`${fn} returned a value of the wrong type: ${String(result)}`);
    stats[fn]++;
  }
}

// Correct answers afterwards.
const after = {
  ready: ns.isReady(),
  moves: ns.getLegalUciMoves(ROLL),
  dice: ns.getPlayableDice(ROLL, ['b1a3']),
  piece: ns.getPieceFromDice(6),
  perft: ns.perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 2),
  tree: JSON.stringify(ns.getLegalTurnTree(ROLL)),
};
parentPort.postMessage({ problems: problems.slice(0, 20), problemCount: problems.length, stats, after,
  consoleCalls: consoleCalls.slice(0, 5), memory: { warm, end: memory.buffer.byteLength } });
