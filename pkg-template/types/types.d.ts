// The package's types. Those of the structured results and the options are generated from the
// engine's Rust types (generated.d.ts, re-exported here: src/types.rs); these are JavaScript's own,
// and the few results whose JavaScript shape differs from their Rust type's, over the generated ones.
import type { BestMove, BotDetails, Color, MicroMove, ReviewedGame } from './generated.js';
export type * from './generated.js';
/** A DFEN: FEN plus an optional seventh field holding the dice of the turn (RULES.md §3). */
export type Dfen = string;
/** A micro-move in UCI notation, lower case: "e2e4", "e7e8q"; castling is the king's move. */
export type Uci = string;
/** The prefix tree of the legal turns; keys in UCI order at every level, leaves `{}`. */
export interface MoveTree { [uci: string]: MoveTree }
export type PromotionPiece = "q" | "r" | "b" | "n";
/** The result of `getBestMove`: a `BestMove` whose `stop` is absent only from the neutral result of invalid input. */
export type BestMoveResult = Omit<BestMove, "stop"> & Partial<Pick<BestMove, "stop">>;
export type TimePolicyId = "empirical-v1" | "legacy-linear-v1";
/** `reviewGame`'s result for a record it reviewed. */
export interface GameReview extends ReviewedGame { ok: true }
export type GameReviewResult = GameReview | { ok: false; error: string };
/** A bot's row in `getAvailableBots()`: its `BotDetails` without `takesBudget` (those rows are pinned to five fields). */
export type BotInfo = Omit<BotDetails, "takesBudget">;
/** One problem of a book; `text` and `reason` keep their first 256 characters, then `…`. */
export interface BookIssue { line: number; text: string; code: string; reason: string }
/**
 * The report of validateOpeningBook: `errors` and `warnings` list the first 1000 of each in line
 * order; a report cut there has `omittedErrors` and `omittedWarnings`, the others' counts (`ok`,
 * `entries` and `keys` always cover every line).
 */
export interface BookValidation {
  ok: boolean; entries: number; keys: number; errors: BookIssue[]; warnings: BookIssue[];
  omittedErrors?: number; omittedWarnings?: number;
}
/** A TSV string, a binary book, or the older flat object of book key to moves text (`{ "<key>": "e2e4,f1c4" }`, or its JSON text), read as the same TSV lines. */
export type BookSource = string | Uint8Array | ArrayBuffer | Readonly<Record<string, string>>;
/** Why a game ended. */
export type Termination = "king-capture" | "resignation" | "agreement" | "halfmove-clock" | "turn-cap" | "adjudication";
/** How a `Game` is created (every field optional). */
export interface GameOptions {
  /** The start position; its dice, if any, are the first roll. Default: the standard start. */
  start?: Dfen;
  /** The dice of `dicechess selfplay --seed <seed>`'s first game (after the start's dice, if any). Default: a random seed, read back from `game.seed`. */
  seed?: number;
  /** The host rolls every turn with `game.rollDice(dice)` (a server that rolls); `seed` is then ignored. Default `false`. */
  hostDice?: boolean;
  /** A draw when a turn ends with the half-move clock (micro-moves, saturating at 127) at 100 or more. Default `true`. */
  halfmoveDraw?: boolean;
  /** A draw after this many turns (passes count); `0` or `null`: no cap. Default `5000`. */
  turnCap?: number | null;
  /** The players' names, kept in the record and the notation. */
  white?: string;
  black?: string;
}
/** A legal next micro-move of a game. */
export interface GameMove {
  uci: Uci;
  /** In the notation (docs/NOTATION.md): `Nf3`, `exd5`, `e8=Q`, `O-O`, `Qxe8#` for a king capture. */
  san: string;
  from: string; to: string; promotion: PromotionPiece | undefined;
  /** The dice it spends, upper case: `"N"`, `"KR"` for castling. */
  dice: string;
}
/** A completed turn. */
export interface GameTurn {
  /** From 1; passes count. */
  number: number;
  /** The turn's label in the notation: `"12."` for White, `"12..."` for Black. */
  label: string;
  mover: Color;
  /** The roll, in the mover's case (`"QRN"`, `"pnb"`). */
  dice: string;
  /** The micro-moves in play order; `[]` for a pass. */
  moves: Uci[];
  /** The same in the notation. */
  san: string[];
  /** The position at the start of the turn and after it (the opponent to move), without dice. */
  before: Dfen;
  after: Dfen;
  /** The roll: `before` with the turn's dice, what `analyzeTurn`, `reviewTurn` and `getTurnSan` read. */
  roll: Dfen;
}
/** Whether a game is over, who won (`null`: a draw or not over) and why. */
export interface GameOutcome { over: boolean; winner: Color | null; termination: Termination | null }
/** A game record (BOOK.md §8): what `dicechess book build`, `dicechess game` and `reviewGame` read. */
export interface GameRecord {
  id?: string | number; white?: string; black?: string; whiteRating?: number; blackRating?: number;
  result: "1-0" | "0-1" | "1/2-1/2" | "*";
  /** A DFEN without dice; absent for the standard start. */
  start?: Dfen;
  termination?: string;
  turns: { dice: string; moves: Uci[]; timeMs?: number }[];
}
/** A game read from a record or the notation, or why it could not be. */
export type GameLoad = { ok: true; game: Game } | { ok: false; error: string };
/** The games of a notated text as records, or where and why it is not one (`line`, `column` from 1; 0 when not tied to a place). */
export type NotationParse = { ok: true; records: GameRecord[] } | { ok: false; error: string; line: number; column: number };
/**
 * A game held for you: the position, the roll, the legal moves, the history, undo and redo, how it
 * ended. Nothing throws: a refused action returns `false` and changes nothing. Create one with
 * `createGame`, `gameFromRecord` or `gameFromNotation`.
 */
