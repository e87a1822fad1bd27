// ---- wrapper core: pkg-template/js/core.js, inlined into every entry by scripts/assemble.mjs ----
// Every argument is checked here, in JavaScript, inside try/catch, before any call into the
// .wasm; the exports receive only strings, numbers, undefined and byte arrays (API.md §3.2, §5.1). Results are
// fresh plain values. Nothing here throws.

/** @param {any} glue the wasm-bindgen glue (null until loaded) @param {string} expectedBuild */
function createEngine(expectedBuild) {
  // 0: not initialised, 1: ready, 2: failed (a trap, or the module could not be used).
  let state = 0;
  let warned = false;
  let reported = false;
  let w = null;

  const ASCII = /^[\x00-\x7f]*$/;
  const SQUARE = /^[a-h][1-8]$/;
  const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
  const MAX_DFEN = 256;
  const MAX_MOVES = 3;

  function live() {
    if (state === 1) return true;
    if (state === 0 && !warned) {
      warned = true;
      console.warn('dicechess-wasm: the engine is not initialised yet (call and await init() of the ./web entry first); returning neutral values.');
    }
    return false;
  }

  function report(error) {
    if (reported) return;
    reported = true;
    console.error('dicechess-wasm: the WebAssembly instance failed; every later call returns neutral values.', error);
  }

  // The last resort of API.md §5.1: an exception out of the .wasm call is a bug (a trap); the
  // instance's memory can no longer be trusted.
  function fail(error) {
    state = 2;
    report(error);
  }

  function attach(glue) {
    const id = glue.build_id();
    if (id !== expectedBuild) {
      throw new Error('dicechess-wasm: the .wasm module is build "' + id + '", this wrapper expects "' + expectedBuild + '"');
    }
    w = glue;
    state = 1;
  }

  const isDfen = (v) => typeof v === 'string' && v.length <= MAX_DFEN && ASCII.test(v);
  const isSquare = (v) => typeof v === 'string' && SQUARE.test(v);

  // A real array of 0..3 UCI strings, read once each; returns them space-joined, or null.
  function readMoves(v) {
    try {
      if (!Array.isArray(v)) return null;
      const n = v.length;
      if (typeof n !== 'number' || !(n >= 0 && n <= MAX_MOVES)) return null;
      let out = '';
      for (let i = 0; i < n; i++) {
        const m = v[i];
        if (typeof m !== 'string' || !UCI.test(m)) return null;
        out = i === 0 ? m : out + ' ' + m;
      }
      return out;
    } catch (_) {
      return null;
    }
  }

  const splitList = (s) => (s === '' ? [] : s.split(' '));
  const orUndefined = (s) => (typeof s === 'string' ? s : undefined);

  function getLegalUciMoves(dfen) {
    if (!live() || !isDfen(dfen)) return [];
    try { return splitList(w.legal_uci_moves(dfen)); } catch (e) { fail(e); return []; }
  }

  function getLegalTurnTree(dfen) {
    if (!live() || !isDfen(dfen)) return {};
    try { return JSON.parse(w.legal_turn_tree(dfen)); } catch (e) { fail(e); return {}; }
  }

  function getPlayableDice(dfen, moves) {
    if (!live() || !isDfen(dfen)) return undefined;
    const list = moves === undefined || moves === null ? '' : readMoves(moves);
    if (list === null) return undefined;
    try { return orUndefined(w.playable_dice(dfen, list)); } catch (e) { fail(e); return undefined; }
  }

  function generateMoves(dfen) {
    if (!live() || !isDfen(dfen)) return [];
    try { return splitList(w.generate_moves(dfen)); } catch (e) { fail(e); return []; }
  }

  function applyMove(dfen, from, to, promotion) {
    if (!live() || !isDfen(dfen) || !isSquare(from) || !isSquare(to)) return undefined;
    let promo;
    if (promotion === undefined || promotion === null) promo = undefined;
    else if (promotion === 'q' || promotion === 'r' || promotion === 'b' || promotion === 'n') promo = promotion;
    else return undefined;
    try { return orUndefined(w.apply_move(dfen, from, to, promo)); } catch (e) { fail(e); return undefined; }
  }

  function applyTurn(dfen, moves) {
    if (!live() || !isDfen(dfen)) return undefined;
    const list = readMoves(moves);
    if (list === null) return undefined;
    try { return orUndefined(w.apply_turn(dfen, list)); } catch (e) { fail(e); return undefined; }
  }

  function endTurn(dfen) {
    if (!live() || !isDfen(dfen)) return undefined;
    try { return orUndefined(w.end_turn(dfen)); } catch (e) { fail(e); return undefined; }
  }

  function perft(dfen, depth) {
    if (!live() || !isDfen(dfen) || !Number.isInteger(depth)) return 0;
    try { return w.perft(dfen, depth); } catch (e) { fail(e); return 0; }
  }

  function getPieceFromDice(dice) {
    if (!live() || !Number.isInteger(dice)) return null;
    try { return orUndefined(w.piece_from_dice(dice)) ?? null; } catch (e) { fail(e); return null; }
  }

  function canonicalKey(dfen) {
    if (!live() || !isDfen(dfen)) return undefined;
    try { return orUndefined(w.canonical_key(dfen)); } catch (e) { fail(e); return undefined; }
  }

  const STATUS = [undefined, [false, null], [true, 'white'], [true, 'black'], [true, null]];
  function getGameStatus(dfen) {
    if (!live() || !isDfen(dfen)) return undefined;
    let code;
    try { code = w.game_status(dfen); } catch (e) { fail(e); return undefined; }
    const s = STATUS[code];
    return s === undefined ? undefined : { over: s[0], winner: s[1] };
  }

  const functions = {
    getLegalUciMoves, getLegalTurnTree, getPlayableDice, generateMoves, applyMove, applyTurn,
    endTurn, perft, getPieceFromDice, canonicalKey, getGameStatus,
  };

  // The full entry's functions (pkg-template/js/full.js) are inlined here by scripts/assemble.mjs;
  // the rules entry gets nothing.
  /*@@FULL@@*/

  return {
    functions,
    attach,
    fail,
    isReady: () => state === 1,
    isFailed: () => state === 2,
  };
}

// Picks `names` out of the engine's functions into a frozen DiceChess object.
function makeDiceChess(engine, names) {
  const out = {};
  for (const name of names) out[name] = engine.functions[name];
  return Object.freeze(out);
}
// ---- end of wrapper core ----
