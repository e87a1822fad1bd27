// The exports of the .wasm as the wasm-bindgen glue presents them to the wrappers: the JavaScript
// side of the boundary whose Rust side is src/wasm/protocol.rs (read its module documentation for
// the encodings). Internal: never shipped; the TypeScript check of pkg-template/js (tsconfig.json)
// holds the wrappers to it. The encodings are decoded in one place, protocol.js.

/** Moves or ids separated by single spaces; `""` is the empty list. */
export type SpaceList = string;
/** `"<score> <budgetMs>"` followed by the turn's UCI moves, all separated by single spaces. */
export type BestMoveText = string;
/** 0 invalid DFEN, 1 not over, 2 White won, 3 Black won, 4 over without a winner. */
export type StatusCode = number;
/** 0 offer double, 1 accept double, 2 offer draw, 3 accept draw. */
export type QuestionCode = 0 | 1 | 2 | 3;
/**
 * `[whiteWin, blackWin, undecided, rollouts, standardError, varianceReductionVsVanilla]`: the
 * fields of EquityResult by position.
 */
export type EquityVector = Float64Array | number[];
/** JSON text. */
export type Json = string;

/** The rules module's exports (feature set "rules"), also part of the full module. */
export interface RulesGlue {
  /** `"<crate version>/<full|rules>"`. */
  build_id(): string;
  legal_uci_moves(dfen: string): SpaceList;
  legal_turn_tree(dfen: string): Json;
  playable_dice(dfen: string, moves: SpaceList): string | undefined;
  generate_moves(dfen: string): SpaceList;
  apply_move(dfen: string, from: string, to: string, promotion: string | undefined): string | undefined;
  apply_turn(dfen: string, moves: SpaceList): string | undefined;
  end_turn(dfen: string): string | undefined;
  perft(dfen: string, depth: number): number;
  piece_from_dice(face: number): string | undefined;
  canonical_key(dfen: string): string | undefined;
  game_status(dfen: string): StatusCode;
}

/** The full module's exports (feature set "full": search and book). */
export interface FullGlue extends RulesGlue {
  best_move(
    dfen: string, algorithm: string | undefined, remainingMs: number | undefined, incrementMs: number | undefined,
    moveNumber: number | undefined, movesToGo: number | undefined, timePolicy: string | undefined,
    timeBudgetMs: number | undefined, seed: number | undefined, entered: number,
  ): BestMoveText | undefined;
  should_bot(dfen: string, question: QuestionCode, algorithm: string | undefined, seed: number | undefined): boolean;
  equity(dfen: string, rollouts: number | undefined, maxPlies: number | undefined, seed: number | undefined): EquityVector;
  available_bots(): Json;
  available_time_policies(): SpaceList;
  validate_book_text(tsv: string): Json;
  validate_book_bytes(bytes: Uint8Array): Json;
  encode_book(tsv: string): Uint8Array | undefined;
  register_book_bot_text(tsv: string, baseBotId: string, newBotId: string, newBotName: string): boolean;
  register_book_bot_bytes(bytes: Uint8Array, baseBotId: string, newBotId: string, newBotName: string): boolean;
  unregister_bot(id: string): boolean;
}
