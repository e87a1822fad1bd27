// What scripts/bench-runtimes.mjs measures inside each runtime: the package's import and first call,
// and getBestMove's wall time and stop on fixed rolls. Runtime-neutral (no Node APIs): each
// runtime's scratch program imports a copy of this file.

/** The rolls searched: the opening, a middlegame with captures, a crowded middlegame. */
export const ROLLS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN',
  'r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3 PNB',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 QBN',
];
/** The bot and budget measured. */
export const SEARCH = { algorithm: 'expectimax-v2', timeBudgetMs: 50 };

/** The runtime running this file, with its version. */
export function runtimeName() {
  if (globalThis.Deno) return `Deno ${globalThis.Deno.version.deno}`;
  if (globalThis.Bun) return `Bun ${globalThis.Bun.version}`;
  return `Node ${globalThis.process?.version ?? '?'}`;
}

/** The package's first call once loaded: the legal moves of the opening roll. */
export const firstCall = (engine) => engine.getLegalUciMoves(ROLLS[0]);

/** One timed search of roll number `roll` at `seed`: its wall time in ms and why it stopped. */
export function search(engine, roll, seed) {
  const start = performance.now();
  const { stop } = engine.getBestMove(ROLLS[roll], { ...SEARCH, seed });
  return { roll, ms: performance.now() - start, stop };
}

/**
 * A fresh process's measures: the time from `load()` (the import) to the end of the first call,
 * then `calls` searches of each roll.
 */
export async function measure(load, calls) {
  const start = performance.now();
  const engine = await load();
  if (firstCall(engine).length === 0) throw new Error('the package did not load: no legal moves');
  const importMs = performance.now() - start;
  const searches = [];
  for (let roll = 0; roll < ROLLS.length; roll++) {
    for (let seed = 1; seed <= calls; seed++) searches.push(search(engine, roll, seed));
  }
  return { runtime: runtimeName(), importMs, searches };
}
