import type {
  AnalyzeOptions, BestMoveOptions, BestMoveResult, BookSource, BookValidation, BotDetails, BotInfo, DecisionOptions, Dfen,
  EquityOptions, EquityResult, GameLoad, GameOptions, GameReviewResult, NotationParse, ReviewOptions, TimePolicyId, TurnAnalysis, TurnReview, Uci,
  WinProbability,
} from './types.js';
/** The registered bots, sorted by difficulty (built-ins first among equals, then custom bots by latest registration). */
export declare function getAvailableBots(): BotInfo[];
/** The same rows, in the same order, each with `takesBudget`: whether the bot uses a time budget. */
export declare function getBotDetails(): BotDetails[];
/** The time policies a `clock` option may name: `["empirical-v1", "legacy-linear-v1"]`. */
export declare function getAvailableTimePolicies(): TimePolicyId[];
/**
 * The bot's turn for the roll `dfen` and why its search stopped (`stop`); `{moves: [], score: 0, timeTakenMs: 0, budgetMs: 0}`
 * for invalid input. A budgeted bot ends by its deadline, or by its work where the clock stands still.
 */
export declare function getBestMove(dfen: Dfen, options?: BestMoveOptions): BestMoveResult;
/** Whether the bot offers a double; the stake is ignored. `false` for invalid input or a finished game. */
export declare function shouldBotOfferDouble(dfen: Dfen, currentStake: number, options?: DecisionOptions): boolean;
/** Whether the bot accepts a double; the stake is ignored. `false` for invalid input or a finished game. */
export declare function shouldBotAcceptDouble(dfen: Dfen, newStake: number, options?: DecisionOptions): boolean;
/** Whether the bot offers a draw. `false` for invalid input or a finished game. */
export declare function shouldBotOfferDraw(dfen: Dfen, options?: DecisionOptions): boolean;
/** Whether the bot accepts a draw. `false` for invalid input or a finished game. */
export declare function shouldBotAcceptDraw(dfen: Dfen, options?: DecisionOptions): boolean;
/** Monte-Carlo equity of the position; `varianceReductionVsVanilla` may be `Infinity`. Neutral result for invalid input. */
export declare function estimateEquity(dfen: Dfen, options?: EquityOptions): EquityResult;
/**
 * Who is winning, from the calibrated win probability (`expectimax-nnue`'s network and a second stage): without dice
 * the position before its roll, with dice the value of that roll or of what is left of it (the roll model); microseconds
 * either way. A finished game gives 1 and 0.
 * `undefined` for an invalid DFEN.
 */
export declare function getWinProbability(dfen: Dfen): WinProbability | undefined;
/**
 * The roll's best turns by `expectimax-nnue`'s search within `timeBudgetMs` (default 1000, cap 600000; the deadline counts
 * from the call), best first, `topN` of them (default 5, at most 32). A pass, a finished game or invalid input: no candidates.
 */
export declare function analyzeTurn(dfen: Dfen, options?: AnalyzeOptions): TurnAnalysis;
/**
 * The review of one turn: the mover's expected score before and after the roll, after the played and the best turn, luck,
 * error and label. `undefined` for an invalid DFEN, a position that is not a roll, or moves that are not a legal turn.
 */
export declare function reviewTurn(roll: Dfen, moves: readonly Uci[], options?: ReviewOptions): TurnReview | undefined;
/** The review of every turn of a game record (BOOK.md §8; an object or its JSON text), or one error naming the failing turn. */
export declare function reviewGame(game: object | string, options?: ReviewOptions): GameReviewResult;
/**
 * Registers (or replaces) a book bot over `baseBotId`: a TSV string, or a binary book as bytes.
 * `false`, with the registry unchanged, for invalid input, an unknown base, a built-in or empty id,
 * or a cap (book ≤ 64 MiB, id ≤ 64 and name ≤ 256 UTF-16 code units, 256 custom bots, 256 MiB of books).
 */
export declare function registerOpeningBookBot(book: BookSource, baseBotId: string, newBotId: string, newBotName: string): boolean;
/** Removes a custom bot; `false` for built-in, unknown or non-string ids. */
export declare function unregisterBot(id: string): boolean;
/** Checks a book without registering it and reports every problem at once (BOOK.md §5). */
export declare function validateOpeningBook(book: BookSource): BookValidation;
/** The binary book of a TSV text, as a fresh `Uint8Array`; `undefined` when it cannot be encoded. */
export declare function encodeOpeningBook(tsv: string): Uint8Array | undefined;
/** The games of a text in the notation (docs/NOTATION.md) as game records, or the line, column and reason of the first error. */
export declare function parseNotation(text: string): NotationParse;
/** The first game of a text in the notation, as `gameFromRecord` reads it. */
export declare function gameFromNotation(text: string, options?: Pick<GameOptions, "halfmoveDraw" | "turnCap" | "seed">): GameLoad;
