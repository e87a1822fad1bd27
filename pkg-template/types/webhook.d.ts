// Type declarations of dicechess-wasm/webhook (pkg-template/README.md, "Bots on the play platform").
import type { BookSource, Dfen, BotDetails, BestMoveOptions, BestMoveResult, BookValidation, DecisionOptions } from './types.js';

/** The error codes of the platform: `{"error": code}` with status 400/405/413, 401, 409, 503, 504, 500. */
export type WebhookErrorCode =
  | "invalid_request" | "unauthorized" | "stale_context" | "capacity_exceeded" | "deadline_exceeded" | "strategy_failed";

/** What a handler needs of an engine: the package's functions, synchronous or returning promises (a worker pool). */
export interface WebhookEngine {
  getBotDetails(): BotDetails[] | Promise<BotDetails[]>;
  getBestMove(dfen: Dfen, options?: BestMoveOptions): BestMoveResult | Promise<BestMoveResult>;
  shouldBotOfferDraw(dfen: Dfen, options?: DecisionOptions): boolean | Promise<boolean>;
  shouldBotAcceptDraw(dfen: Dfen, options?: DecisionOptions): boolean | Promise<boolean>;
  shouldBotOfferDouble(dfen: Dfen, currentStake: number, options?: DecisionOptions): boolean | Promise<boolean>;
  shouldBotAcceptDouble(dfen: Dfen, newStake: number, options?: DecisionOptions): boolean | Promise<boolean>;
  registerOpeningBookBot(book: BookSource, baseBotId: string, newBotId: string, newBotName: string): boolean | Promise<boolean>;
  validateOpeningBook(book: BookSource): BookValidation | Promise<BookValidation>;
}

/** What the strategy hook is told: the message, the DFEN judged for the bot's seat, and the engine's answer on demand. */
export interface StrategyContext {
  type: "yourTurn" | "drawDecision" | "doubleOpportunity" | "doubleDecision";
  /** The parsed, verified message. */
  request: Record<string, unknown>;
  /** The roll (yourTurn) or the decision's DFEN with the bot's side to move. */
  dfen: Dfen;
  /** The engine's answer (computed once, on the first call). */
  engine(): Promise<Record<string, unknown>>;
}

/**
 * Replaces some or all of the engine's answer: return `undefined` to keep it, or the fields to
 * replace (`moves`, `offerDraw`, `resign: true` for a turn; `acceptDraw`, `offerDouble`,
 * `acceptDouble` for the decisions). An invalid answer, a throw or a rejection: 500 `strategy_failed`.
 */
export type WebhookStrategy = (context: StrategyContext) => unknown;

export interface WebhookOptions {
  /** The active webhook secret (HMAC-SHA256 key, its UTF-8 bytes). */
  secret: string;
  /** The pending secret during a rotation: signatures by either are accepted; the version-2 proof uses it. */
  pendingSecret?: string;
  /** The bot's registry id; default the strongest (highest difficulty). */
  bot?: string;
  /** An opening book, registered over `bot` when the handler is created. */
  book?: BookSource;
  /** Taken off the seat's clock before the time policy (network and platform latency); default 250 ms. */
  safetyMarginMs?: number;
  /** The search budget when the game has no clock; default 1000 ms. */
  untimedBudgetMs?: number;
  /** More getBestMove options, passed through (`seed`, `timePolicy`, `effort`…); the clock and the bot are the handler's. */
  search?: BestMoveOptions & Record<string, unknown>;
  /** The largest body accepted; default 4 MiB (413 beyond). */
  bodyLimit?: number;
  /** Turns and decisions answered at once before 503 `capacity_exceeded`; default 32. */
  maxPending?: number;
  /** Where the searches run: default this entry's engine; a worker pool (`dicechess-wasm/worker-pool`) on Node servers. */
  engine?: WebhookEngine;
  /** May replace the engine's answers. */
  strategy?: WebhookStrategy;
  /** The clock of the freshness check and deadlines, in milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
}

/** A web-standard handler, used as is by `Deno.serve`, `Bun.serve` and a Workers `fetch`. Never rejects. */
export interface WebhookHandler {
  (request: Request): Promise<Response>;
  /** Resolves `true` once the bot is resolved (and the book registered), `false` when the book was refused. */
  ready: Promise<boolean>;
}

/** A handler for the play platform's signed webhook; throws a TypeError when `secret` is missing. */
export declare function createWebhookHandler(options: WebhookOptions): WebhookHandler;

/** The parts of Node's `http.IncomingMessage` the adapter reads. */
export interface NodeRequest {
  method?: string; url?: string; headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
}
/** The parts of Node's `http.ServerResponse` the adapter writes. */
export interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: Uint8Array | string): unknown;
}
/** Node's `http.createServer(toNodeListener(handler))`: the request as a `Request`, the `Response` written back. */
export declare function toNodeListener(handler: (request: Request) => Promise<Response>): (req: NodeRequest, res: NodeResponse) => Promise<void>;
