// A Game's memory bound (issue 31 item 1) through the installed package: the documented maximum
// of games alive at once, each on the widest roll (a turn tree of about 1.8 MB, which a game no
// longer keeps), on both entries; the instance stays ready and the last game still plays. Nothing
// here is timed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from './lib/paths.mjs';

const WIDE = 'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1';
const MAX_LIVE_GAMES = 65536;

for (const entry of ['.', './rules']) {
  test(`${entry}: ${MAX_LIVE_GAMES} games on the QQQ roll of the widest position fit the instance`, async () => {
    const ns = await load(entry, 'esm');
    const games = [];
    for (let i = 0; i < MAX_LIVE_GAMES; i++) {
      const game = ns.createGame({ start: `${WIDE} QQQ`, hostDice: true });
      assert.ok(game, `game ${i} was created`);
      games.push(game);
    }
    assert.equal(ns.createGame({ start: `${WIDE} QQQ`, hostDice: true }), undefined, 'one more is refused');
    assert.ok(ns.isReady());
    const last = games.at(-1);
    assert.equal(last.roll(), 'QQQ');
    assert.ok(last.moves().some((m) => m.uci === 'h2g2'));
    assert.equal(last.playableDice(), 'QQQ');
    assert.ok(last.playTurn(['h2g2', 'g2f2', 'f2e2']));
    assert.equal(last.history().length, 1);
    assert.ok(games[0].play('h2g2') && games[0].play('g2f2'));
    assert.deepEqual(games[0].turnMoves().map((m) => m.uci), ['h2g2', 'g2f2']);
    for (const game of games) game.free();
    assert.ok(ns.isReady());
    assert.ok(ns.createGame({ start: `${WIDE} QQQ`, hostDice: true }), 'a game is created again once freed');
  });
}
