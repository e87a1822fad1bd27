// Hostile and valid argument generators for the property and memory tests (seeded, reproducible).
import { join } from 'node:path';
import { CONFORMANCE, readJson } from './paths.mjs';

/** xorshift32: a small seeded generator. */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; };
  return { next, int: (n) => Math.floor(next() * n), pick: (a) => a[Math.floor(next() * a.length)] };
}

/** Valid rolls and positions taken from the conformance vectors (read in place). */
export function positions() {
  const set = new Set();
  for (const f of ['turn_tree.json', 'legal_moves.json', 'playable_dice.json', 'apply_turn.json', 'end_turn.json']) {
    for (const c of readJson(join(CONFORMANCE, 'rules', f))) if (typeof c.dfen === 'string' && c.dfen.length <= 256) set.add(c.dfen);
  }
  return [...set];
}

const DFEN_CHARS = 'rnbqkpRNBQKP12345678/ wb-abcdefgh0123456789PNBRQKpnbrqk';

export function mutate(r, s) {
  let t = s;
  for (let n = 1 + r.int(3); n > 0; n--) {
    const i = r.int(t.length + 1);
    switch (r.int(5)) {
      case 0: t = t.slice(0, i) + r.pick(DFEN_CHARS) + t.slice(i + 1); break;
      case 1: t = t.slice(0, i) + r.pick(DFEN_CHARS) + t.slice(i); break;
      case 2: t = t.slice(0, i) + t.slice(i + 1); break;
      case 3: t = t.slice(0, i); break;
      default: t = `${t} ${r.pick(['PNB', 'kkk', 'QQQQ', '', '123', '7', 'x'])}`;
    }
  }
  return t;
}

let huge;
const hugeString = () => (huge ??= 'x'.repeat(64 * 1024 * 1024)); // 64 MiB code units, made once
let bigArray;

function throwingProxy() {
  const t = () => { throw new Error('trap'); };
  return new Proxy({}, { get: t, has: t, ownKeys: t, getOwnPropertyDescriptor: t, getPrototypeOf: t, apply: t });
}

/** One hostile value of any class (API.md §5.1). */
export function hostile(r, pool) {
  switch (r.int(30)) {
    case 0: return undefined;
    case 1: return null;
    case 2: return r.pick([NaN, Infinity, -Infinity, -0, 0, 1.5, -3, 2 ** 53, -(2 ** 53), 1e308, 6, 7, r.next() * 100]);
    case 3: return r.pick([true, false]);
    case 4: return Symbol('s');
    case 5: return BigInt(r.int(10)) - 3n;
    case 6: return function () {};
    case 7: return new String(r.pick(pool)); // eslint-disable-line no-new-wrappers
    case 8: return throwingProxy();
    case 9: { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; }
    case 10: return new Proxy(['e2e4'], { get(t, k) { if (k === 'length') throw new Error('length'); return Reflect.get(t, k); } });
    case 11: return Object.defineProperty({}, 'x', { enumerable: true, get() { throw new Error('getter'); } });
    case 12: return Object.freeze({ a: 1 });
    case 13: return 'é'.repeat(r.int(300));
    case 14: return `${r.pick(pool)}\ud800`;
    case 15: return 'a'.repeat(1 << 20); // 1 MB
    case 16: return r.int(50) === 0 ? hugeString() : 'x'.repeat(257);
    case 17: return r.int(50) === 0 ? (bigArray ??= new Array(1e6).fill('e2e4')) : new Array(r.int(6));
    case 18: return new Uint8Array(r.int(10));
    case 19: return Array.from({ length: r.int(6) }, () => r.pick(['e2e4', 'b1a3', 'a1b1', 'E2E4', 'e7e8q', 'e7e8k', 1, null, '']));
    case 20: return [r.pick(pool)];
    case 21: return { length: 1, 0: 'e2e4' };
    case 22: return r.pick(['a1', 'e2', 'e4', 'h8', 'i9', 'E2', '', 'e22']);
    case 23: return r.pick(['q', 'r', 'b', 'n', 'k', 'Q', 'p', '', 'qq']);
    case 24: { let s = ''; for (let n = r.int(40); n > 0; n--) s += String.fromCharCode(r.int(0x10000)); return s; }
    default: return mutate(r, r.pick(pool));
  }
}

