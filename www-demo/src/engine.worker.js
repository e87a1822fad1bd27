// The engine of the demo, in a module Web Worker: the page never runs the engine on its own thread.
//
// The listener is registered before the package is loaded, and the package is imported dynamically
// behind it: a module worker that imports the package statically starts listening only after the
// import's top-level await has settled, and Chromium drops the messages posted before that.
//
// Protocol: the page posts {id, fn, args}; the worker answers {id, result} or {id, error}. `fn` is
// either a function of `DiceChess` (the package's API, called as is) or one of the helpers below.
// The bot and book functions of the "." entry (API.md §3.4) are feature-detected: until a build of
// the package has them, the opponent is the built-in random legal turn player of this file.
import { bookKeyOf, fnv1a64, makeBookIndex, signature } from './book.js';
import { randomTurn, splitmix } from './random.js';

const engine = import('dicechess-wasm');
/** The book loaded by the user, indexed here to mark book moves: { name, index } or null. */
let book = null;

const helpers = {
  /** What this build of the package can do. */
  features(DiceChess) {
    const has = (name) => typeof DiceChess[name] === 'function';
    return {
      functions: Object.keys(DiceChess),
      bots: has('getBestMove') && has('getAvailableBots'),
      equity: has('estimateEquity'),
      winProbability: has('getWinProbability'),
      analysis: has('analyzeTurn') && has('reviewTurn'),
      books: has('registerOpeningBookBot') && has('validateOpeningBook'),
      botList: has('getAvailableBots') ? DiceChess.getAvailableBots() : [],
      timePolicies: has('getAvailableTimePolicies') ? DiceChess.getAvailableTimePolicies() : [],
    };
  },

  /**
   * The opponent's turn for `roll`: { moves: UCI[], engine: 'package' | 'random', book, timeTakenMs,
   * score }. With the bot functions it is getBestMove; without them a seeded uniform choice among the
   * legal turns in canonical order (the leaf order of the turn tree, RULES.md §9).
   */
  botTurn(DiceChess, roll, /** @type {{ algorithm?: string, timeBudgetMs?: number, seed?: number }} */ { algorithm, timeBudgetMs, seed } = {}) {
    const start = performance.now();
    let moves;
    let engineName;
    let score = null;
    if (typeof DiceChess.getBestMove === 'function') {
      const best = DiceChess.getBestMove(roll, { algorithm, timeBudgetMs, seed });
      moves = best.moves.map((m) => m.from + m.to + (m.promotion ?? ''));
      score = best.score;
      engineName = 'package';
    } else {
      moves = randomTurn(DiceChess.getLegalTurnTree(roll), splitmix(seed ?? Date.now()));
      engineName = 'random';
    }
    return { moves, engine: engineName, book: isBookTurn(roll, moves), score, timeTakenMs: Math.round(performance.now() - start) };
  },

  /** The equity of a position (its dice ignored), or null without estimateEquity. */
  equity(DiceChess, dfen, options = {}) {
    if (typeof DiceChess.estimateEquity !== 'function') return null;
    return DiceChess.estimateEquity(dfen, { rollouts: 200, maxPlies: 60, ...options });
  },

  /**
   * Validates a book (TSV text or binary bytes), and registers it as a book bot over `base` when it
   * is valid: { validation, registered, botId, bots }.
   */
  loadBook(DiceChess, source, { name, base, botId }) {
    if (typeof DiceChess.validateOpeningBook !== 'function') return { validation: null, registered: false };
    const validation = DiceChess.validateOpeningBook(source);
    let registered = false;
    if (validation.ok) {
      registered = DiceChess.registerOpeningBookBot(source, base, botId, `${name} (book over ${base})`);
      if (registered) book = { name, index: makeBookIndex(source) };
    }
    return { validation, registered, botId, bots: DiceChess.getAvailableBots() };
  },

  /** Whether a complete turn of `roll` is an entry of the loaded book. */
  isBookTurn(_DiceChess, roll, moves) {
    return isBookTurn(roll, moves);
  },

  /** Several calls in one message: [[fn, ...args], ...] → results. */
  batch(DiceChess, calls) {
    return calls.map(([fn, ...args]) => call(DiceChess, fn, args));
  },
};

function isBookTurn(roll, moves) {
  if (!book || moves.length === 0) return false;
  const key = bookKeyOf(roll);
  if (key === undefined) return false;
  const alternatives = book.index.get(book.index.hashed ? fnv1a64(key) : key);
  return alternatives !== undefined && alternatives.has(signature(moves));
}

function call(DiceChess, fn, args) {
  if (Object.hasOwn(helpers, fn)) return helpers[fn](DiceChess, ...args);
  if (Object.hasOwn(DiceChess, fn)) return DiceChess[fn](...args);
  throw new Error(`unknown function ${fn}`);
}

self.onmessage = async ({ data: { id, fn, args } }) => {
  let DiceChess;
  try {
    ({ DiceChess } = await engine);
  } catch (e) {
    self.postMessage({ id, error: `the engine could not be loaded: ${e?.message ?? e}` });
    return;
  }
  try {
    self.postMessage({ id, result: call(DiceChess, fn, args ?? []) });
  } catch (e) {
    self.postMessage({ id, error: String(e?.message ?? e) });
  }
};
