#!/usr/bin/env node
// Speed check for refactors, in wasm: two builds of the benchmark-only rules module (feature
// bench-exports, built by `npm run bench` into target/wasm-pack/nodejs-bench) timed side by side
// in one Node process, alternating before/after over ROUNDS rounds and keeping each side's fastest:
// the legal-turn enumeration and the turn-tree JSON of every benchmark roll of `npm run bench`.
//
//   node scripts/compare-wasm.mjs BEFORE_DIR AFTER_DIR
//
// For example, with the old commit in a worktree whose `npm run bench` (or the wasm-pack command
// of scripts/bench.mjs) has built its module:
//   node scripts/compare-wasm.mjs /tmp/before/target/wasm-pack/nodejs-bench target/wasm-pack/nodejs-bench
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { DICE, POSITIONS } from './bench-rolls.mjs';

const [beforeDir, afterDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error('usage: node scripts/compare-wasm.mjs BEFORE_DIR AFTER_DIR');
  process.exit(2);
}
const load = (dir) => createRequire(import.meta.url)(join(resolve(dir), 'dicechess_bench.js'));
const sides = { before: load(beforeDir), after: load(afterDir) };
const ROUNDS = 6;

/** Mean microseconds per call of `f` over at least 150 ms, after a warm-up. */
function time(f) {
  for (let i = 0; i < 20; i++) f();
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < 150) {
    for (let i = 0; i < 10; i++) f();
    n += 10;
    t = performance.now();
  }
  return ((t - t0) * 1000) / n;
}

const rows = [];
for (const [name, fen] of Object.entries(POSITIONS)) {
  for (const [faces, letters] of Object.entries(DICE)) {
    const roll = `${fen} ${letters}`;
    const turns = sides.after.enumerate_legal_turns(roll);
    if (sides.before.enumerate_legal_turns(roll) !== turns) throw new Error(`${roll}: the two builds count different turns`);
    if (sides.before.legal_turn_tree(roll) !== sides.after.legal_turn_tree(roll)) throw new Error(`${roll}: different trees`);
    rows.push({ label: `${name} ${faces}`, roll, turns, best: {} });
  }
}
for (let r = 0; r < ROUNDS; r++) {
  for (const row of rows) {
    // Alternate which side goes first, so that neither gains from running second.
    const order = r % 2 === 0 ? Object.entries(sides) : Object.entries(sides).reverse();
    for (const [side, m] of order) {
      for (const [what, f] of [['enumerate', () => m.enumerate_legal_turns(row.roll)], ['tree', () => m.legal_turn_tree(row.roll)]]) {
        const key = `${side} ${what}`;
        row.best[key] = Math.min(row.best[key] ?? Infinity, time(f));
      }
    }
  }
}
const us = (x) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)).padStart(8);
console.log(`wasm, µs per call, fastest of ${ROUNDS} alternating rounds (after/before: < 1 is faster)`);
console.log(`${'roll'.padEnd(14)} ${'turns'.padStart(6)} | ${'enumerate'.padStart(8)} ${'after'.padStart(8)} ratio | ${'tree'.padStart(8)} ${'after'.padStart(8)} ratio`);
const ratios = { enumerate: [], tree: [] };
for (const { label, turns, best } of rows) {
  const e = best['after enumerate'] / best['before enumerate'];
  const t = best['after tree'] / best['before tree'];
  if (turns >= 100) (ratios.enumerate.push(e), ratios.tree.push(t));
  console.log(`${label.padEnd(14)} ${String(turns).padStart(6)} | ${us(best['before enumerate'])} ${us(best['after enumerate'])} ${e.toFixed(2)} | ${us(best['before tree'])} ${us(best['after tree'])} ${t.toFixed(2)}`);
}
const geo = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
console.log(`geometric mean after/before over rolls with >= 100 turns: enumerate ${geo(ratios.enumerate).toFixed(3)}, tree ${geo(ratios.tree).toFixed(3)}`);