export interface Game {
  /** The seed of the dice; `null` when the host rolls. */
  readonly seed: number | null;
  /** The position: the turn's start with the micro-moves played and the dice left. */
  dfen(): Dfen;
  /** The position at the start of the current turn (no dice). */
  turnStart(): Dfen;
  /** The position the game started from (no dice). */
  start(): Dfen;
  /** The current turn's roll (`"QRN"`), `null` before it is rolled and once the game is over. */
  roll(): string | null;
  /** The dice not yet spent this turn (`""` for none). */
  diceLeft(): string;
  /** The dice that some legal continuation of the turn spends (a die not in it cannot be used). */
  playableDice(): string;
  /** The side to move. */
  turn(): Color;
  /** The current turn's number, from 1 (passes count). */
  turnNumber(): number;
  /** The legal next micro-moves, in UCI order; `[]` between turns and once over. */
  moves(): GameMove[];
  /** The micro-moves played so far this turn. */
  turnMoves(): { uci: Uci; san: string }[];
  /** The part of the turn tree left (as `getLegalTurnTree`); `{}` when nothing can be played; `null` when more than 1,000,000 turns are left (the work cap). */
  tree(): MoveTree | null;
  /** The completed turns, oldest first. */
  history(): GameTurn[];
  status(): GameOutcome;
  isOver(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Plays a legal next micro-move; the turn completes by itself at its end, and a roll without a legal turn passes by itself. */
  play(move: Uci | MicroMove | { from: string; to: string; promotion?: PromotionPiece | null }): boolean;
  /** Plays a whole legal turn from its start. */
  playTurn(moves: readonly (Uci | MicroMove)[]): boolean;
  /** With `hostDice`: the roll of the current turn (1 to 3 of `pnbrqk`, any case), before any micro-move of it. */
  rollDice(dice: string): boolean;
  /** Takes back a micro-move (a resignation or agreed draw first); a pass goes with the move before it. */
  undo(): boolean;
  redo(): boolean;
  /** Takes back the current turn's micro-moves, or the previous turn when none is played. */
  undoTurn(): boolean;
  redoTurn(): boolean;
  resign(color: Color): boolean;
  agreeDraw(): boolean;
  /** Names the players (`null` or `undefined` removes a name). */
  setPlayers(white?: string | null, black?: string | null): boolean;
  /** The completed turns as a game record (a turn in progress is not written). */
  toRecord(): GameRecord;
  /** The completed turns in the notation (docs/NOTATION.md); `undefined` on the rules entries, which do not carry the notation. */
  toNotation(): string | undefined;
  /** Frees the game's memory in the engine now (it is freed when the object is collected otherwise); every later call gets neutral values. */
  free(): void;
}
/** A square and what stands on it. */
export interface BoardPiece { square: string; color: Color; piece: "p" | "n" | "b" | "r" | "q" | "k" }
/** The fields of a DFEN as plain values. */
export interface Board {
  /** The pieces, a8 first, rank by rank (a8..h8, a7..h7, ...). */
  pieces: BoardPiece[];
  turn: Color;
  /** The castling field (`"KQkq"`, `"-"`). */
  castling: string;
  /** The en passant target squares (a turn of several micro-moves may leave two), `[]` for none. */
  enPassant: string[];
  halfmoveClock: number;
  fullmoveNumber: number;
  /** The dice field (`""` when none). */
  dice: string;
}
