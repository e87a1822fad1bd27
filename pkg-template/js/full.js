// @ts-check
// The full entry's functions (API.md §3.4–§3.7, F): bots, decisions, equity, the registry and
// books, on "." and "./web" only. Options are read once per field, each read in its own try/catch
// (a throwing getter makes that field absent: input.js); only primitives and fresh byte arrays
// reach the .wasm, which does every integer and seed conversion of §3.2 itself (src/js/search.rs),
// so nothing is converted twice. Nothing here throws.
import { idField, isDfen, LARGE, MAX_BOOK, MAX_ID, MAX_NAME, numberField, objectField, readBook } from './input.js';
import { decodeBestMove, decodeEquity, decodeJson, decodeList, QUESTION } from './protocol.js';

/** @typedef {import('./functions.js').FullOnlyApi} FullOnlyApi */
/** @typedef {import('./glue.js').QuestionCode} QuestionCode */
/** @typedef {import('../types/types.js').BestMoveResult} BestMoveResult */
/** @typedef {import('../types/types.js').EquityResult} EquityResult */
/** @typedef {import('../types/types.js').BookValidation} BookValidation */

const now = () => performance.now();

/** @returns {BestMoveResult} */
const NO_MOVE = () => ({ moves: [], score: 0, timeTakenMs: 0, budgetMs: 0 });
/** @returns {EquityResult} */
const NEUTRAL_EQUITY = () => ({ whiteWin: 0, blackWin: 0, undecided: 1, rollouts: 0, standardError: 0, varianceReductionVsVanilla: 0 });
/** @param {string} code @param {string} reason @returns {BookValidation} */
const bookError = (code, reason) => ({ ok: false, entries: 0, keys: 0, errors: [{ line: 0, text: '', code, reason }], warnings: [] });
const NOT_A_BOOK = () => bookError('not-a-book', 'expected a TSV string or a binary book');