/** The declared result type of each rules function (API.md §3.4). */
export const RESULT_TYPE = {
  getLegalUciMoves: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  generateMoves: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  getLegalTurnTree: (v) => v === null || (typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype),
  countLegalTurns: (v) => Number.isInteger(v) && v >= 0,
  getPlayableDice: (v) => v === undefined || typeof v === 'string',
  applyMove: (v) => v === undefined || typeof v === 'string',
  applyTurn: (v) => v === undefined || typeof v === 'string',
  endTurn: (v) => v === undefined || typeof v === 'string',
  canonicalKey: (v) => v === undefined || typeof v === 'string',
  perft: (v) => Number.isInteger(v) && v >= 0,
  getPieceFromDice: (v) => v === null || (typeof v === 'string' && v.length === 1),
  getGameStatus: (v) => v === undefined || (typeof v.over === 'boolean' && [null, 'white', 'black'].includes(v.winner)),
  getBoard: (v) => v === undefined || (Array.isArray(v.pieces) && v.pieces.length <= 64 && ['white', 'black'].includes(v.turn)
    && Array.isArray(v.enPassant) && Number.isInteger(v.halfmoveClock) && typeof v.dice === 'string'),
  createGame: (v) => v === undefined || isGame(v),
  gameFromRecord: (v) => isGameLoad(v),
  getTurnSan: (v) => v === undefined || (Array.isArray(v) && v.length >= 1 && v.length <= 3 && v.every((x) => typeof x === 'string' && x !== '')),
  toUciMoves: (v) => v === undefined || (Array.isArray(v) && v.length <= 3 && v.every((x) => typeof x === 'string' && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(x))),
  isTurnOfTree: (v) => typeof v === 'boolean',
};

/** A Game object: its methods, and a state that reads back. */
export const isGame = (g) => g !== null && typeof g === 'object' && typeof g.play === 'function' && typeof g.dfen() === 'string'
  && Array.isArray(g.moves()) && typeof g.status().over === 'boolean';
/** A GameLoad: `{ok: true, game}` or `{ok: false, error}` with a reason. */
export const isGameLoad = (v) => v !== null && typeof v === 'object'
  && ((v.ok === true && isGame(v.game)) || (v.ok === false && typeof v.error === 'string' && v.error !== ''));

// ---- the full entry's functions (API.md §3.4, F) ------------------------------------------------
export const BUILTIN_BOTS = ['random', 'checkmate-aware', 'greedy', 'greedy-v2', 'aggressive', 'monte-carlo', 'expectimax', 'expectimax-v2', 'expectimax-nnue'];
/** Bots that use a budget (BOTS.md §5.4): every generated budget for them is at most 20 ms. */
export const BUDGETED_BOTS = ['monte-carlo', 'expectimax', 'expectimax-v2', 'expectimax-nnue'];
/** Bots that answer without a budget (API.md §5.2: "instant bots"). */
export const INSTANT_BOTS = BUILTIN_BOTS.filter((b) => !BUDGETED_BOTS.includes(b));

const anyNumber = (r) => r.pick([NaN, Infinity, -Infinity, -0, 0, 1.5, -3, 7, 2 ** 53, -(2 ** 53), 1e308, -1e308, r.next() * 1e6]);

/**
 * `getBestMove` options: hostile values, or objects whose budget (explicit or from the clock) is
 * at most 20 ms for budgeted bots, so that every generated call is fast (API.md §5.1). Fields are
 * plain data properties, getters that throw, or hostile values of the wrong type.
 */
