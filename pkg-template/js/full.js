// @ts-check
// The full entry's functions (API.md §3.4–§3.7, F): bots, decisions, equity, the registry and
// books, on "." and "./web" only. Options are read once per field, each read in its own try/catch
// (a throwing getter makes that field absent: input.js); only primitives and fresh byte arrays
// reach the .wasm, which does every integer and seed conversion of §3.2 itself (src/package/search_text.rs),
// so nothing is converted twice. Nothing here throws.
import { idField, isDfen, jsonWithin, LARGE, MAX_JSON_DEPTH, mib, numberField, objectField, readBook, readMoves } from './input.js';
import { legacyBookText, LEGACY_BOOK } from './legacy-book.js';
import { MAX_BOOK, MAX_ID, MAX_NAME, MAX_RECORD } from './limits.js';
import { decodeJson, decodeList, decodeMoves, encodeList, QUESTION } from './protocol.js';

/** @typedef {import('./functions.js').FullOnlyApi} FullOnlyApi */
/** @typedef {import('./glue.js').QuestionCode} QuestionCode */
/** @typedef {import('../types/types.js').BestMoveResult} BestMoveResult */
/** @typedef {import('../types/types.js').BotInfo} BotInfo */
/** @typedef {import('../types/types.js').BotDetails} BotDetails */
/** @typedef {import('../types/types.js').EquityResult} EquityResult */
/** @typedef {import('../types/types.js').BookValidation} BookValidation */
/** @typedef {import('../types/types.js').WinProbability} WinProbability */
/** @typedef {import('../types/types.js').TurnAnalysis} TurnAnalysis */
/** @typedef {import('../types/types.js').TurnReview} TurnReview */
/** @typedef {import('../types/types.js').GameReviewResult} GameReviewResult */

const now = () => performance.now();

/** The neutral result of invalid input: API.md's four fields, no `stop`. @returns {BestMoveResult} */
const NO_MOVE = () => ({ moves: [], score: 0, timeTakenMs: 0, budgetMs: 0 });
/** @returns {EquityResult} */
const NEUTRAL_EQUITY = () => ({ whiteWin: 0, blackWin: 0, undecided: 1, rollouts: 0, standardError: 0, varianceReductionVsVanilla: 0 });
/** @param {string} code @param {string} reason @returns {BookValidation} */
const bookError = (code, reason) => ({ ok: false, entries: 0, keys: 0, errors: [{ line: 0, text: '', code, reason }], warnings: [] });
const NOT_A_BOOK = () => bookError('not-a-book', 'expected a TSV string or a binary book');
/** @returns {TurnAnalysis} */
const NO_ANALYSIS = () => ({ candidates: [], timeTakenMs: 0, budgetMs: 0 });
/** @param {string} error @returns {GameReviewResult} */
const reviewError = (error) => ({ ok: false, error });

/** A game record argument as JSON text: the text itself, or an object written within the cap (jsonWithin); else a reason. @param {unknown} game @returns {{ text: string } | { error: string }} */
function recordText(game) {
  try {
    if (typeof game === 'string') return game.length <= MAX_RECORD ? { text: game } : { error: `the record is longer than ${mib(MAX_RECORD)}` };
    if (game === null || typeof game !== 'object') return { error: 'expected a game record object or its JSON text' };
    const text = jsonWithin(game, MAX_RECORD);
    if (text === null) return { error: `the record is longer than ${mib(MAX_RECORD)} or nested deeper than ${MAX_JSON_DEPTH} levels` };
    return typeof text === 'string' ? { text } : { error: 'the record is not JSON' };
  } catch (e) {
    return { error: `the record cannot be read: ${e instanceof Error ? e.message : 'not JSON'}` };
  }
}

