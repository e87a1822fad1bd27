import type { Board, Dfen, Game, GameLoad, GameOptions, GameRecord, GameStatus, MicroMove, MoveTree, PromotionPiece, Uci } from './types.js';
/** First micro-moves of the legal turns, in generation order; `[]` for no dice, a pass or invalid input. */
export declare function getLegalUciMoves(dfen: Dfen): Uci[];
/** Prefix tree of the legal turns (plain nested objects, keys in UCI order); `{}` for no dice, a pass or invalid input; `null` for a roll with more than 1,000,000 legal turns (the work cap: `countLegalTurns` says beforehand). */
export declare function getLegalTurnTree(dfen: Dfen): MoveTree | null;
/** The number of legal turns of a roll, exact and cheap on any roll (counted, never listed); `0` for no dice, a pass or invalid input. Above 1,000,000, `getLegalTurnTree` gives `null`. */
export declare function countLegalTurns(dfen: Dfen): number;
/** Dice still spendable after `moves` (played since the roll), `""` when none; `undefined` for invalid input. */
export declare function getPlayableDice(dfen: Dfen, moves?: readonly Uci[] | null): string | undefined;
/** Pseudo-legal micro-moves for the dice's piece types (all types without dice); `[]` for invalid input. */
export declare function generateMoves(dfen: Dfen): Uci[];
/** The DFEN after one micro-move (dice checked, unspent dice kept); `undefined` for invalid input or no such move. */
export declare function applyMove(dfen: Dfen, from: string, to: string, promotion?: PromotionPiece | null): Dfen | undefined;
/** The DFEN after a complete legal turn from the roll `dfen`; `undefined` otherwise. */
export declare function applyTurn(dfen: Dfen, moves: readonly Uci[]): Dfen | undefined;
/** The next player's DFEN, without dice; `undefined` for invalid input. */
export declare function endTurn(dfen: Dfen): Dfen | undefined;
/** Leaf count to `depth` (0..6); `0` for invalid input; `-1` when the tree needs more than 6·10^6 positions expanded (the work cap: under a second in wasm, where the widest trees would take hours). */
export declare function perft(dfen: Dfen, depth: number): number;
/** The piece letter of a die face: 1 "p" … 6 "k"; `null` for anything else. */
export declare function getPieceFromDice(dice: number): string | null;
/** The representative DFEN of the position's symmetry class; `undefined` for invalid input. */
export declare function canonicalKey(dfen: Dfen): Dfen | undefined;
/** `{over, winner}` by king presence; `undefined` for invalid input. */
export declare function getGameStatus(dfen: Dfen): GameStatus | undefined;
/** The position of a DFEN as plain values (its pieces by square); `undefined` for invalid input. */
export declare function getBoard(dfen: Dfen): Board | undefined;
/** A new game (see `GameOptions`); `undefined` for an invalid `start` or when 65,536 games are alive in the instance. */
export declare function createGame(options?: GameOptions): Game | undefined;
/** The game of a record (an object or its JSON text), every turn checked; the error names the first field or turn that fails and why. After the record's turns, the dice are those of `seed` if given, else the host's (`rollDice`). */
/** The notation of a turn (1 to 3 micro-moves, as `Game.playTurn` takes them) of the roll `dfen`, as `GameTurn.san`; `undefined` when it is not a legal turn of that roll or for invalid input. */
export declare function getTurnSan(dfen: Dfen, moves: readonly (Uci | MicroMove)[]): string[] | undefined;
export declare function gameFromRecord(record: GameRecord | string, options?: Pick<GameOptions, "halfmoveDraw" | "turnCap" | "seed">): GameLoad;
/** A turn (getBestMove's `moves`, or UCI strings) as UCI strings, as trees, books, records and the play platform write it; `undefined` for anything else. */
export declare function toUciMoves(moves: readonly (Uci | MicroMove)[]): Uci[] | undefined;
/** Whether `moves` walk `tree` (`getLegalTurnTree`'s) from its root to a leaf: a complete turn of that roll (`[]` only for the pass tree `{}`). */
export declare function isTurnOfTree(tree: MoveTree | null, moves: readonly (Uci | MicroMove)[]): boolean;
