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
export interface EquityOptions { rollouts?: number; maxPlies?: number; seed?: number }
export interface EquityResult {
  whiteWin: number; blackWin: number; undecided: number;
  rollouts: number; standardError: number; varianceReductionVsVanilla: number;
}
export interface BotInfo { id: string; name: string; description: string; difficulty: number; isExperimental: boolean }
export interface GameStatus { over: boolean; winner: "white" | "black" | null }
export interface BookIssue { line: number; text: string; code: string; reason: string }
export interface BookValidation { ok: boolean; entries: number; keys: number; errors: BookIssue[]; warnings: BookIssue[] }
export type BookSource = string | Uint8Array | ArrayBuffer;