export function bestMoveOptions(r, pool) {
  if (r.int(4) === 0) return hostile(r, pool);
  const algorithm = r.int(8) === 0 ? hostile(r, pool) : r.pick([...BUILTIN_BOTS, 'GREEDY', 'Monte-Carlo', '', 'no-such-bot', 'x'.repeat(65)]);
  const o = { algorithm };
  const budgeted = typeof algorithm === 'string' && BUDGETED_BOTS.includes(algorithm.toLowerCase());
  // A clock whose budget is the 20 ms minimum: little time left, no increment.
  if (r.int(2) === 0) {
    o.clock = r.int(6) === 0 ? hostile(r, pool)
      : { remainingMs: r.pick([-1000, -5, 0, 1, 150, 399, 400, -0]), incrementMs: r.pick([0, undefined, NaN, -5, 'x']),
        moveNumber: r.pick([undefined, 1, 40, 2 ** 53, NaN, -7, 1e308]), movesToGo: r.pick([undefined, 0, 1, 10, Infinity, -3, NaN]) };
    // A hostile clock may be a proxy that throws on any read: the generator reads it once, guarded.
    let remaining;
    try { remaining = o.clock?.remainingMs; } catch (_) { remaining = undefined; }
    if (budgeted && typeof remaining !== 'number') o.timeBudgetMs = 1 + r.int(20);
  }
  if (o.clock === undefined || r.int(2) === 0) o.timeBudgetMs = budgeted ? 1 + r.int(20) + r.pick([0, 0.5]) : r.pick([anyNumber(r), 'x', 20]);
  if (r.int(2) === 0) o.timePolicy = r.pick(['empirical-v1', 'LEGACY-LINEAR-V1', 'fastest', 1, null, 'x'.repeat(65)]);
  if (r.int(2) === 0) o.seed = r.int(2) === 0 ? anyNumber(r) : hostile(r, pool);
  if (r.int(10) === 0) {
    // A throwing getter on a field that does not carry the budget.
    Object.defineProperty(o, r.pick(['seed', 'timePolicy', 'algorithm']), { enumerable: true, get() { throw new Error('getter'); } });
  }
  return o;
}

/** Decision options: any bot (the decisions have no deadline), hostile seeds and values. */
export function decisionOptions(r, pool) {
  if (r.int(3) === 0) return hostile(r, pool);
  const o = { algorithm: r.int(6) === 0 ? hostile(r, pool) : r.pick([...BUILTIN_BOTS, 'hb-greedy', 'EXPECTIMAX', 'nope']) };
  if (r.int(2) === 0) o.seed = r.int(2) === 0 ? anyNumber(r) : hostile(r, pool);
  return o;
}

/** Equity options: at most 8 rollouts, or the default 200 (hostile maxPlies and seeds; caps keep them cheap). */
export function equityOptions(r, pool) {
  if (r.int(8) === 0) return r.pick([null, undefined, 7, 'x', Object.freeze({ rollouts: 3 })]);
  const o = { rollouts: r.pick([0, 1, 2, 3, 8, 8.9, -5, NaN, -Infinity, -0, 'x', undefined]) };
  if (r.int(2) === 0) o.maxPlies = r.pick([anyNumber(r), 0, 1, 10, -3, 'x']);
  if (r.int(2) === 0) o.seed = r.int(2) === 0 ? anyNumber(r) : hostile(r, pool);
  if (r.int(10) === 0) Object.defineProperty(o, 'maxPlies', { enumerable: true, get() { throw new Error('getter'); } });
  return o;
}

const EXAMPLE_TSV = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\te2e4,f1c4\n';
const EXAMPLE_DCB = '4443424b010020000000000001000000c7370b308bcd13c800000000000000002c90946a69f430540c0785060000020001000000000000000000000000000000';
const hexBytes = (hex) => new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));

/** A book argument: valid and broken TSV and binary books, other typed arrays, hostile values. */
export function bookArg(r, pool) {
  switch (r.int(12)) {
    case 0: return EXAMPLE_TSV;
    case 1: return hexBytes(EXAMPLE_DCB);
    case 2: return hexBytes(EXAMPLE_DCB).buffer;
    case 3: { const b = hexBytes(EXAMPLE_DCB); return b.subarray(0, r.int(b.length)); } // truncated
    case 4: { const b = hexBytes(EXAMPLE_DCB); b[r.int(b.length)] ^= 1 << r.int(8); return b; } // corrupted
    case 5: return new Uint8Array(Array.from({ length: r.int(80) }, () => r.int(256)));
    case 6: return r.pick([new Int16Array(4), new DataView(new ArrayBuffer(8)), new Uint8ClampedArray(8), Object.create(Uint8Array.prototype)]);
    case 7: return `${r.pick(pool)}\t${r.pick(['e2e4', 'b1a3,a1b1', 'x', ''])}${r.pick(['', '\t2', '\t0', '\t1e3'])}\n`.repeat(1 + r.int(3));
    case 8: return Object.defineProperty(new Uint8Array(8), 'length', { get() { throw new Error('length'); } });
    default: return hostile(r, pool);
  }
}

const isInt = (v) => Number.isInteger(v);
const keysAre = (v, keys) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype
  && Object.keys(v).join() === keys.join();
const SQ = /^[a-h][1-8]$/;
const isIssue = (i) => keysAre(i, ['line', 'text', 'code', 'reason']) && isInt(i.line) && i.line >= 0
  && typeof i.text === 'string' && typeof i.code === 'string' && typeof i.reason === 'string';