/** @param {import('./rules.js').Engine<import('./glue.js').FullGlue>} engine @returns {Omit<FullOnlyApi, 'parseNotation' | 'gameFromNotation'>} the full-only functions but the notation's (game.js) */
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
    const effort = numberField(options, 'effort');
    let result;
    try {
      const text = glue().best_move(dfen, algorithm, remaining, increment, moveNumber, movesToGo, policy, budget, seed, effort, entered);
      if (typeof text !== 'string') return NO_MOVE();
      result = decodeJson(text);
    } catch (e) { fail(e); return NO_MOVE(); }
    decodeMoves(result.moves);
    // The wrapper's own measure of the time taken, the decoding included.
    const taken = Math.floor(now() - entered);
    result.timeTakenMs = taken > 0 ? taken : 0;
    return result;
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
    const entered = now();
    if (!live() || !isDfen(dfen)) return NEUTRAL_EQUITY();
    const rollouts = numberField(options, 'rollouts');
    const maxPlies = numberField(options, 'maxPlies');
    const seed = numberField(options, 'seed');
    const budget = numberField(options, 'timeBudgetMs');
    let result;
    try { result = decodeJson(glue().equity(dfen, rollouts, maxPlies, seed, budget, entered)); } catch (e) { fail(e); return NEUTRAL_EQUITY(); }
    // JSON has no Infinity: a variance reduction past any number crosses as null.
    result.varianceReductionVsVanilla ??= Infinity;
    return result;
  }

  /** @param {unknown} dfen @returns {WinProbability | undefined} */
  function getWinProbability(dfen) {
    if (!live() || !isDfen(dfen)) return undefined;
    try {
      const text = glue().win_probability(dfen);
      return typeof text === 'string' ? decodeJson(text) : undefined;
    } catch (e) { fail(e); return undefined; }
  }

  /** @param {unknown} dfen @param {unknown} [options] @returns {TurnAnalysis} */
  function analyzeTurn(dfen, options) {
    const entered = now();
    if (!live() || !isDfen(dfen)) return NO_ANALYSIS();
    const budget = numberField(options, 'timeBudgetMs');
    const topN = numberField(options, 'topN');
    const seed = numberField(options, 'seed');
    let result;
    try {
      const text = glue().analyze_turn(dfen, budget, topN, seed, entered);
      if (typeof text !== 'string') return NO_ANALYSIS();
      result = decodeJson(text);
    } catch (e) { fail(e); return NO_ANALYSIS(); }
    for (const c of result.candidates) decodeMoves(c.moves);
    const taken = Math.floor(now() - entered);
    result.timeTakenMs = taken > 0 ? taken : 0;
    return result;
  }

  /** @param {unknown} roll @param {unknown} moves @param {unknown} [options] @returns {TurnReview | undefined} */
  function reviewTurn(roll, moves, options) {
    if (!live() || !isDfen(roll)) return undefined;
    const list = readMoves(moves);
    if (list === null) return undefined;
    const budget = numberField(options, 'timeBudgetMs');
    try {
      const text = glue().review_turn(roll, encodeList(list), budget);
      return typeof text === 'string' ? decodeJson(text) : undefined;
    } catch (e) { fail(e); return undefined; }
  }

  /** @param {unknown} game @param {unknown} [options] @returns {GameReviewResult} */
  function reviewGame(game, options) {
    if (!live()) return reviewError('the engine is not available');
    const record = recordText(game);
    if ('error' in record) return reviewError(record.error);
    const budget = numberField(options, 'timeBudgetMs');
    try { return decodeJson(glue().review_game(record.text, budget)); } catch (e) { fail(e); return reviewError('the engine failed'); }
  }

  /** @returns {BotDetails[]} */
  function getBotDetails() {
    if (!live()) return [];
    try { return decodeJson(glue().available_bots()); } catch (e) { fail(e); return []; }
  }

  /** The rows of getBotDetails without `takesBudget`: the BotInfo of API.md §3.4. @returns {BotInfo[]} */
  function getAvailableBots() {
    return getBotDetails().map(({ takesBudget: _, ...info }) => info);
  }

  function getAvailableTimePolicies() {
    if (!live()) return [];
    try { return /** @type {import('../types/types.js').TimePolicyId[]} */ (decodeList(glue().available_time_policies())); } catch (e) { fail(e); return []; }
  }

  /** @param {unknown} book @returns {BookValidation} */
  function validateOpeningBook(book) {
    if (!live()) return NOT_A_BOOK();
    const legacy = legacyBookText(book);
    const b = readBook(legacy ?? book);
    if (b === null) return NOT_A_BOOK();
    if (b === LARGE) return bookError('too-large', `book exceeds ${mib(MAX_BOOK)}`);
    /** @type {BookValidation} */
    let report;
    try {
      report = decodeJson(b.bytes === undefined ? glue().validate_book_text(b.text) : glue().validate_book_bytes(b.bytes));
    } catch (e) { fail(e); return NOT_A_BOOK(); }
    if (legacy !== null) report.warnings.unshift({ ...LEGACY_BOOK });
    return report;
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
    const b = readBook(legacyBookText(book) ?? book);
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
    getAvailableBots, getBotDetails, getAvailableTimePolicies, getBestMove, shouldBotOfferDouble, shouldBotAcceptDouble,
    shouldBotOfferDraw, shouldBotAcceptDraw, estimateEquity, getWinProbability, analyzeTurn, reviewTurn, reviewGame,
    registerOpeningBookBot, unregisterBot, validateOpeningBook, encodeOpeningBook,
  };
}
