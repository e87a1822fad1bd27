// The wasm-bindgen glue as the wrappers see it: the module `import * as glue from './glue.js'` (web
// entry) or `require('./glue.js')` (Node entry), which scripts/assemble.mjs points at the glue of
// the entry's feature set. It declares the full module's exports; a rules module has only those of
// RulesGlue, and the wrappers call the others only on a full module (the build identifier check of
// core.js). The JavaScript side of the boundary whose Rust side is src/wasm/protocol.rs (read its
// module documentation for the encodings), decoded in one place, protocol.js. Internal: never
// shipped; the TypeScript check of pkg-template/js (tsconfig.json) holds the wrappers to it.

import type { BestMove, BotDetails, EquityResult, TurnAnalysis, TurnReview, WinProbability } from '../types/generated.js';
import type { BookValidation, GameRecord, GameReviewResult } from '../types/types.js';

/** Moves or ids separated by single spaces; `""` is the empty list. */
export type SpaceList = string;
/** 0 invalid DFEN, 1 not over, 2 White won, 3 Black won, 4 over without a winner. */
export type StatusCode = number;
/** 0 offer double, 1 accept double, 2 offer draw, 3 accept draw. */
export type QuestionCode = 0 | 1 | 2 | 3;
/** The JSON text of a value of the Rust type whose generated declaration is `T` (protocol.js's decodeJson). */
export type Json<T> = string & { readonly __json?: T };
/** The turn tree's codes (protocol.js's decodeTree); `undefined` past the work cap. */
export type TreeCodes = Uint16Array | undefined;

/** `"<crate version>/<full|rules>"`. */
export declare function build_id(): string;
export declare function legal_uci_moves(dfen: string): SpaceList;
export declare function legal_turn_tree(dfen: string): TreeCodes;
export declare function count_legal_turns(dfen: string): number;
export declare function playable_dice(dfen: string, moves: SpaceList): string | undefined;
export declare function generate_moves(dfen: string): SpaceList;
export declare function apply_move(dfen: string, from: string, to: string, promotion: string | undefined): string | undefined;
export declare function apply_turn(dfen: string, moves: SpaceList): string | undefined;
export declare function end_turn(dfen: string): string | undefined;
export declare function perft(dfen: string, depth: number): number;
export declare function piece_from_dice(face: number): string | undefined;
export declare function canonical_key(dfen: string): string | undefined;
export declare function game_status(dfen: string): StatusCode;
/** The board form of protocol.js's decodeBoard. */
export declare function board(dfen: string): string | undefined;
// The Game object (src/package/game_text.rs): handles, 0 for none.
export declare function game_new(start: string | undefined, seed: number | undefined, halfmoveDraw: boolean, turnCap: number): number;
export declare function game_free(handle: number): void;
/** The game state form of protocol.js. */
export declare function game_state(handle: number): string | undefined;
/** The game history form of protocol.js. */
export declare function game_history(handle: number): string | undefined;
export declare function game_tree(handle: number): TreeCodes;
export declare function game_play(handle: number, uci: string): boolean;
export declare function game_play_turn(handle: number, moves: SpaceList): boolean;
export declare function game_roll(handle: number, dice: string): boolean;
/** 0 undo, 1 redo, 2 undo a turn, 3 redo a turn. */
export declare function game_step(handle: number, kind: number): boolean;
/** From now on, the dice of the seeded stream of `seed`. */
export declare function game_continue_seeded(handle: number, seed: number): boolean;
export declare function game_resign(handle: number, color: string): boolean;
export declare function game_agree_draw(handle: number): boolean;
/** `""` when played, else why not. */
export declare function game_play_recorded(handle: number, dice: string, moves: SpaceList): string;
/** `""`, else why the stated result disagrees. */
export declare function game_end_recorded(handle: number, result: string, termination: string | undefined): string;

// The full module only (feature set "full": search and book).
export declare function best_move(
  dfen: string, algorithm: string | undefined, remainingMs: number | undefined, incrementMs: number | undefined,
  moveNumber: number | undefined, movesToGo: number | undefined, timePolicy: string | undefined,
  timeBudgetMs: number | undefined, seed: number | undefined, effort: number | undefined, entered: number,
): Json<BestMove> | undefined;
export declare function should_bot(dfen: string, question: QuestionCode, algorithm: string | undefined, seed: number | undefined): boolean;
export declare function equity(dfen: string, rollouts: number | undefined, maxPlies: number | undefined, seed: number | undefined, timeBudgetMs: number | undefined, entered: number): Json<EquityResult>;
export declare function available_bots(): Json<BotDetails[]>;
export declare function win_probability(dfen: string): Json<WinProbability> | undefined;
export declare function analyze_turn(dfen: string, timeBudgetMs: number | undefined, topN: number | undefined, seed: number | undefined, entered: number): Json<TurnAnalysis> | undefined;
export declare function review_turn(dfen: string, moves: SpaceList, timeBudgetMs: number | undefined): Json<TurnReview> | undefined;
export declare function review_game(record: string, timeBudgetMs: number | undefined): Json<GameReviewResult>;
export declare function available_time_policies(): SpaceList;
export declare function validate_book_text(tsv: string): Json<BookValidation>;
export declare function validate_book_bytes(bytes: Uint8Array): Json<BookValidation>;
export declare function encode_book(tsv: string): Uint8Array | undefined;
export declare function register_book_bot_text(tsv: string, baseBotId: string, newBotId: string, newBotName: string): boolean;
export declare function register_book_bot_bytes(bytes: Uint8Array, baseBotId: string, newBotId: string, newBotName: string): boolean;
export declare function unregister_bot(id: string): boolean;
/** The notation of a game, with record fields as "name\tvalue" lines. */
export declare function game_notation(handle: number, fields: string): string | undefined;
/** The records form of protocol.js: JSON text, or `E<line> <column> <message>`. */
export declare function notation_records(text: string): Json<GameRecord[]>;

// The web glue only (target web): loading.
/** Fetches or takes, compiles and instantiates the .wasm. */
export default function init(options: { module_or_path: unknown }): Promise<unknown>;
/** Compiles and instantiates synchronously; throws on failure. */
export declare function initSync(options: { module: unknown }): unknown;

// The Node glue only (target nodejs, as scripts/lib/node-glue.mjs ships it): loading.
/** Compiles (unless compiled) and instantiates the module from its bytes, once; throws on failure. */
export declare function __dicechess_load(source: BufferSource | WebAssembly.Module): void;
/** True once __dicechess_load succeeded (in this realm, through any entry of the feature set). */
export declare function __dicechess_loaded(): boolean;

type Glue = typeof import('./glue.js');
/** The full module's exports. */
export type FullGlue = Omit<Glue, 'default' | 'initSync' | '__dicechess_load' | '__dicechess_loaded'>;
/** The rules module's exports (feature set "rules"), also part of the full module. */
export type RulesGlue = Pick<FullGlue, 'build_id' | 'legal_uci_moves' | 'legal_turn_tree' | 'count_legal_turns' | 'playable_dice' | 'generate_moves'
  | 'apply_move' | 'apply_turn' | 'end_turn' | 'perft' | 'piece_from_dice' | 'canonical_key' | 'game_status' | 'board'
  | 'game_new' | 'game_free' | 'game_state' | 'game_history' | 'game_tree' | 'game_play' | 'game_play_turn' | 'game_roll'
  | 'game_step' | 'game_continue_seeded' | 'game_resign' | 'game_agree_draw' | 'game_play_recorded' | 'game_end_recorded'>;