/** @param {import('./rules.js').Engine<import('./glue.js').FullGlue>} engine @returns {FullOnlyApi} */
export function fullFunctions({ live, fail, glue }) {
  /** @param {unknown} dfen @param {unknown} [options] */
  function getBestMove(dfen, options) {
    const entered = now();
    if (!live() || !isDfen(dfen)) return NO_MOVE();
    const algorithm = idField(options, 'algorithm');
    const clock = objectField(options, 'clock');
    let remaining, increment, moveNumber, movesToGo;
    if (clock !== undefined) {
      remaining = numberField(clock, 'remainingMs');
      increment = numberField(clock, 'incrementMs');
      moveNumber = numberField(clock, 'moveNumber');
      movesToGo = numberField(clock, 'movesToGo');
    }
    const policy = idField(options, 'timePolicy');
    const budget = numberField(options, 'timeBudgetMs');
    const seed = numberField(options, 'seed');
    let text;
    try {
      text = glue().best_move(dfen, algorithm, remaining, increment, moveNumber, movesToGo, policy, budget, seed, entered);
    } catch (e) { fail(e); return NO_MOVE(); }
    if (typeof text !== 'string') return NO_MOVE();
    const taken = Math.floor(now() - entered);
    return decodeBestMove(text, taken > 0 ? taken : 0);
  }

  /** @param {QuestionCode} question @param {unknown} dfen @param {unknown} options */
  function decide(question, dfen, options) {
    if (!live() || !isDfen(dfen)) return false;
    const algorithm = idField(options, 'algorithm');
    const seed = numberField(options, 'seed');
    try { return glue().should_bot(dfen, question, algorithm, seed) === true; } catch (e) { fail(e); return false; }
  }
  // The stakes are ignored (API.md §3.5).
  /** @param {unknown} dfen @param {unknown} _currentStake @param {unknown} [options] */
  function shouldBotOfferDouble(dfen, _currentStake, options) { return decide(QUESTION.offerDouble, dfen, options); }
  /** @param {unknown} dfen @param {unknown} _newStake @param {unknown} [options] */
  function shouldBotAcceptDouble(dfen, _newStake, options) { return decide(QUESTION.acceptDouble, dfen, options); }
  /** @param {unknown} dfen @param {unknown} [options] */
  function shouldBotOfferDraw(dfen, options) { return decide(QUESTION.offerDraw, dfen, options); }
  /** @param {unknown} dfen @param {unknown} [options] */
  function shouldBotAcceptDraw(dfen, options) { return decide(QUESTION.acceptDraw, dfen, options); }

  /** @param {unknown} dfen @param {unknown} [options] */
  function estimateEquity(dfen, options) {
    if (!live() || !isDfen(dfen)) return NEUTRAL_EQUITY();
    const rollouts = numberField(options, 'rollouts');
    const maxPlies = numberField(options, 'maxPlies');
    const seed = numberField(options, 'seed');
    let r;
    try { r = glue().equity(dfen, rollouts, maxPlies, seed); } catch (e) { fail(e); return NEUTRAL_EQUITY(); }
    return decodeEquity(r) ?? NEUTRAL_EQUITY();
  }

  function getAvailableBots() {
    if (!live()) return [];
    try { return decodeJson(glue().available_bots()); } catch (e) { fail(e); return []; }
  }

  function getAvailableTimePolicies() {
    if (!live()) return [];
    try { return /** @type {import('../types/types.js').TimePolicyId[]} */ (decodeList(glue().available_time_policies())); } catch (e) { fail(e); return []; }
  }

  /** @param {unknown} book @returns {BookValidation} */
  function validateOpeningBook(book) {
    if (!live()) return NOT_A_BOOK();
    const b = readBook(book);
    if (b === null) return NOT_A_BOOK();
    if (b === LARGE) return bookError('too-large', 'book exceeds 64 MiB');
    try {
      return decodeJson(b.bytes === undefined ? glue().validate_book_text(b.text) : glue().validate_book_bytes(b.bytes));
    } catch (e) { fail(e); return NOT_A_BOOK(); }
  }

  /** @param {unknown} tsv */
  function encodeOpeningBook(tsv) {
    if (!live() || typeof tsv !== 'string' || tsv.length > MAX_BOOK) return undefined;
    let r;
    try { r = glue().encode_book(tsv); } catch (e) { fail(e); return undefined; }
    return r instanceof Uint8Array ? r : undefined;
  }

  /** @param {unknown} book @param {unknown} baseBotId @param {unknown} newBotId @param {unknown} newBotName */
  function registerOpeningBookBot(book, baseBotId, newBotId, newBotName) {
    if (!live()) return false;
    if (typeof baseBotId !== 'string' || typeof newBotId !== 'string' || typeof newBotName !== 'string') return false;
    if (baseBotId.length > MAX_ID || newBotId.length > MAX_ID || newBotId === '' || newBotName.length > MAX_NAME) return false;
    const b = readBook(book);
    if (b === null || b === LARGE) return false;
    try {
      const ok = b.bytes === undefined
        ? glue().register_book_bot_text(b.text, baseBotId, newBotId, newBotName)
        : glue().register_book_bot_bytes(b.bytes, baseBotId, newBotId, newBotName);
      return ok === true;
    } catch (e) { fail(e); return false; }
  }

  /** @param {unknown} id */
  function unregisterBot(id) {
    if (!live() || typeof id !== 'string' || id.length > MAX_ID) return false;
    try { return glue().unregister_bot(id) === true; } catch (e) { fail(e); return false; }
  }

  return {
    getAvailableBots, getAvailableTimePolicies, getBestMove, shouldBotOfferDouble, shouldBotAcceptDouble,
    shouldBotOfferDraw, shouldBotAcceptDraw, estimateEquity, registerOpeningBookBot, unregisterBot,
    validateOpeningBook, encodeOpeningBook,
  };
}
