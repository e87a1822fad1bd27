// The bot author's helpers of every entry (issue 30): toUciMoves and isTurnOfTree, and the older
// book input (a JSON object of book key to moves) of registerOpeningBookBot and validateOpeningBook.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { load } from './lib/paths.mjs';

const ROLL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB';
const KEY = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BNP';

let full;
let rules;
before(async () => {
  full = await load('.', 'esm');
  rules = await load('./rules', 'esm');
});

describe('toUciMoves and isTurnOfTree', () => {
  test('getBestMove\'s turn as UCI strings is a complete turn of the roll\'s tree, on "." and "./rules"', () => {
    const tree = full.getLegalTurnTree(ROLL);
    const uci = full.toUciMoves(full.getBestMove(ROLL, { algorithm: 'greedy' }).moves);
    assert.equal(uci.length, 3);
    for (const api of [full, rules]) {
      assert.deepEqual(api.toUciMoves([{ from: 'e7', to: 'e8', promotion: 'q' }, { from: 'e2', to: 'e4', promotion: undefined }, 'g1f3']), ['e7e8q', 'e2e4', 'g1f3']);
      assert.equal(api.isTurnOfTree(tree, uci), true);
      assert.equal(api.isTurnOfTree(tree, uci.slice(0, 2)), false, 'an incomplete turn');
      assert.equal(api.isTurnOfTree(tree, [...uci].reverse()) === (full.applyTurn(ROLL, [...uci].reverse()) !== undefined), true);
      assert.equal(api.isTurnOfTree({}, []), true, 'the pass of an empty tree');
      assert.equal(api.isTurnOfTree(tree, []), false);
      assert.equal(api.isTurnOfTree(null, []), false);
    }
  });

  test('anything else: undefined and false, never a throw', () => {
    const hostile = new Proxy([], { get() { throw new Error('no'); } });
    for (const [i, moves] of [undefined, null, 'e2e4', ['e2e9'], [{ from: 'e2' }], [{ from: 'e2', to: 'e4', promotion: 'x' }], ['a', 'b', 'c', 'd'], hostile].entries()) {
      assert.equal(full.toUciMoves(moves), undefined, `case ${i}`);
      assert.equal(full.isTurnOfTree({ e2e4: {} }, moves), false);
    }
  });
});

describe('the older book input: a JSON object of book key to moves', () => {
  const book = { [KEY]: 'e2e4,f1c4,g1f3' };
  test('validateOpeningBook reads the object and its JSON text as TSV lines, with a warning first', () => {
    for (const input of [book, JSON.stringify(book)]) {
      const report = full.validateOpeningBook(input);
      assert.equal(report.ok, true);
      assert.equal(report.entries, 1);
      assert.equal(report.warnings[0].code, 'json-object');
      assert.equal(report.warnings.length, 1, JSON.stringify(report.warnings));
    }
    // The TSV reading of such a book, as the same line.
    assert.deepEqual(full.validateOpeningBook(`${KEY}\te2e4,f1c4,g1f3`).warnings, []);
    // An object that is not one of key to moves text is not a book.
    assert.equal(full.validateOpeningBook({ [KEY]: 3 }).errors[0].code, 'not-a-book');
    assert.equal(full.validateOpeningBook({}).errors[0].code, 'not-a-book', 'the conformance vector: {} is not a book');
  });

  test('registerOpeningBookBot registers the bot the client meant', () => {
    try {
      assert.equal(full.registerOpeningBookBot(JSON.stringify(book), 'greedy', 'legacy-book', 'Legacy book'), true);
      assert.deepEqual(full.toUciMoves(full.getBestMove(ROLL, { algorithm: 'legacy-book' }).moves).sort(), ['e2e4', 'f1c4', 'g1f3']);
    } finally {
      full.unregisterBot('legacy-book');
    }
  });
});
