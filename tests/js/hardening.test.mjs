// Issue 18 items 1, 2, 3 and 7 through the installed package (the caps table of pkg-template/README.md): book bots
// nest at most 16 books deep (a 7,000-times self-wrapping is refused past it), validateOpeningBook
// lists at most 1,000 issues of each kind and counts the rest, TSV books are held compactly and
// the registry's entry cap keeps them within WebAssembly memory, and a book bot over a timed bot
// answers on the 28-queen roll without listing its turns. After each, the instance still answers
// getLegalUciMoves(START). The large inputs (64 MiB books, 20 and 64 MiB strings) run in the soak
// tier (DICECHESS_SOAK=1), printing their time and memory (BENCHMARKS.md); nothing here is timed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { captureInstances } from './lib/instances.mjs';
import { load, SOAK } from './lib/paths.mjs';

const instances = captureInstances();
const E = await load('.', 'esm');
const memory = instances.memory();

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
const START_MOVES = ['b1a3', 'b1c3', 'g1f3', 'g1h3'];
const QUEENS = 'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1 QQQ';
const QUEENS_KEY = 'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - QQQ';
const MIB = 1024 * 1024;
const mb = (n) => `${(n / MIB).toFixed(1)} MiB`;
const uci = (r) => r.moves.map((m) => m.from + m.to + (m.promotion ?? ''));

/** The lines, `a<i in base 36>\tm`, up to `bytes` UTF-16 code units. */
function attackBook(bytes, from = 0) {
  const parts = [];
  let n = 0;
  for (let i = from; n < bytes; i++) {
    const line = `a${i.toString(36)}\tm\n`;
    if (n + line.length > bytes) break;
    parts.push(line);
    n += line.length;
  }
  return { text: parts.join(''), lines: parts.length };
}

function alive() {
  assert.deepEqual(E.getLegalUciMoves(START).sort(), START_MOVES);
}

test('item 1: a book bot over itself, 7,000 times: 16 books at most, then refused; it still plays; unregistering frees it', () => {
  assert.equal(E.registerOpeningBookBot('', 'greedy', 'a', 'A'), true);
  let accepted = 0;
  for (let i = 0; i < 7000; i++) if (E.registerOpeningBookBot('', 'a', 'a', 'A')) accepted++;
  assert.equal(accepted, 15, 'the 16th book is the last (empty books count)');
  assert.deepEqual(uci(E.getBestMove(START, { algorithm: 'a', seed: 3 })), uci(E.getBestMove(START, { algorithm: 'greedy', seed: 3 })));
  assert.equal(E.unregisterBot('a'), true);
  assert.equal(E.getAvailableBots().some((b) => b.id === 'a'), false);
  alive();
});

test('item 1: a chain of book bots under other ids stops at 16 books', () => {
  const tsv = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\te2e4,f1c4\n';
  let base = 'greedy';
  for (let i = 1; i <= 16; i++) {
    assert.equal(E.registerOpeningBookBot(tsv, base, `c${i}`, ''), true, `c${i}`);
    base = `c${i}`;
  }
  assert.equal(E.registerOpeningBookBot(tsv, 'c16', 'c17', ''), false);
  assert.deepEqual(uci(E.getBestMove('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PBR', { algorithm: 'c16' })), ['e2e4', 'f1c4']);
  for (let i = 1; i <= 16; i++) assert.equal(E.unregisterBot(`c${i}`), true);
  alive();
});

/** validateOpeningBook on the lines of `bytes` code units: the report capped, the counts exact. */
function validateAttack(bytes) {
  const { text, lines } = attackBook(bytes);
  const before = memory.buffer.byteLength;
  const t0 = performance.now();
  const v = E.validateOpeningBook(text);
  const ms = performance.now() - t0;
  console.log(`validateOpeningBook, ${mb(text.length)} (${lines} lines): ${ms.toFixed(0)} ms, wasm memory ${mb(before)} → ${mb(memory.buffer.byteLength)}, report ${JSON.stringify(v).length} chars`);
  assert.equal(v.ok, true);
  assert.equal(v.entries, lines);
  assert.equal(v.keys, lines);
  assert.equal(v.errors.length, 0);
  assert.equal(v.warnings.length, 1000);
  assert.equal(v.omittedWarnings, 2 * lines - 1000);
  assert.equal(v.omittedErrors, 0);
  assert.deepEqual(v.warnings.slice(0, 2).map((w) => w.code), ['key-invalid', 'moves-invalid']);
  alive();
}

test('item 2: validateOpeningBook lists 1,000 warnings and counts the rest (1 MiB of two-warning lines)', () => validateAttack(MIB));

test('item 2: errors are capped as warnings are, and long lines are cut at 256 characters', () => {
  const text = 'x'.repeat(100_000) + '\n' + 'no tab\n'.repeat(1500);
  const v = E.validateOpeningBook(text);
  assert.equal(v.ok, false);
  assert.equal(v.errors.length, 1000);
  assert.equal(v.omittedErrors, 501);
  assert.equal(v.omittedWarnings, 0);
  assert.equal(v.errors[0].text, 'x'.repeat(256) + '…');
  assert.deepEqual(Object.keys(E.validateOpeningBook('k\te2e4\nno tab')), ['ok', 'entries', 'keys', 'errors', 'warnings'], 'no counts in a report that was not cut');
  alive();
});

