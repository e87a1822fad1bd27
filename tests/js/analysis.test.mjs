// The analysis functions (docs/ANALYSIS.md) through the installed package, on "." and "./web",
// by import and require: getWinProbability, analyzeTurn, reviewTurn and reviewGame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './lib/paths.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const CAPTURE = 'k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR';
const RECORD = { id: 'g-0001', result: '0-1', turns: [{ dice: 'RQK', moves: [] }, { dice: 'nnn', moves: ['b8c6', 'c6b4', 'b4c2'] },
  { dice: 'NKK', moves: ['b1a3'] }, { dice: 'nkk', moves: ['c2e1'] }] };

/** The leaves of a turn tree, as UCI paths. */
function leaves(tree, path = [], out = []) {
  const keys = Object.keys(tree);
  if (keys.length === 0 && path.length > 0) out.push(path.join(' '));
  for (const k of keys) leaves(tree[k], [...path, k], out);
  return out;
}
const uci = (m) => `${m.from}${m.to}${m.promotion ?? ''}`;

for (const entry of ['.', './web']) {
  for (const mode of ['esm', 'cjs']) {
    test(`analysis on ${entry} (${mode})`, async () => {
      const ns = await load(entry, mode);
      // Win probability: a distribution; decided games; undefined for invalid input.
      const p = ns.getWinProbability(START);
      assert.deepEqual(Object.keys(p), ['whiteWin', 'blackWin', 'draw']);
      assert.ok(Math.abs(p.whiteWin + p.blackWin + p.draw - 1) < 1e-6 && p.whiteWin > 0.3 && p.whiteWin < 0.8, JSON.stringify(p));
      assert.deepEqual(ns.getWinProbability('8/8/8/8/8/8/8/4K3 b - - 0 1'), { whiteWin: 1, blackWin: 0, draw: 0 });
      assert.equal(ns.getWinProbability(CAPTURE).whiteWin, 1);
      assert.equal(ns.getWinProbability('not a dfen'), undefined);
      assert.equal(ns.getWinProbability(42), undefined);

      // Hints: a king capture first with win probability 1; every candidate a legal turn.
      const capture = ns.analyzeTurn(CAPTURE, { timeBudgetMs: 50 });
      assert.deepEqual(capture.candidates[0].moves, [{ from: 'a1', to: 'a8', promotion: undefined }]);
      assert.equal(capture.candidates[0].whiteWin, 1);
      assert.equal(capture.budgetMs, 50);
      const roll = `${START} PNB`;
      const legal = new Set(leaves(ns.getLegalTurnTree(roll)));
      const a = ns.analyzeTurn(roll, { timeBudgetMs: 40, topN: 3 });
      assert.ok(a.candidates.length >= 1 && a.candidates.length <= 3, JSON.stringify(a));
      assert.equal(a.candidates[0].loss, 0);
      for (const c of a.candidates) {
        assert.ok(legal.has(c.moves.map(uci).join(' ')), `${c.moves.map(uci)} is not a legal turn`);
        assert.ok(c.loss >= 0);
      }
      // No dice: no candidates, and the default budget reported.
      const none = ns.analyzeTurn(START);
      assert.deepEqual([none.candidates, none.budgetMs], [[], 1000]);
      assert.deepEqual(ns.analyzeTurn('nope', { timeBudgetMs: 5 }), { candidates: [], timeTakenMs: 0, budgetMs: 0 });

      // Review of one turn, and of a game given as an object or as its text.
      const t = ns.reviewTurn(roll, a.candidates[0].moves.map(uci), { timeBudgetMs: 40 });
      assert.equal(t.mover, 'white');
      assert.equal(t.dice, 'PNB');
      assert.ok(t.error >= 0 && Math.abs(t.luck - (t.afterRoll - t.before)) < 1e-9, JSON.stringify(t));
      assert.equal(ns.reviewTurn(roll, ['e2e5']), undefined);
      assert.equal(ns.reviewTurn(START, []), undefined);
      const game = ns.reviewGame(RECORD, { timeBudgetMs: 10 });
      assert.equal(game.ok, true, JSON.stringify(game));
      assert.equal(game.turns.length, 4);
      assert.equal(game.turns[0].forced, true);
      assert.deepEqual(game.turns[3].played, ['c2e1']);
      assert.equal(game.white.turns + game.black.turns, 4);
      const fromText = ns.reviewGame(JSON.stringify(RECORD), { timeBudgetMs: 10 });
      assert.deepEqual(fromText.turns.map((x) => x.played), game.turns.map((x) => x.played));
      // An invalid record: one error naming the turn, no partial review.
      const bad = { ...RECORD, turns: RECORD.turns.map((x, i) => (i === 1 ? { ...x, moves: ['b8c6', 'c6b4', 'b4c3'] } : x)) };
      const failed = ns.reviewGame(bad, { timeBudgetMs: 10 });
      assert.equal(failed.ok, false);
      assert.match(failed.error, /turn 2/);
      assert.deepEqual(Object.keys(failed), ['ok', 'error']);
      assert.equal(ns.reviewGame(17).ok, false);
      const cyclic = { result: '1-0', turns: [] };
      cyclic.self = cyclic;
      assert.equal(ns.reviewGame(cyclic).ok, false);
    });
  }
}
