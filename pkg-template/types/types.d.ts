/** A DFEN: FEN plus an optional seventh field holding the dice of the turn (RULES.md §3). */
export type Dfen = string;
/** A micro-move in UCI notation, lower case: "e2e4", "e7e8q"; castling is the king's move. */
export type Uci = string;
/** The prefix tree of the legal turns; keys in UCI order at every level, leaves `{}`. */
export interface MoveTree { [uci: string]: MoveTree }
export type PromotionPiece = "q" | "r" | "b" | "n";
export interface MicroMove { from: string; to: string; promotion: PromotionPiece | undefined }
export interface BestMoveResult { moves: MicroMove[]; score: number; timeTakenMs: number; budgetMs: number }
export type TimePolicyId = "empirical-v1" | "legacy-linear-v1";
export interface ClockStateOptions { remainingMs: number; incrementMs?: number; moveNumber?: number; movesToGo?: number }
export interface BestMoveOptions {
  algorithm?: string; clock?: ClockStateOptions; timePolicy?: TimePolicyId | (string & {});
  timeBudgetMs?: number; seed?: number;
}
export interface DecisionOptions { algorithm?: string; seed?: number }
export interface EquityOptions {
  rollouts?: number; maxPlies?: number; seed?: number;
  /** Stop this many milliseconds after the call with the rollouts done so far (`rollouts` says how many; none: the neutral result). Default: no deadline. */
  timeBudgetMs?: number;
}
export interface EquityResult {
  whiteWin: number; blackWin: number; undecided: number;
  rollouts: number; standardError: number; varianceReductionVsVanilla: number;
}
/** The chances of each side (they sum to 1). */
export interface WinProbability { whiteWin: number; blackWin: number; draw: number }
export interface AnalyzeOptions { timeBudgetMs?: number; topN?: number; seed?: number }
/** A candidate turn: its chances after it and how much win probability it gives up against the first. */
export interface TurnCandidate { moves: MicroMove[]; whiteWin: number; blackWin: number; loss: number }
export interface TurnAnalysis { candidates: TurnCandidate[]; timeTakenMs: number; budgetMs: number }
/** The search budget of each reviewed turn (default 250, cap 600000). */
export interface ReviewOptions { timeBudgetMs?: number }
export type ReviewLabel = "inaccuracy" | "mistake" | "blunder";
/** One reviewed turn; every value is the mover's expected score (a win 1, a draw ½). */
export interface TurnReview {
  number: number; mover: "white" | "black"; dice: string; played: Uci[]; best: Uci[];
  before: number; afterRoll: number; afterPlayed: number; afterBest: number;
  luck: number; error: number; label: ReviewLabel | null; forced: boolean; depth: number;
}
export interface SideSummary {
  turns: number; unforced: number; errorRate: number; totalError: number; totalLuck: number;
  inaccuracies: number; mistakes: number; blunders: number; luckAdjustedResult: number | null;
}
export interface GameReview {
  ok: true; id: string | null; result: "1-0" | "0-1" | "1/2-1/2" | "*"; turns: TurnReview[]; white: SideSummary; black: SideSummary;
}
export type GameReviewResult = GameReview | { ok: false; error: string };
export interface BotInfo { id: string; name: string; description: string; difficulty: number; isExperimental: boolean }
export interface GameStatus { over: boolean; winner: "white" | "black" | null }
export interface BookIssue { line: number; text: string; code: string; reason: string }
export interface BookValidation { ok: boolean; entries: number; keys: number; errors: BookIssue[]; warnings: BookIssue[] }
export type BookSource = string | Uint8Array | ArrayBuffer;
