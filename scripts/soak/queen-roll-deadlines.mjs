// Issue 18 item 7 (BENCHMARKS.md "Bounded work and deadlines"): every bot, and book bots
// over the timed ones with a legal booked line (hit) or only illegal ones (stale), on the
// 28-queen roll at timeBudgetMs 100, through the package. Prints a table of wall time (median,
// p99, max) and the process's CPU time of the slowest call; asserts only that every turn is legal.
//   node scripts/soak/queen-roll-deadlines.mjs [ENTRY_URL] [CALLS]
const entry = process.argv[2] || new URL('../../pkg/dist/node/index.js', import.meta.url).href;
const M = await import(entry);
const E = M.default ?? M;
const QUEENS = 'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1 QQQ';
const KEY = 'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - QQQ';
const N = Number(process.argv[3] ?? 20);
const uci = (r) => r.moves.map((m) => m.from + m.to + (m.promotion ?? ''));
const rows = [];
function measure(id, budget) {
  const wall = [], cpu = [];
  for (let i = 0; i < N; i++) {
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const r = E.getBestMove(QUEENS, { algorithm: id, timeBudgetMs: budget, seed: i });
    const ms = performance.now() - t0; const c = process.cpuUsage(c0);
    if (E.applyTurn(QUEENS, uci(r)) === undefined) throw new Error(`${id}: not a legal turn`);
    wall.push(ms); cpu.push((c.user + c.system) / 1000);
  }
  wall.sort((a, b) => a - b); cpu.sort((a, b) => a - b);
  const q = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  rows.push(`| ${id} | ${q(wall, 0.5).toFixed(1)} | ${q(wall, 0.99).toFixed(1)} | ${wall.at(-1).toFixed(1)} | ${cpu.at(-1).toFixed(1)} |`);
}
for (const base of E.getBotDetails().filter((b) => b.takesBudget).map((b) => b.id)) {
  E.registerOpeningBookBot(`${KEY}\ta1b2,a2a1,a1a2\n`, base, `hit-${base}`, '');
  E.registerOpeningBookBot(`${KEY}\ta2a4,b2b4,c2c4\n${KEY}\tb8b7\n`, base, `stale-${base}`, '');
  for (const id of [`hit-${base}`, `stale-${base}`]) measure(id, 100);
}
for (const b of E.getAvailableBots()) if (!b.id.startsWith('hit') && !b.id.startsWith('stale')) measure(b.id, 100);
console.log('| bot at 100 ms | median ms | p99 ms | max ms | max CPU ms |\n| --- | --- | --- | --- | --- |\n' + rows.join('\n'));
