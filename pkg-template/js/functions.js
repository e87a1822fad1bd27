// @ts-check
// The one list of the functions each entry exports (API.md §3.4), in the order of DiceChess's
// members: the rules functions (R) on every entry, then the bot, decision, equity, analysis,
// registry and book functions (F) on "." and "./web" only.
//
// Everything else is derived from it: scripts/assemble.mjs writes each entry's export lines and its
// `DiceChess` type from it, core.js picks the members of `DiceChess` by it, and the tests
// (tests/js/lib/functions.mjs) read it. The TypeScript check (tsconfig.json) keeps it equal to the
// declarations of pkg-template/types/: each object below must have exactly the functions declared
// there, no more and no fewer. Pure data, no imports at run time: Node, bundlers and browsers load it
// as is.

/** @typedef {typeof import('../types/rules-functions.js')} RulesApi the rules functions (R) */
/** @typedef {typeof import('../types/full-functions.js')} FullOnlyApi the full-only functions (F) */
/** @typedef {RulesApi & FullOnlyApi} FullApi every function of "." */
/** @typedef {keyof RulesApi} RulesFunction */
/** @typedef {keyof FullOnlyApi} FullOnlyFunction */
/** @typedef {keyof FullApi} FunctionName */

/** @type {{ [name in RulesFunction]: 0 }} */
const RULES = {
  getLegalUciMoves: 0, getLegalTurnTree: 0, countLegalTurns: 0, getPlayableDice: 0, generateMoves: 0, applyMove: 0,
  applyTurn: 0, endTurn: 0, perft: 0, getPieceFromDice: 0, canonicalKey: 0, getGameStatus: 0, getBoard: 0,
  createGame: 0, gameFromRecord: 0, getTurnSan: 0, toUciMoves: 0, isTurnOfTree: 0,
};

/** @type {{ [name in FullOnlyFunction]: 0 }} */
const FULL_ONLY = {
  getAvailableBots: 0, getBotDetails: 0, getAvailableTimePolicies: 0, getBestMove: 0, shouldBotOfferDouble: 0,
  shouldBotAcceptDouble: 0, shouldBotOfferDraw: 0, shouldBotAcceptDraw: 0, estimateEquity: 0,
  getWinProbability: 0, analyzeTurn: 0, reviewTurn: 0, reviewGame: 0, registerOpeningBookBot: 0, unregisterBot: 0, validateOpeningBook: 0, encodeOpeningBook: 0,
  parseNotation: 0, gameFromNotation: 0,
};

/** The rules functions, on every entry. */
export const RULES_FUNCTIONS = /** @type {readonly RulesFunction[]} */ (Object.freeze(Object.keys(RULES)));

/** The bot, decision, equity, registry and book functions, on "." and "./web" only. */
export const FULL_ONLY_FUNCTIONS = /** @type {readonly FullOnlyFunction[]} */ (Object.freeze(Object.keys(FULL_ONLY)));

/**
 * The functions of each entry kind: "full" for "." and "./web", "rules" for "./rules" and
 * "./rules/web".
 * @type {Readonly<{ full: readonly FunctionName[], rules: readonly RulesFunction[] }>}
 */
export const ENTRY_FUNCTIONS = Object.freeze({
  full: Object.freeze([...RULES_FUNCTIONS, ...FULL_ONLY_FUNCTIONS]),
  rules: RULES_FUNCTIONS,
});