test('item 3: TSV books are compact, and a book registered and unregistered again and again does not grow memory', () => {
  const { text, lines } = attackBook(4 * MIB);
  const before = memory.buffer.byteLength;
  assert.equal(E.registerOpeningBookBot(text, 'greedy', 'big', ''), true);
  const held = memory.buffer.byteLength;
  console.log(`a ${mb(text.length)} book of ${lines} entries: wasm memory ${mb(before)} → ${mb(held)}`);
  for (let i = 0; i < 5; i++) {
    assert.equal(E.unregisterBot('big'), true);
    assert.equal(E.registerOpeningBookBot(text, 'greedy', 'big', ''), true);
  }
  assert.equal(memory.buffer.byteLength, held, 'unregistering frees the book for the next one');
  assert.equal(E.unregisterBot('big'), true);
  alive();
});

test('soak, item 2: validateOpeningBook on 20 MiB and 64 MiB strings of two-warning lines', { skip: !SOAK }, () => {
  validateAttack(20 * MIB);
  validateAttack(64 * MIB - 64);
});

test('soak, item 3: three 64 MiB TSV books: the first registers, the entry cap refuses the others; memory stays bounded', { skip: !SOAK }, () => {
  const results = [];
  for (let b = 0; b < 3; b++) {
    const { text, lines } = attackBook(64 * MIB - 64, b * 10_000_000);
    const t0 = performance.now();
    const ok = E.registerOpeningBookBot(text, 'greedy', `big${b}`, '');
    console.log(`book ${b + 1}: ${mb(text.length)}, ${lines} entries: ${ok} in ${(performance.now() - t0).toFixed(0)} ms, wasm memory ${mb(memory.buffer.byteLength)}`);
    results.push(ok);
    alive();
  }
  assert.deepEqual(results, [true, false, false]);
  assert.ok(memory.buffer.byteLength < 1024 * MIB, 'under 1 GiB of wasm memory');
  const held = memory.buffer.byteLength;
  assert.equal(E.unregisterBot('big0'), true);
  // Within the caps: 25 books of 1 MiB and the 64 MiB one again, in turn.
  const small = Array.from({ length: 25 }, (_, i) => attackBook(MIB, 20_000_000 + i * 200_000).text);
  small.forEach((t, i) => assert.equal(E.registerOpeningBookBot(t, 'greedy', `s${i}`, ''), true));
  small.forEach((_, i) => assert.equal(E.unregisterBot(`s${i}`), true));
  assert.equal(E.registerOpeningBookBot(attackBook(64 * MIB - 64).text, 'greedy', 'big0', ''), true);
  console.log(`after unregistering, 25 books of 1 MiB, and the first again: wasm memory ${mb(memory.buffer.byteLength)}`);
  assert.equal(memory.buffer.byteLength, held, 'freed memory is reused');
  assert.equal(E.unregisterBot('big0'), true);
  alive();
});

test('soak, item 3: encodeOpeningBook on a 64 MiB string of the same lines: undefined (moves "m" cannot be stored), memory bounded', { skip: !SOAK }, () => {
  const { text } = attackBook(64 * MIB - 64);
  const t0 = performance.now();
  assert.equal(E.encodeOpeningBook(text), undefined);
  console.log(`encodeOpeningBook, ${mb(text.length)}: ${(performance.now() - t0).toFixed(0)} ms, wasm memory ${mb(memory.buffer.byteLength)}`);
  alive();
});

test('item 7: a book bot over a timed bot on the 28-queen roll: the booked turn, or the fallback for an illegal line', () => {
  const booked = ['a1b2', 'a2a1', 'a1a2'];
  assert.notEqual(E.applyTurn(QUEENS, booked), undefined);
  for (const base of ['monte-carlo', 'expectimax']) {
    assert.equal(E.registerOpeningBookBot(`${QUEENS_KEY}\t${booked.join(',')}\n`, base, 'hit', ''), true);
    assert.equal(E.registerOpeningBookBot(`${QUEENS_KEY}\ta2a4,b2b4,c2c4\n${QUEENS_KEY}\tb8b7\n`, base, 'stale', ''), true);
    for (const id of ['hit', 'stale', base]) {
      const r = E.getBestMove(QUEENS, { algorithm: id, timeBudgetMs: 100, seed: 1 });
      console.log(`${id} over ${base} at 100 ms: ${r.timeTakenMs} ms, ${uci(r).join(',')}`);
      assert.equal(r.budgetMs, 100);
      assert.notEqual(E.applyTurn(QUEENS, uci(r)), undefined, 'a legal turn');
      if (id === 'hit') assert.deepEqual(uci(r), booked);
    }
    assert.equal(E.unregisterBot('hit'), true);
    assert.equal(E.unregisterBot('stale'), true);
  }
  alive();
});
