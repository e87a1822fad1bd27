// Issue 31 (BENCHMARKS.md "Bounded work and deadlines", oversubscription): worker pools of 1, 2, 4
// and 8 workers; each round sends as many getBestMove calls as the pool has workers at once
// (expectimax-v2, timeBudgetMs 50) and waits for them all. Prints the wall time of a call as its
// caller sees it (median, p90, p99, max); asserts only that every answer is legal.
//   node scripts/soak/pool-deadlines.mjs [PKG_DIR] [ROUNDS]
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { quantile } from '../bench-timing.mjs';

const pkg = process.argv[2] ? pathToFileURL(`${process.argv[2]}/`).href : new URL('../../pkg/', import.meta.url).href;
const { createWorkerPool } = await import(new URL('dist/node/worker-pool.js', pkg).href);
const E = await import(new URL('dist/node/index.js', pkg).href);
const ROUNDS = Number(process.argv[3] ?? 100);
const BUDGET = 50;
const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4',
  'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
];
const ROLLS = ['PNB', 'QRK', 'PPN', 'BBQ', 'NRK', 'PQR', 'KKR', 'NNB'];
const uci = (r) => r.moves.map((m) => m.from + m.to + (m.promotion ?? ''));
/** A legal answer: a complete legal turn, or the pass of a roll without one. */
const legal = (dfen, r) => (r.moves.length === 0 ? E.countLegalTurns(dfen) === 0 : E.applyTurn(dfen, uci(r)) !== undefined);

console.log(`node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}, expectimax-v2 at ${BUDGET} ms`);
console.log('| workers | calls | median | p90 | p99 | max |\n| --- | --- | --- | --- | --- | --- |');
for (const size of [1, 2, 4, 8]) {
  const pool = createWorkerPool({ size });
  await pool.ready;
  const wall = [];
  let k = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(Array.from({ length: size }, () => {
      const dfen = `${FENS[k % FENS.length]} ${ROLLS[(k * 3 + round) % ROLLS.length]}`;
      k++;
      const t0 = performance.now();
      return pool.getBestMove(dfen, { algorithm: 'expectimax-v2', timeBudgetMs: BUDGET }).then((r) => {
        wall.push(performance.now() - t0);
        if (!legal(dfen, r)) throw new Error(`${dfen}: not a legal turn`);
      });
    }));
  }
  await pool.close();
  wall.sort((a, b) => a - b);
  const q = (p) => quantile(wall, p).toFixed(1);
  console.log(`| ${size} | ${wall.length} | ${q(0.5)} | ${q(0.9)} | ${q(0.99)} | ${wall.at(-1).toFixed(1)} |`);
}
