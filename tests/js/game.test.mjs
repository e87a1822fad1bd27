// The Game object (issue 14) through the installed package, on "." and "./rules", by import and
// require: seeded dice the same everywhere, random play/undo/redo sequences always equal to a
// replay of the history, records and the notation round trips, errors that name the turn, hostile
// arguments to every method (nothing throws, a refused action changes nothing, the game then still
// plays), freed games and handles given back by the finalizer. The documentation's Game examples
// are type-checked and run by snippets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { load, scratch, SHIM } from './lib/paths.mjs';
import { hostile, positions, rng } from './lib/fuzz.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const GAMES = Number(process.env.DICECHESS_JS_GAME_UNDO_GAMES ?? 15);

/** A short, never-throwing description of a hostile value. */
const describeValue = (v) => { try { return String(v).slice(0, 40); } catch (_) { return typeof v; } };

/** What a game is, for comparing two. */
const snapshot = (g) => JSON.stringify([g.dfen(), g.roll(), g.turnMoves(), g.history(), g.status(), g.moves().map((m) => m.uci)]);

/** A fresh game with `g`'s seed replaying its history and current moves. */
function replayed(ns, g) {
  const fresh = ns.createGame({ seed: g.seed });
  for (const t of g.history()) if (t.moves.length > 0) assert.ok(fresh.playTurn(t.moves), `replay ${t.moves}`);
  for (const m of g.turnMoves()) assert.ok(fresh.play(m.uci));
  const s = g.status();
  if (s.termination === 'resignation') assert.ok(fresh.resign(s.winner === 'white' ? 'black' : 'white'));
  if (s.termination === 'agreement') assert.ok(fresh.agreeDraw());
  return fresh;
}

/** Plays a game to its end (or `turns` turns) choosing moves with `r`. */
function playOut(g, r, turns = 400) {
  while (!g.isOver() && g.turnNumber() <= turns) {
    const moves = g.moves();
    if (moves.length === 0) break;
    assert.ok(g.play(moves[r.int(moves.length)].uci));
  }
}

