// The frozen-clock probe (issue 30), shared by Node and workerd: with `performance.now()` and
// `Date.now()` pinned, as deployed Workers keep them during CPU work (a local workerd lets them run),
// every bot's getBestMove at a 50 ms budget on rolls from two legal turns to a wide middle game, and
// twice with an effort. Plain data out; the test asserts.

/** Rolls from a two-turn one to kiwipete's middle game. */
export const ROLLS = [
  '7k/8/8/8/8/8/P7/K7 w - - 0 1 P',
  '1r4k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 NNR',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 PNB',
];
/** The roll on which 50 ms of work cuts every budgeted search short. */
export const WIDE = ROLLS[3];

/** The UCI strings of a result's moves. */
const uci = (best) => best.moves.map((m) => m.from + m.to + (m.promotion ?? ''));

/** Whether `path` runs from the root of `tree` to a leaf. */
function isTurn(tree, path) {
  let node = tree;
  for (const m of path) {
    node = node?.[m];
    if (node === undefined) return false;
  }
  return Object.keys(node).length === 0;
}

/**
 * Every bot on every roll: `{ bot, dfen, takesBudget, legal, stop, budgetMs }`, and per bot and
 * roll whether two calls with `effort: 5` and one seed played the same turn (`effortRepeats`).
 * @param {any} ns an entry of the package
 */
export function probeFrozenClock(ns) {
  const rows = [];
  for (const { id, takesBudget } of ns.getBotDetails()) {
    for (const dfen of ROLLS) {
      const tree = ns.getLegalTurnTree(dfen);
      const best = ns.getBestMove(dfen, { algorithm: id, timeBudgetMs: 50, seed: 1 });
      const a = ns.getBestMove(dfen, { algorithm: id, effort: 5, seed: 2 });
      const b = ns.getBestMove(dfen, { algorithm: id, effort: 5, seed: 2 });
      rows.push({
        bot: id, dfen, takesBudget, legal: isTurn(tree, uci(best)), stop: best.stop, budgetMs: best.budgetMs,
        effortLegal: isTurn(tree, uci(a)), effortStop: a.stop, effortRepeats: JSON.stringify([uci(a), a.score]) === JSON.stringify([uci(b), b.score]),
      });
    }
  }
  return rows;
}

/** Runs `f` with `performance.now()` and `Date.now()` standing still. @template T @param {() => T} f @returns {T} */
export function pinned(f) {
  const [now, date] = [performance.now(), Date.now()];
  const saved = [Object.getOwnPropertyDescriptor(performance, 'now'), Date.now];
  Object.defineProperty(performance, 'now', { value: () => now, configurable: true, writable: true });
  Date.now = () => date;
  try {
    return f();
  } finally {
    if (saved[0]) Object.defineProperty(performance, 'now', saved[0]);
    else delete performance.now;
    Date.now = saved[1];
  }
}

/** Whether `performance.now()` moves during about `n` million steps of CPU work, no I/O. */
export function clockMovesDuringWork(n = 20) {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < n * 1e6; i++) x = (x * 31 + i) % 1000003;
  return { moved: performance.now() > t0, x };
}