const TURN_REVIEW_KEYS = ['number', 'mover', 'dice', 'played', 'best', 'before', 'afterRoll', 'afterPlayed', 'afterBest',
  'luck', 'error', 'label', 'forced', 'depth'];
const isTurnReview = (t) => keysAre(t, TURN_REVIEW_KEYS) && isInt(t.number) && ['white', 'black'].includes(t.mover)
  && Array.isArray(t.played) && Array.isArray(t.best) && t.error >= 0 && [null, 'inaccuracy', 'mistake', 'blunder'].includes(t.label)
  && ['before', 'afterRoll', 'afterPlayed', 'afterBest'].every((k) => t[k] >= 0 && t[k] <= 1) && typeof t.forced === 'boolean';

/** A game record for reviewGame: the example of BOOK.md §8, as an object or text, or broken. */
const EXAMPLE_RECORD = { id: 'g-0001', result: '0-1', turns: [{ dice: 'RQK', moves: [] }, { dice: 'nnn', moves: ['b8c6', 'c6b4', 'b4c2'] },
  { dice: 'NKK', moves: ['b1a3'] }, { dice: 'nkk', moves: ['c2e1'] }] };
export function recordArg(r, pool) {
  switch (r.int(6)) {
    case 0: return EXAMPLE_RECORD;
    case 1: return JSON.stringify(EXAMPLE_RECORD);
    case 2: return JSON.stringify(EXAMPLE_RECORD).slice(0, r.int(200));
    case 3: return { ...EXAMPLE_RECORD, turns: [{ dice: r.pick(['PNB', 'xyz', '', 7]), moves: [r.pick(['e2e4', 'b1c3', 'zz', 3])] }] };
    case 4: { const cyclic = { result: '1-0', turns: [] }; cyclic.self = cyclic; return cyclic; }
    default: return hostile(r, pool);
  }
}

/** Analysis options: budgets of at most 20 ms, any topN and seed. */
export const analysisOptions = (r) => ({ timeBudgetMs: 1 + r.int(20), topN: r.pick([undefined, 0, 1, 3, 5, 40, -2, NaN, 1e12]), seed: r.int(1e6) });