for (const entry of ['.', './rules']) {
  for (const mode of ['esm', 'cjs']) {
    const full = entry === '.';
    test(`Game on ${entry} (${mode}): seeded dice, state, undo and redo equal a replay`, async () => {
      const ns = await load(entry, mode);
      const g = ns.createGame({ seed: 3 });
      assert.equal(g.seed, 3);
      assert.equal(g.turn(), 'white');
      assert.equal(g.turnNumber(), 1);
      assert.equal(g.start(), START);
      assert.equal(g.roll(), 'PNB');
      assert.equal(g.dfen(), `${START} ${g.roll()}`);
      assert.deepEqual(g.moves().map((m) => m.uci), ns.getLegalUciMoves(g.dfen()).sort());
      assert.deepEqual(g.tree(), ns.getLegalTurnTree(g.dfen()));
      for (const m of g.moves()) assert.ok(m.san.length >= 2 && /^[PNBRQK]{1,2}$/.test(m.dice), JSON.stringify(m));
      // The same seed rolls the same dice on every entry.
      const other = await load(entry === '.' ? './rules' : '.', mode === 'esm' ? 'cjs' : 'esm');
      assert.equal(other.createGame({ seed: 3 }).roll(), g.roll());
      // A roll without a legal turn passes by itself: seed 7's first roll.
      const passed = ns.createGame({ seed: 7 });
      assert.deepEqual([passed.turn(), passed.history().length, passed.history()[0].moves], ['black', 1, []]);

      const r = rng(2026);
      for (let n = 0; n < GAMES; n++) {
        const game = ns.createGame({ seed: 1000 + n });
        for (let step = 0; step < 120; step++) {
          const before = snapshot(game);
          let changed;
          switch (r.int(10)) {
            case 0: case 1: case 2: case 3: case 4: {
              const moves = game.moves();
              changed = moves.length > 0 && game.play(moves[r.int(moves.length)]);
              break;
            }
            case 5: case 6: changed = game.undo(); break;
            case 7: changed = game.redo(); break;
            case 8: changed = game.undoTurn(); break;
            default: changed = game.redoTurn();
          }
          if (!changed) assert.equal(snapshot(game), before, 'a refused action changed the game');
          assert.equal(snapshot(replayed(ns, game)), snapshot(game), `game ${n}, step ${step}`);
        }
        game.free();
      }
    });

    test(`Game on ${entry} (${mode}): records${full ? ' and the notation' : ''} round trip; errors name the turn`, async () => {
      const ns = await load(entry, mode);
      const r = rng(7);
      for (let n = 0; n < 20; n++) {
        const g = ns.createGame({ seed: n, white: 'Ann', black: n % 2 ? 'Bob "the" Rook' : undefined });
        playOut(g, r, n < 10 ? 400 : 15);
        if (n === 5 && !g.isOver()) assert.ok(g.resign('black'));
        const record = g.toRecord();
        assert.equal(record.white, 'Ann');
        assert.equal(record.result, !g.isOver() ? '*' : g.status().winner === 'white' ? '1-0' : g.status().winner === 'black' ? '0-1' : '1/2-1/2');
        const back = ns.gameFromRecord(record);
        assert.ok(back.ok, back.error);
        assert.deepEqual(back.game.toRecord(), record);
        assert.deepEqual(ns.gameFromRecord(JSON.stringify(record)).game.toRecord(), record, 'from JSON text');
        assert.equal(JSON.stringify(back.game.history()), JSON.stringify(g.history()));
        if (full) {
          const text = g.toNotation();
          assert.match(text, /\[White "Ann"\]/);
          const parsed = ns.gameFromNotation(text);
          assert.ok(parsed.ok, `${parsed.error}\n${text}`);
          assert.deepEqual(parsed.game.toRecord(), record, text);
          assert.deepEqual(ns.parseNotation(text + '\n' + text).records, [record, record]);
        } else {
          assert.equal(g.toNotation(), undefined, 'the rules entry has no notation');
          assert.equal(ns.parseNotation, undefined);
        }
      }
      // Errors name the first field or turn that fails, and why.
      const cases = [
        ['not json', /^not a game record/],
        [{ result: '1-0' }, /'turns' is missing/],
        [{ result: 'won', turns: [] }, /'result' "won" is not/],
        [{ result: '*', start: '8/8/8/8/8/8/8/8 w - - 0 1 PPP', turns: [] }, /start/],
        [{ result: '*', turns: [{ dice: 'PNB', moves: ['e2e4'] }] }, /^turn 1 \(white, dice PNB\): incomplete/],
        [{ result: '*', turns: [{ dice: 'PNB', moves: ['e2e4', 'g1f3', 'f1c4'] }, { dice: 'ppp', moves: ['e7e6', 'e7e5'] }] }, /^turn 2 \(black, dice ppp\): 'e7e5' cannot be played after 'e7e6'/],
        [{ result: '1-0', turns: [{ dice: 'PNB', moves: [] }] }, /a pass, but a turn is legal/],
        [{ result: '0-1', start: 'k7/8/8/8/8/8/8/R3K3 w - - 0 1', turns: [{ dice: 'RPP', moves: ['a1a8'] }] }, /^result 0-1: the game ends by king-capture/],
        [{ result: '*', turns: [{ dice: 'xyz', moves: [] }] }, /turn 1: dice "xyz"/],
      ];
      for (const [record, why] of cases) {
        const out = ns.gameFromRecord(record);
        assert.equal(out.ok, false, JSON.stringify(record));
        assert.match(out.error, why);
      }
      // A resignation read from a record keeps its termination text and can be undone.
      const resigned = ns.gameFromRecord({ white: 'a', result: '0-1', termination: 'resignation', turns: [{ dice: 'PNB', moves: ['e2e4', 'g1f3', 'f1c4'] }] });
      assert.deepEqual(resigned.game.status(), { over: true, winner: 'black', termination: 'resignation' });
      assert.equal(resigned.game.toRecord().termination, 'resignation');
      // A start's dice are the first roll, seeded dice follow; a record goes on with seeded dice when asked.
      const fromRoll = ns.createGame({ start: `${START} PNB`, seed: 3 });
      assert.deepEqual([fromRoll.roll(), fromRoll.seed], ['PNB', 3]);
      assert.ok(fromRoll.playTurn(['e2e4', 'g1f3', 'f1c4']));
      assert.equal(fromRoll.roll(), ns.createGame({ seed: 3 }).roll().toLowerCase(), "the stream's first roll, in Black's case");
      const goesOn = ns.gameFromRecord(fromRoll.toRecord(), { seed: 3 });
      assert.deepEqual([goesOn.game.roll(), goesOn.game.seed], [fromRoll.roll(), 3]);
      assert.equal(ns.gameFromRecord(fromRoll.toRecord()).game.roll(), null, 'without a seed the host rolls');
      // Host dice: the host rolls, and may re-roll before playing.
      const h = ns.createGame({ hostDice: true, halfmoveDraw: false, turnCap: null });
      assert.equal(h.seed, null);
      assert.equal(h.roll(), null);
      assert.equal(h.play('e2e4'), false, 'nothing rolled');
      // White's queens cannot move: the roll passes by itself, and Black is to move.
      assert.ok(h.rollDice('qqq'));
      assert.deepEqual([h.turn(), h.history()[0].dice, h.history()[0].moves], ['black', 'QQQ', []]);
      assert.ok(h.rollDice('PNB'));
      assert.equal(h.roll(), 'pnb', 'the mover\'s case');
      assert.ok(h.playTurn(['e7e5', { from: 'g8', to: 'f6' }, 'f8c5']));
      assert.equal(h.turn(), 'white');
      assert.ok(h.rollDice('PNB') && h.rollDice('ppk'), 're-rolled before a move');
      assert.equal(h.roll(), 'PPK');
      assert.ok(h.play('e2e4'));
      assert.equal(h.rollDice('QQQ'), false, 'not once a move of the roll is played');
    });

    test(`Game on ${entry} (${mode}): each history entry's roll is its turn's start, and getTurnSan writes its turn as the history does`, async () => {
      const ns = await load(entry, mode);
      const r = rng(31);
      let checked = 0;
      for (const seed of [12, 7, 40]) {
        const g = ns.createGame({ seed });
        /** The DFEN with dice at the start of each turn that was not a pass, by turn number. */
        const starts = new Map();
        while (!g.isOver() && g.turnNumber() <= 80) {
          if (g.turnMoves().length === 0 && g.roll() !== null) starts.set(g.turnNumber(), g.dfen());
          const moves = g.moves();
          if (moves.length === 0) break;
          assert.ok(g.play(moves[r.int(moves.length)].uci));
        }
        for (const t of g.history()) {
          if (t.moves.length === 0) {
            // A pass: its roll has no legal turn.
            assert.equal(ns.countLegalTurns(t.roll), 0, `pass ${t.number}: ${t.roll}`);
            assert.equal(ns.getTurnSan(t.roll, []), undefined);
            continue;
          }
          assert.equal(t.roll, starts.get(t.number), `turn ${t.number}`);
          assert.deepEqual(ns.getTurnSan(t.roll, t.moves), t.san, `turn ${t.number}`);
          const objects = t.moves.map((m) => ({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] }));
          assert.deepEqual(ns.getTurnSan(t.roll, objects), t.san);
          // Not a turn of that roll: without its dice, or with a move it does not allow.
          assert.equal(ns.getTurnSan(t.before, t.moves), undefined);
          assert.equal(ns.getTurnSan(t.roll, [...t.moves.slice(0, -1), 'a1a1']), undefined);
          checked++;
        }
        g.free();
      }
      assert.ok(checked > 50, `${checked} turns checked`);
      for (const bad of [undefined, null, 'x', 7, START]) assert.equal(ns.getTurnSan(bad, ['e2e4']), undefined);
    });

    test(`Game on ${entry} (${mode}): hostile arguments to every method change nothing, and the game still plays`, async () => {
      const ns = await load(entry, mode);
      const r = rng(99);
      const pool = positions();
      const methods = ['dfen', 'turnStart', 'start', 'roll', 'diceLeft', 'playableDice', 'turn', 'turnNumber', 'moves', 'turnMoves',
        'tree', 'history', 'status', 'isOver', 'canUndo', 'canRedo', 'play', 'playTurn', 'rollDice', 'resign', 'setPlayers', 'toRecord', 'toNotation'];
      const g = ns.createGame({ seed: 5 });
      const hostileValues = Array.from({ length: 300 }, () => hostile(r, pool));
      for (const method of methods) {
        for (const value of hostileValues) {
          const before = snapshot(g);
          let out;
          assert.doesNotThrow(() => { out = g[method](value, value); }, method);
          if (['play', 'playTurn', 'rollDice', 'resign', 'setPlayers'].includes(method) && out === true) {
            // A hostile value that is a legal action: take it back (resign) or keep it.
            if (method === 'resign') assert.ok(g.undo());
          } else {
            assert.equal(snapshot(g), before, `${method}(${describeValue(value)})`);
          }
        }
      }
      for (const fn of ['createGame', 'gameFromRecord', 'getTurnSan', ...(full ? ['gameFromNotation', 'parseNotation'] : [])]) {
        for (const value of hostileValues) {
          let out;
          assert.doesNotThrow(() => { out = ns[fn](value, value); }, fn);
          (out?.game ?? out)?.free?.();
        }
      }
      // The game still plays to its end and equals its replay.
      playOut(g, r);
      assert.equal(snapshot(replayed(ns, g)), snapshot(g));
    });

    test(`Game on ${entry} (${mode}): a freed game is inert, and a refused creation is undefined`, async () => {
      const ns = await load(entry, mode);
      const g = ns.createGame({ seed: 1 });
      g.free();
      g.free();
      assert.equal(g.dfen(), '');
      assert.deepEqual(g.moves(), []);
      assert.equal(g.play('e2e4'), false);
      assert.equal(g.undo(), false);
      assert.deepEqual(g.tree(), {});
      assert.deepEqual(g.history(), []);
      assert.deepEqual(g.status(), { over: false, winner: null, termination: null });
      assert.deepEqual(g.toRecord(), { result: '*', turns: [] });
      assert.equal(ns.createGame({ start: 'not a dfen' }), undefined);
      assert.equal(ns.createGame({ start: 'x'.repeat(300) }), undefined);
      // A later game reuses the slot and is unaffected.
      const h = ns.createGame({ seed: 1 });
      assert.notEqual(h.dfen(), '');
      h.free();
      // getBoard: the pieces by square.
      const board = ns.getBoard(`${START} QRN`);
      assert.equal(board.pieces.length, 32);
      assert.deepEqual(board.pieces[0], { square: 'a8', color: 'black', piece: 'r' });
      assert.deepEqual(board.pieces[31], { square: 'h1', color: 'white', piece: 'r' });
      assert.deepEqual([board.turn, board.castling, board.enPassant, board.halfmoveClock, board.fullmoveNumber, board.dice],
        ['white', 'KQkq', [], 0, 1, 'NRQ']); // the canonical dice field
      assert.equal(ns.getBoard('nonsense'), undefined);
    });
  }
}

test('collected games give their handles back (the finalizer), so creating never runs out', () => {
  // 70,000 games, more than the 65,536 alive at once that the instance allows, none kept: with
  // garbage collection between batches every one is created.
  const file = join(scratch(), 'shims', `${SHIM['./rules']}.mjs`);
  const script = `
    const ns = (await import(${JSON.stringify(new URL(`file://${file}`).href)})).default;
    let made = 0;
    for (let batch = 0; batch < 7; batch++) {
      for (let i = 0; i < 10000; i++) if (ns.createGame({ hostDice: true })) made++;
      globalThis.gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    console.log(made);`;
  const out = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.stdout.trim(), '70000');
});
