// Issue 31 item 7 (BENCHMARKS.md "Calls bounded on any input"): analyzeTurn on the 28-queen roll
// at timeBudgetMs 1, 5, 10 and 50 through the package, CALLS calls a budget after one warm-up.
// Prints the wall time (median, p99, max); asserts only that every analysis has a candidate.
//   node scripts/soak/analyze-deadlines.mjs [ENTRY_URL] [CALLS]
import { quantile } from '../bench-timing.mjs';

const entry = process.argv[2] || new URL('../../pkg/dist/node/index.js', import.meta.url).href;
const M = await import(entry);
const E = M.default ?? M;
const WIDE = 'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1 QQQ';
const CALLS = Number(process.argv[3] ?? 200);
E.analyzeTurn(WIDE, { timeBudgetMs: 5 });
console.log('| budget | calls | median | p99 | max |\n| --- | --- | --- | --- | --- |');
for (const budget of [1, 5, 10, 50]) {
  const wall = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const analysis = E.analyzeTurn(WIDE, { timeBudgetMs: budget });
    wall.push(performance.now() - t0);
    if (!(analysis?.candidates?.length > 0)) throw new Error(`timeBudgetMs ${budget}: no candidate`);
  }
  wall.sort((a, b) => a - b);
  const q = (p) => quantile(wall, p).toFixed(1);
  console.log(`| ${budget} ms | ${CALLS} | ${q(0.5)} | ${q(0.99)} | ${wall.at(-1).toFixed(1)} |`);
}
