// Round trips that lose nothing (issue 31 items 2, 3, 8, 9, 10) through the installed package: a
// game without a turn cap ends at the one hard cap and reads back; a record argument that is a deep
// object graph is refused within its byte budget; ids come back as the text given; names are cut on
// code points within what the notation holds, the same by every writer; 1e999 is refused alike by
// parseNotation and gameFromNotation. Nothing here is timed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from './lib/paths.mjs';

const E = await load('.', 'esm');
const KINGS = '4k3/8/8/8/8/8/8/4K3 w - - 0 1';
const MAX_TURNS = 10000;
const MAX_TEXT = 1024;
const bytes = (s) => Buffer.byteLength(s, 'utf8');

/** The square a UCI move goes to, as [file, rank]. */
const to = (uci) => [uci.charCodeAt(2) - 97, Number(uci[3])];

/** Plays `game` until it ends, each micro-move the one that keeps the king farthest from the other. */
function playApart(game) {
  for (let moves = game.moves(); !game.isOver(); moves = game.moves()) {
    const [board, side] = game.dfen().split(' ');
    assert.ok(moves.length > 0, `a rolled turn without a move: ${board}`);
    const rows = board.split('/');
    const king = side === 'w' ? 'k' : 'K';
    let at = [0, 0];
    rows.forEach((row, i) => {
      let file = 0;
      for (const c of row) {
        if (c === king) at = [file, 8 - i];
        file += /\d/.test(c) ? Number(c) : 1;
      }
    });
    const apart = (m) => { const [f, r] = to(m.uci); return Math.max(Math.abs(f - at[0]), Math.abs(r - at[1])); };
    const best = moves.reduce((a, b) => (apart(b) > apart(a) ? b : a));
    assert.ok(game.play(best.uci));
  }
}

test('item 2: a game with turnCap null ends in a draw at the hard cap, and every export reads back', () => {
  const game = E.createGame({ start: KINGS, seed: 7, halfmoveDraw: false, turnCap: null });
  playApart(game);
  assert.deepEqual(game.status(), { over: true, winner: null, termination: 'turn-cap' });
  assert.equal(game.history().length, MAX_TURNS);
  assert.equal(game.rollDice('K'), false);
  const record = game.toRecord();
  const back = E.gameFromRecord(record, { turnCap: null, halfmoveDraw: false });
  assert.ok(back.ok, back.error);
  assert.deepEqual(back.game.toRecord(), record);
  const text = game.toNotation();
  assert.equal(typeof text, 'string');
  const read = E.gameFromNotation(text, { turnCap: null, halfmoveDraw: false });
  assert.ok(read.ok, read.error);
  assert.deepEqual(read.game.toRecord(), record);
  const review = E.reviewGame(record, { timeBudgetMs: 1 });
  assert.equal(review.ok, true, review.error);
  for (const g of [game, back.game, read.game]) g.free();
});

test('item 3: a record argument that is a deep object graph is refused within the byte budget', () => {
  let a = {};
  for (let i = 0; i < 40; i++) a = { x: a, y: a };
  const r = E.reviewGame(a, { timeBudgetMs: 5 });
  assert.equal(r.ok, false);
  assert.match(r.error, /longer than 4 MiB or nested deeper than 64 levels/);
  // A cycle is nested too deep; a shallow record still reads as before.
  const cycle = { result: '*', turns: [] };
  cycle.self = cycle;
  assert.match(E.reviewGame(cycle).error, /nested deeper/);
  const sparse = { result: '*', turns: new Array(2 ** 32 - 1) };
  assert.match(E.reviewGame(sparse).error, /longer than 4 MiB/);
  assert.equal(E.reviewGame({ result: '*', turns: [], extra: undefined, f() {} }).ok, true);
  assert.equal(E.getLegalUciMoves('4k3/8/8/8/8/8/8/4K3 w - - 0 1 K').length, 5);
});

test('item 8: ids are text exactly as given, through every reader and writer', () => {
  for (const id of ['1234567890123456789', '9007199254740993', '00123', '-0', '42']) {
    const text = `[Id "${id}"]\n\n*`;
    const parsed = E.parseNotation(text);
    assert.ok(parsed.ok);
    assert.equal(parsed.records[0].id, id);
    const g = E.gameFromNotation(text);
    assert.ok(g.ok, g.error);
    assert.equal(g.game.toRecord().id, id);
    assert.equal(E.parseNotation(g.game.toNotation()).records[0].id, id);
    const r = E.gameFromRecord({ id, result: '*', turns: [] });
    assert.ok(r.ok, r.error);
    assert.equal(r.game.toRecord().id, id);
    assert.match(r.game.toNotation(), new RegExp(`\\[Id "${id}"\\]`));
    g.game.free();
    r.game.free();
  }
  // An integer id stays one in records; -0 and unsafe integers are refused.
  const n = E.gameFromRecord({ id: 42, result: '*', turns: [] });
  assert.equal(n.game.toRecord().id, 42);
  n.game.free();
  for (const id of [-0, 2 ** 53]) assert.equal(E.gameFromRecord({ id, result: '*', turns: [] }).ok, false);
  // An id the notation cannot hold is refused.
  for (const id of ['x'.repeat(MAX_TEXT + 1), 'a\nb', '\ud83d']) {
    const r = E.gameFromRecord({ id, result: '*', turns: [] });
    assert.equal(r.error, `not a game record: 'id' must be text of at most ${MAX_TEXT} bytes without control characters`);
  }
});

test('item 9: names are cut on code points within the notation\'s bytes, alike by every writer', () => {
  const emoji = '\u{1F600}';
  const cases = [
    'é'.repeat(600), // 1,200 bytes in 600 code units: cut to 512 characters
    'a' + emoji.repeat(512), // the cut would split an emoji at 1,024 code units
    'a\tb\u0085c', // control characters become spaces
    'lone \ud83d surrogate', // a lone surrogate becomes U+FFFD
  ];
  for (const name of cases) {
    const made = E.createGame({ seed: 1, white: name, black: name });
    assert.ok(made.setPlayers(name, name));
    const fromRecord = E.gameFromRecord({ white: name, result: '*', turns: [] });
    assert.ok(fromRecord.ok, fromRecord.error);
    const kept = made.toRecord().white;
    for (const g of [made, fromRecord.game]) {
      const record = g.toRecord();
      assert.ok(bytes(record.white) <= MAX_TEXT);
      assert.equal(record.white, record.white.toWellFormed());
      assert.equal(record.white, kept, 'every writer cuts alike');
      const text = g.toNotation();
      assert.equal(typeof text, 'string', 'toNotation writes it');
      assert.equal(E.parseNotation(text).records[0].white, record.white);
      const again = E.gameFromRecord(record);
      assert.deepEqual(again.game.toRecord(), record);
      assert.equal(E.reviewGame(record).ok, true);
      again.game.free();
      g.free();
    }
  }
  const cut = E.createGame({ white: 'é'.repeat(600) });
  assert.equal(cut.toRecord().white, 'é'.repeat(512));
  cut.free();
});

test('item 10: a non-finite rating is refused alike by parseNotation and gameFromNotation', () => {
  const text = '[WhiteRating "1e999"]\n*';
  const parsed = E.parseNotation(text);
  assert.equal(parsed.ok, false);
  const loaded = E.gameFromNotation(text);
  assert.equal(loaded.ok, false);
  assert.equal(loaded.error, parsed.error);
  assert.equal(parsed.error, 'tag WhiteRating "1e999" is not a number');
  assert.equal(E.parseNotation('[WhiteRating "1.7976931348623157e308"]\n*').ok, true);
});
