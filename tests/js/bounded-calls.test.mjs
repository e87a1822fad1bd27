// Calls bounded on any input (issue 31 items 4, 6 and 7) through the installed package: TSV books
// of one key on every line take 16 bytes a line and the next call reuses the memory;
// estimateEquity without timeBudgetMs stops at its default deadline; analyzeTurn on the widest
// roll answers within small budgets with a legal candidate. Bounds on work and memory, nothing
// timed. The full 64 MiB book runs in the soak tier (DICECHESS_SOAK=1), printing its time
// and memory (BENCHMARKS.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { captureInstances } from './lib/instances.mjs';
import { load, SOAK } from './lib/paths.mjs';

const instances = captureInstances();
const E = await load('.', 'esm');
const memory = instances.memory();

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const WIDE = 'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1';
const MIB = 1024 * 1024;
const mb = (n) => `${(n / MIB).toFixed(0)} MiB`;

/** The three book functions on `text`, twice: the memory they take, and none more the second time. */
function bookCalls(text, lines) {
  const before = memory.buffer.byteLength;
  let after;
  for (let pass = 0; pass < 2; pass++) {
    const t0 = performance.now();
    const report = E.validateOpeningBook(text);
    assert.equal(report.entries, 1);
    assert.equal(report.keys, 1);
    assert.equal(report.warnings.length + report.omittedWarnings, lines + 1, 'every line but the last overridden; the last key-invalid and moves-invalid');
    assert.equal(E.registerOpeningBookBot(text, 'greedy', 'one-key', ''), true);
    assert.equal(E.unregisterBot('one-key'), true);
    assert.equal(E.encodeOpeningBook(text), undefined, 'moves "b" cannot be stored');
    console.log(`one key on ${lines} lines (${mb(text.length)}), pass ${pass + 1}: ${(performance.now() - t0).toFixed(0)} ms, wasm memory ${mb(before)} → ${mb(memory.buffer.byteLength)}`);
    if (pass === 0) after = memory.buffer.byteLength;
  }
  assert.equal(memory.buffer.byteLength, after, 'the second pass reuses the memory of the first');
  assert.deepEqual(E.getLegalUciMoves(`${START} QRN`).sort(), ['b1a3', 'b1c3', 'g1f3', 'g1h3']);
  return after - before;
}

test('item 4: a book of one key on every line (4 MiB) grows memory by about 16 bytes a line, once', () => {
  const lines = MIB;
  const grown = bookCalls('a\tb\n'.repeat(lines), lines);
  // The text's copy (4 MiB) and 16 bytes a line (16 MiB); before, about 140 bytes a line.
  assert.ok(grown <= 32 * MIB, `grew ${mb(grown)}`);
});

test('soak, item 4: the issue\'s 64 MiB book of one key on every line stays under 512 MiB of wasm memory', { skip: !SOAK }, () => {
  const lines = 16 * MIB;
  bookCalls('a\tb\n'.repeat(lines), lines);
  assert.ok(memory.buffer.byteLength <= 512 * MIB, `wasm memory ${mb(memory.buffer.byteLength)}`);
});

test('item 6: estimateEquity without timeBudgetMs stops at its default deadline (the issue\'s 100,000 rollouts of 100 plies)', () => {
  const e = E.estimateEquity(START, { rollouts: 100000, maxPlies: 100, seed: 1 });
  assert.ok(e.rollouts > 0 && e.rollouts < 100000, `${e.rollouts} rollouts`);
  assert.ok(Math.abs(e.whiteWin + e.blackWin + e.undecided - 1) < 1e-9);
  // The rollouts it did are the first of the same seed: the untimed estimate of that many.
  const again = E.estimateEquity(START, { rollouts: e.rollouts, maxPlies: 100, seed: 1, timeBudgetMs: 600000 });
  assert.deepEqual(again, e);
});

test('item 7: analyzeTurn on the widest roll answers small budgets with one legal candidate', () => {
  for (const budget of [1, 5, 10]) {
    const r = E.analyzeTurn(`${WIDE} QQQ`, { timeBudgetMs: budget });
    assert.equal(r.budgetMs, budget);
    assert.ok(r.candidates.length >= 1, `${budget} ms`);
    const moves = r.candidates[0].moves.map((m) => m.from + m.to + (m.promotion ?? ''));
    assert.equal(typeof E.applyTurn(`${WIDE} QQQ`, moves), 'string', `${moves} is a legal turn`);
  }
});