/** The declared result type of each full-only function (API.md §3.3, §3.4). */
export const FULL_RESULT_TYPE = {
  getAvailableBots: (v) => Array.isArray(v) && v.length >= 7 && v.every((b) => keysAre(b, ['id', 'name', 'description', 'difficulty', 'isExperimental'])
    && typeof b.id === 'string' && typeof b.name === 'string' && typeof b.description === 'string' && isInt(b.difficulty) && typeof b.isExperimental === 'boolean'),
  getBotDetails: (v) => Array.isArray(v) && v.length >= 7 && v.every((b) => keysAre(b, ['id', 'name', 'description', 'difficulty', 'isExperimental', 'takesBudget'])
    && typeof b.takesBudget === 'boolean'),
  getAvailableTimePolicies: (v) => Array.isArray(v) && v.join() === 'empirical-v1,legacy-linear-v1',
  // `stop` is absent from the neutral result of invalid input only.
  getBestMove: (v) => (keysAre(v, ['moves', 'score', 'timeTakenMs', 'budgetMs'])
    || (keysAre(v, ['moves', 'score', 'timeTakenMs', 'budgetMs', 'stop']) && ['complete', 'deadline', 'effort', 'frozenClock'].includes(v.stop)))
    && Array.isArray(v.moves) && v.moves.length <= 3
    && v.moves.every((m) => Object.keys(m).join() === 'from,to,promotion' && SQ.test(m.from) && SQ.test(m.to)
      && [undefined, 'q', 'r', 'b', 'n'].includes(m.promotion))
    && isInt(v.score) && isInt(v.timeTakenMs) && v.timeTakenMs >= 0 && isInt(v.budgetMs) && v.budgetMs >= 0 && v.budgetMs <= 20,
  shouldBotOfferDouble: (v) => typeof v === 'boolean',
  shouldBotAcceptDouble: (v) => typeof v === 'boolean',
  shouldBotOfferDraw: (v) => typeof v === 'boolean',
  shouldBotAcceptDraw: (v) => typeof v === 'boolean',
  estimateEquity: (v) => keysAre(v, ['whiteWin', 'blackWin', 'undecided', 'rollouts', 'standardError', 'varianceReductionVsVanilla'])
    && Object.values(v).every((x) => typeof x === 'number' && !Number.isNaN(x)) && isInt(v.rollouts) && v.rollouts >= 0 && v.rollouts <= 200
    && (v.rollouts === 0 || Math.abs(v.whiteWin + v.blackWin + v.undecided - 1) <= 1e-9),
  getWinProbability: (v) => v === undefined || (keysAre(v, ['whiteWin', 'blackWin', 'draw'])
    && Object.values(v).every((x) => typeof x === 'number' && x >= 0 && x <= 1) && Math.abs(v.whiteWin + v.blackWin + v.draw - 1) <= 1e-5),
  analyzeTurn: (v) => keysAre(v, ['candidates', 'timeTakenMs', 'budgetMs']) && Array.isArray(v.candidates) && v.candidates.length <= 32
    && v.candidates.every((c) => keysAre(c, ['moves', 'whiteWin', 'blackWin', 'loss']) && Array.isArray(c.moves) && c.moves.length >= 1 && c.moves.length <= 3
      && c.moves.every((m) => Object.keys(m).join() === 'from,to,promotion' && SQ.test(m.from) && SQ.test(m.to))
      && c.loss >= 0 && c.whiteWin >= 0 && c.blackWin >= 0 && c.whiteWin + c.blackWin <= 1 + 1e-6)
    && isInt(v.timeTakenMs) && v.timeTakenMs >= 0 && isInt(v.budgetMs) && v.budgetMs >= 0 && v.budgetMs <= 20,
  reviewTurn: (v) => v === undefined || isTurnReview(v),
  reviewGame: (v) => (keysAre(v, ['ok', 'error']) && v.ok === false && typeof v.error === 'string' && v.error !== '')
    || (keysAre(v, ['ok', 'id', 'result', 'turns', 'white', 'black']) && v.ok === true && v.turns.every(isTurnReview)),
  registerOpeningBookBot: (v) => typeof v === 'boolean',
  unregisterBot: (v) => typeof v === 'boolean',
  validateOpeningBook: (v) => (keysAre(v, ['ok', 'entries', 'keys', 'errors', 'warnings'])
      || (keysAre(v, ['ok', 'entries', 'keys', 'errors', 'warnings', 'omittedErrors', 'omittedWarnings'])
        && isInt(v.omittedErrors) && isInt(v.omittedWarnings) && v.omittedErrors + v.omittedWarnings > 0))
    && typeof v.ok === 'boolean' && isInt(v.entries) && isInt(v.keys) && Array.isArray(v.errors) && Array.isArray(v.warnings)
    && v.errors.every(isIssue) && v.warnings.every(isIssue) && v.ok === (v.errors.length === 0),
  encodeOpeningBook: (v) => v === undefined || (v instanceof Uint8Array && v.length >= 32),
  parseNotation: (v) => v !== null && typeof v === 'object' && ((v.ok === true && Array.isArray(v.records))
    || (v.ok === false && typeof v.error === 'string' && Number.isInteger(v.line) && Number.isInteger(v.column))),
  gameFromNotation: (v) => isGameLoad(v),
};

/** Notated texts: the example game, cut or mutated, and hostile values. */
export const EXAMPLE_NOTATION = '[White "A"]\n[Black "B"]\n\n1. PPN e4 d4 Nf3 1... kkk -- 2. QQQ Qd3 Qxh7 Qxh8 *\n';
export function notationArg(r, pool) {
  switch (r.int(4)) {
    case 0: return EXAMPLE_NOTATION;
    case 1: return EXAMPLE_NOTATION.slice(0, r.int(EXAMPLE_NOTATION.length));
    case 2: { const i = r.int(EXAMPLE_NOTATION.length); return EXAMPLE_NOTATION.slice(0, i) + String.fromCharCode(r.int(128)) + EXAMPLE_NOTATION.slice(i + 1); }
    default: return hostile(r, pool);
  }
}

/**
 * The argument list of one hostile call of `fn`: hostile values everywhere, with generated option
 * objects in the options position of the full functions (so that budgets stay ≤ 20 ms and
 * rollouts ≤ 8) and generated books and ids for the book functions.
 */
