// The package's structured values: GENERATED from the engine's Rust types by src/types.rs
// (`DICECHESS_WRITE_TYPES=1 cargo test -p dicechess-wasm --lib types`). Do not edit.
import type { PromotionPiece, TimePolicyId, Uci } from './types.js';

/**
 * A side.
 */
export type Color = "white" | "black";

/**
 * Game status by king presence (RULES.md §15).
 */
export type GameStatus = {
  /**
   * `true` iff a king of either colour is missing.
   */
  over: boolean;
  /**
   * The colour that still has a king when exactly one colour has none.
   */
  winner: Color | null;
};

/**
 * One micro-move of a result: its squares (`"e2"`) and its promotion piece.
 */
export type MicroMove = {
  from: string;
  to: string;
  /**
   * `"q"`, `"r"`, `"b"` or `"n"` on a promotion, else `undefined` (the key is always there).
   */
  promotion: PromotionPiece | undefined;
};

/**
 * Why a search stopped: `"complete"` (nothing cut it short: an instant bot, an untimed search,
 * a forced turn), `"deadline"` (its budget passed on the clock), `"effort"` (its `effort` ran out)
 * or `"frozenClock"` (the clock stood still, as on Cloudflare Workers, and the work reached the
 * budget).
 */
export type SearchStop = "complete" | "deadline" | "effort" | "frozenClock";

/**
 * The result of `getBestMove` (BOTS.md §5.1): the turn, its score for the bot, the time taken
 * and the budget the bot had (0 for an instant bot or an `effort`), and why its search stopped.
 */
export type BestMove = {
  /**
   * The turn's micro-moves in play order; `[]` for a pass.
   */
  moves: Array<MicroMove>;
  score: number;
  timeTakenMs: number;
  budgetMs: number;
  /**
   * Why the search stopped.
   */
  stop: SearchStop;
};

/**
 * A bot's row in `getBotDetails()`; `getAvailableBots()` lists the rows without `takesBudget`.
 */
export type BotDetails = {
  id: string;
  name: string;
  description: string;
  difficulty: number;
  isExperimental: boolean;
  /**
   * Whether `getBestMove` uses `timeBudgetMs` (the searching bots, and book bots over them); the
   * others answer at once and report `budgetMs: 0`.
   */
  takesBudget: boolean;
};

/**
 * An `estimateEquity` result: the mass of each side's wins and of the rollouts left undecided,
 * the rollouts run, the standard error, and the variance reduction against plain rollouts.
 */
export type EquityResult = {
  whiteWin: number;
  blackWin: number;
  undecided: number;
  rollouts: number;
  standardError: number;
  /**
   * `Infinity` whenever the sample variance is (near) zero.
   */
  varianceReductionVsVanilla: number;
};

/**
 * The chances of each side (they sum to 1).
 */
export type WinProbability = {
  whiteWin: number;
  blackWin: number;
  draw: number;
};

/**
 * A candidate turn: its chances after it and how much win probability it gives up against the first.
 */
export type TurnCandidate = {
  moves: Array<MicroMove>;
  whiteWin: number;
  blackWin: number;
  loss: number;
};

/**
 * The result of `analyzeTurn`: the candidates, best first, the time taken and the budget.
 */
export type TurnAnalysis = {
  candidates: Array<TurnCandidate>;
  timeTakenMs: number;
  budgetMs: number;
};

/**
 * How bad a turn was, by its error.
 */
export type ReviewLabel = "inaccuracy" | "mistake" | "blunder";

/**
 * One reviewed turn; every value is the mover's expected score (a win 1, a draw ½).
 */
export type TurnReview = {
  /**
   * 1-based, in the record's order.
   */
  number: number;
  mover: Color;
  /**
   * The roll, in the mover's case (`"PNB"`, `"pnb"`).
   */
  dice: string;
  /**
   * The turn played, as UCI strings (`[]` for a pass).
   */
  played: Uci[];
  /**
   * The best turn found (the played one for a pass).
   */
  best: Uci[];
  before: number;
  afterRoll: number;
  afterPlayed: number;
  afterBest: number;
  /**
   * The luck of the roll: after the roll minus before.
   */
  luck: number;
  /**
   * The error of the turn: after the best turn minus after the played one, never negative.
   */
  error: number;
  /**
   * From the error, for unforced turns.
   */
  label: ReviewLabel | null;
  /**
   * One legal turn or a pass: left out of the error rate and the label counts.
   */
  forced: boolean;
  /**
   * The search depth of the values after the played and the best turn, in turns.
   */
  depth: number;
};

/**
 * One side's summary of a reviewed game.
 */
export type SideSummary = {
  turns: number;
  unforced: number;
  /**
   * Total error over the unforced turns, divided by their number (0 without any).
   */
  errorRate: number;
  totalError: number;
  totalLuck: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /**
   * The side's result (1, ½, 0) minus its net luck (its luck minus the opponent's); none (`null`)
   * for an unfinished game (`"*"`).
   */
  luckAdjustedResult: number | null;
};

/**
 * The review of a game: its record's `id` (as text) and `result`, every turn, each side's summary.
 */
export type ReviewedGame = {
  id: string | null;
  result: "1-0" | "0-1" | "1/2-1/2" | "*";
  turns: Array<TurnReview>;
  white: SideSummary;
  black: SideSummary;
};

/**
 * The `clock` option: the bot's clock, from which its time policy makes the budget.
 */
export type ClockStateOptions = {
  remainingMs: number;
  incrementMs?: number;
  moveNumber?: number;
  movesToGo?: number;
};

/**
 * The options of `getBestMove` (BOTS.md §5.3).
 */
export type BestMoveOptions = {
  algorithm?: string;
  clock?: ClockStateOptions;
  timePolicy?: TimePolicyId | (string & {});
  timeBudgetMs?: number;
  seed?: number;
  /**
   * The work a budgeted bot's search takes instead of a deadline, whatever the clock does: the
   * work of a budget of that many ms on a clock that stands still (about that many ms of CPU; at
   * most 600000). With a `seed`, the same turn on every runtime; `budgetMs` is then 0. Instant
   * bots ignore it.
   */
  effort?: number;
};

/**
 * The options of the four decision functions.
 */
export type DecisionOptions = {
  algorithm?: string;
  seed?: number;
};

/**
 * The options of `estimateEquity`.
 */
export type EquityOptions = {
  rollouts?: number;
  maxPlies?: number;
  seed?: number;
  /**
   * Stop this many milliseconds after the call with the rollouts done so far (`rollouts` says how
   * many; none: the neutral result). Default (absent, 0 or less): 1000 ms; at most 600,000.
   */
  timeBudgetMs?: number;
};

/**
 * The options of `analyzeTurn`.
 */
export type AnalyzeOptions = {
  timeBudgetMs?: number;
  topN?: number;
  /**
   * Accepted for symmetry with `getBestMove`; the analysis is deterministic.
   */
  seed?: number;
};

/**
 * The search budget of each reviewed turn (default 250, cap 600000).
 */
export type ReviewOptions = {
  timeBudgetMs?: number;
};
