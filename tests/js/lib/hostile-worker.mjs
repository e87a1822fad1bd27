// Worker: N hostile calls per function of one entry (the rules functions on "./rules", all 32 on
// "."), then correct answers afterwards. Every generated budget is at most 20 ms (API.md §5.1).
import { parentPort, workerData } from 'node:worker_threads';
import { captureInstances } from './instances.mjs';
import { FULL_ONLY_FUNCTIONS, RULES_FUNCTIONS } from './cases.mjs';
import { FULL_RESULT_TYPE, hostileArgs, positions, RESULT_TYPE, rng } from './fuzz.mjs';
import { load } from './paths.mjs';

const { entry, mode, calls, seed } = workerData;
const instances = captureInstances();
const ns = await load(entry, mode);
const memory = instances.memory();
const pool = positions();
const r = rng(seed);
const ROLL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
const full = entry !== './rules';
const FUNCTIONS = full ? [...RULES_FUNCTIONS, ...FULL_ONLY_FUNCTIONS] : RULES_FUNCTIONS;
const TYPES = { ...RESULT_TYPE, ...FULL_RESULT_TYPE };
const problems = [];
const consoleCalls = [];
console.error = (...a) => consoleCalls.push(a.join(' '));
console.warn = (...a) => consoleCalls.push(a.join(' '));

// Warm-up: the largest valid results first (three-dice trees), so that the allocator has grown;
// on ".", also the largest inputs the book functions accept (64 MiB of text) and a book bot.
for (const p of pool) { ns.getLegalTurnTree(p); ns.getLegalUciMoves(p); ns.generateMoves(p); }
if (full) {
  const huge = 'x'.repeat(64 * 1024 * 1024);
  ns.validateOpeningBook(huge);
  ns.registerOpeningBookBot(huge, 'greedy', 'h-huge', 'H');
  ns.encodeOpeningBook(huge);
  ns.registerOpeningBookBot('k\te2e4\n', 'greedy', 'hb-greedy', 'Book over greedy');
  for (const p of pool.slice(0, 20)) {
    ns.getBestMove(p, { algorithm: 'expectimax', timeBudgetMs: 20 });
    ns.getBestMove(p, { algorithm: 'monte-carlo', timeBudgetMs: 20 });
    ns.estimateEquity(p, { rollouts: 8 });
    ns.shouldBotAcceptDouble(p, 2, { algorithm: 'monte-carlo' });
  }
}
// Then the very pass that is measured below, once unmeasured: the allocator's free lists settle
// (a large block freed between smaller live ones can make a 64 MiB book grow the memory once:
// fragmentation, not a leak). A leak grows on every pass, so it still shows in the measured one.
{
  const w = rng(seed);
  for (const fn of FUNCTIONS) {
    for (let i = 0; i < calls; i++) {
      try { const v = ns[fn](...hostileArgs(fn, w, pool)); (v?.game ?? v)?.free?.(); } catch { /* counted in the measured pass */ }
    }
  }
}
const warm = memory.buffer.byteLength;

const stats = {};
for (const fn of FUNCTIONS) {
  stats[fn] = 0;
  for (let i = 0; i < calls; i++) {
    const args = hostileArgs(fn, r, pool);
    let result;
    try {
      result = ns[fn](...args);
    } catch (e) {
      problems.push(`${fn} threw ${e && e.message}`);
      continue;
    }
    if (!TYPES[fn](result)) problems.push(`${fn} returned a value of the wrong type: ${JSON.stringify(result)?.slice(0, 200)}`);
    // A game holds engine memory until it is freed or collected (the finalizer's part is tested in
    // game.test.mjs): freed at once here, so that linear memory measures leaks only.
    (result?.game ?? result)?.free?.();
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
if (full) {
  const best = ns.getBestMove('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB', { seed: 7 });
  after.best = JSON.stringify([best.moves, best.score, best.budgetMs]);
  after.policies = ns.getAvailableTimePolicies();
  after.hbGreedy = ns.getAvailableBots().some((b) => b.id === 'hb-greedy');
  after.unregistered = ns.unregisterBot('hb-greedy');
  after.equity = ns.estimateEquity('Q7/7B/8/8/3Kk2R/2NP4/8/8 w - - 0 1', { rollouts: 8, seed: 1 });
}
parentPort.postMessage({ problems: problems.slice(0, 20), problemCount: problems.length, stats, after,
  consoleCalls: consoleCalls.slice(0, 5), memory: { warm, end: memory.buffer.byteLength } });