export function hostileArgs(fn, r, pool) {
  const n = r.int(6);
  const args = Array.from({ length: n }, () => hostile(r, pool));
  if (n > 0 && r.int(3) === 0) args[0] = r.pick(pool); // a valid first argument, hostile others
  if (fn === 'perft' && typeof args[1] === 'number' && args[1] > 2) args[1] = r.int(3); // keep it fast
  const setOptions = (i, make) => { if (r.int(4) !== 0) { while (args.length <= i) args.push(undefined); args[i] = make(r, pool); } else if (args.length > i) args[i] = make(r, pool); };
  switch (fn) {
    case 'getBestMove': setOptions(1, bestMoveOptions); break;
    case 'shouldBotOfferDouble': case 'shouldBotAcceptDouble': setOptions(2, decisionOptions); break;
    case 'shouldBotOfferDraw': case 'shouldBotAcceptDraw': setOptions(1, decisionOptions); break;
    case 'estimateEquity': setOptions(1, equityOptions); break;
    // The analysis functions always get a small budget (their default is a second, or 250 ms a turn).
    case 'analyzeTurn': while (args.length < 2) args.push(undefined); args[1] = analysisOptions(r); break;
    case 'reviewTurn':
      while (args.length < 3) args.push(undefined);
      if (r.int(2) === 0) args[1] = r.pick([[], ['e2e4'], ['b1a3', 'a1b1'], ['g1f3', 'h1g1', 'x'], 'e2e4']);
      args[2] = analysisOptions(r);
      break;
    case 'reviewGame':
      while (args.length < 2) args.push(undefined);
      if (r.int(2) === 0) args[0] = recordArg(r, pool);
      args[1] = analysisOptions(r);
      break;
    case 'validateOpeningBook': if (r.int(2) === 0) args[0] = bookArg(r, pool); break;
    case 'getTurnSan':
      while (args.length < 2) args.push(undefined);
      if (r.int(2) === 0) args[1] = r.pick([[], ['e2e4'], ['b1a3', 'a1b1'], [{ from: 'g1', to: 'f3' }], ['g1f3', 'h1g1', 'x'], 'e2e4']);
      break;
    case 'toUciMoves': case 'isTurnOfTree': {
      const at = fn === 'toUciMoves' ? 0 : 1;
      while (args.length <= at) args.push(undefined);
      if (r.int(2) === 0) args[at] = r.pick([[], ['e2e4'], ['b1a3', 'a1b1'], [{ from: 'g1', to: 'f3', promotion: undefined }], ['g1f3', 'h1g1', 'x'], 'e2e4']);
      if (at === 1 && r.int(2) === 0) args[0] = r.pick([{}, { e2e4: {} }, { b1a3: { a1b1: {} } }, null]);
      break;
    }
    case 'gameFromRecord': if (r.int(2) === 0) { while (args.length < 1) args.push(undefined); args[0] = recordArg(r, pool); } break;
    case 'parseNotation': case 'gameFromNotation': if (r.int(2) === 0) { while (args.length < 1) args.push(undefined); args[0] = notationArg(r, pool); } break;
    case 'createGame': if (r.int(2) === 0) args[0] = { start: r.int(2) ? r.pick(pool) : hostile(r, pool), seed: anyNumber(r), hostDice: r.pick([true, false, 1, undefined]), halfmoveDraw: hostile(r, pool), turnCap: r.pick([0, null, 1, 5000, -1, NaN, 1e12, 'x']) }; break;
    case 'encodeOpeningBook': if (r.int(2) === 0) args[0] = r.pick([EXAMPLE_TSV, '', 'k\tm', bookArg(r, pool)]); break;
    case 'registerOpeningBookBot':
      if (r.int(2) === 0) {
        args.length = 4;
        args[0] = bookArg(r, pool);
        args[1] = r.int(5) === 0 ? hostile(r, pool) : r.pick([...BUILTIN_BOTS, 'GREEDY', 'hb-greedy', 'h-1', 'nope']);
        args[2] = r.int(5) === 0 ? hostile(r, pool) : r.pick(['h-1', 'h-2', 'H-3', '', 'greedy', 'x'.repeat(65), 'x'.repeat(64)]);
        args[3] = r.int(5) === 0 ? hostile(r, pool) : r.pick(['H', '', 'n'.repeat(257), 'é'.repeat(256)]);
      }
      break;
    case 'unregisterBot': if (r.int(2) === 0) args[0] = r.pick(['h-1', 'H-2', 'h-3', 'greedy', 'x'.repeat(64), 'x'.repeat(65), hostile(r, pool)]); break;
    default: break;
  }
  return args;
}
