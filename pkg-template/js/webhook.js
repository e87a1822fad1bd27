// @ts-check
// dicechess-wasm/webhook: a bot for the play platform's signed webhook (pkg-template/README.md,
// "Bots on the play platform"), as a web-standard `(Request) => Promise<Response>` handler for
// Deno.serve, Bun.serve, a Workers `fetch` and, through toNodeListener, Node's `http`. The engine
// is the package's own (the entry of the same export condition) or any object with its functions,
// synchronous or not (the Node worker pool). Every answer is a Response: nothing here rejects.
import { DiceChess } from './main-entry.js';
import { activationProof, hmacKey, signatureMatches } from './webhook-signature.js';

/** @typedef {import('../types/webhook.js').WebhookOptions} WebhookOptions */
/** @typedef {import('../types/webhook.js').WebhookEngine} WebhookEngine */
/** @typedef {import('../types/webhook.js').WebhookHandler} WebhookHandler */
/** @typedef {import('../types/webhook.js').StrategyContext} StrategyContext */
/** @typedef {import('../types/webhook.js').WebhookErrorCode} WebhookErrorCode */
/** @typedef {import('../types/types.js').MoveTree} MoveTree */
/** @typedef {'white' | 'black'} Seat */

/** Signatures older or newer than this are refused (seconds). */
const FRESHNESS_S = 300;
const DEFAULT_BODY_LIMIT = 4 * 2 ** 20;
const DEFAULT_SAFETY_MARGIN_MS = 250;
const DEFAULT_UNTIMED_BUDGET_MS = 1000;
const DEFAULT_MAX_PENDING = 32;
const SEATS = ['white', 'black'];

/** A refusal: its status and code (README's table). */
class Refusal {
  /** @param {number} status @param {WebhookErrorCode} code */
  constructor(status, code) { this.status = status; this.code = code; }
}
/** @param {WebhookErrorCode} code @returns {never} */
const refuse400 = (code = 'invalid_request') => { throw new Refusal(400, code); };
/** @returns {never} */
const stale = () => { throw new Refusal(409, 'stale_context'); };

/** @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
const json = (status, body, headers = {}) => new Response(JSON.stringify(body), {
  status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
});

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The request's body, at most `limit` bytes (413 beyond). @param {Request} request @param {number} limit */
async function readBody(request, limit) {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) throw new Refusal(413, 'invalid_request');
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      reader.cancel().catch(() => {});
      throw new Refusal(413, 'invalid_request');
    }
    chunks.push(value);
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) { body.set(c, at); at += c.length; }
  return body;
}

/** The JSON object of a body, or 400. @param {Uint8Array} body @returns {Record<string, unknown>} */
function parseBody(body) {
  /** @type {unknown} */
  let value;
  try { value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body)); } catch (_) { return refuse400(); }
  return isRecord(value) ? value : refuse400();
}

/** A field that must be a string. @param {Record<string, unknown>} o @param {string} name */
function text(o, name) {
  const v = o[name];
  return typeof v === 'string' ? v : refuse400();
}

/** A seat field. @param {Record<string, unknown>} o @param {string} name @returns {Seat} */
function seat(o, name) {
  const v = o[name];
  return typeof v === 'string' && SEATS.includes(v) ? /** @type {Seat} */ (v) : refuse400();
}

/** A non-negative finite number field, or undefined when absent or null. @param {unknown} o @param {string} name */
function amount(o, name) {
  if (!isRecord(o) || o[name] === undefined || o[name] === null) return undefined;
  const v = o[name];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : refuse400();
}

/** A decision's DFEN: its `dfen`, or its `state.dfen`. @param {Record<string, unknown>} request */
const decisionDfen = (request) => text(isRecord(request.state) && request.dfen === undefined ? request.state : request, 'dfen');

/**
 * The DFEN a decision is judged on for `forSeat`: as is when that seat is to move, else flipped with
 * endTurn (a decision's DFEN has the offering side to move; the engine judges for the side to move).
 * @param {string} dfen @param {Seat} forSeat
 */
function dfenFor(dfen, forSeat) {
  const board = DiceChess.getBoard(dfen);
  if (board === undefined) return refuse400();
  if (board.turn === forSeat) return dfen;
  return DiceChess.endTurn(dfen) ?? refuse400();
}

/**
 * The default bot: the registry's strongest (highest difficulty, the first among equals).
 * @param {WebhookEngine} engine
 */
async function strongestBot(engine) {
  const bots = await engine.getBotDetails();
  return bots.reduce((best, b) => (b.difficulty > best.difficulty ? b : best)).id;
}

let books = 0;

/**
 * A webhook handler for the play platform (README, "Bots on the play platform"). Throws a
 * TypeError for options without a secret; the handler itself never rejects.
 * @param {WebhookOptions} options @returns {WebhookHandler}
 */
export function createWebhookHandler(options) {
  if (!isRecord(options) || typeof options.secret !== 'string' || options.secret === '') {
    throw new TypeError('createWebhookHandler: options.secret (the active webhook secret) is required');
  }
  const engine = /** @type {WebhookEngine} */ (options.engine ?? DiceChess);
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const safetyMarginMs = options.safetyMarginMs ?? DEFAULT_SAFETY_MARGIN_MS;
  const untimedBudgetMs = options.untimedBudgetMs ?? DEFAULT_UNTIMED_BUDGET_MS;
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  const now = options.now ?? Date.now;
  const strategy = options.strategy;
  const search = options.search ?? {};
  const activeKey = hmacKey(options.secret);
  const pending = options.pendingSecret;
  const pendingKey = typeof pending === 'string' && pending !== '' ? hmacKey(pending) : null;
  // Awaited by each request (a failure answers there); never an unhandled rejection meanwhile.
  for (const key of [activeKey, pendingKey]) key?.catch(() => {});
  const bookId = `webhook-book-${++books}`;

  // The bot id, resolved once: the option or the strongest, wrapped by the book when one is given;
  // null when the book cannot be registered (every turn then answers strategy_failed).
  /** @returns {Promise<string | null>} */
  async function resolveBot() {
    const base = options.bot ?? await strongestBot(engine);
    if (options.book === undefined) return base;
    if (await engine.registerOpeningBookBot(options.book, base, bookId, 'Webhook book')) return bookId;
    const report = await engine.validateOpeningBook(options.book);
    console.error(`dicechess-wasm/webhook: the book cannot be registered over "${base}":`, report.errors[0] ?? 'unknown base bot');
    return null;
  }
  const bot = resolveBot().catch((e) => {
    console.error('dicechess-wasm/webhook: the engine failed at start-up', e);
    return null;
  });
  let inFlight = 0;

  /** @returns {Promise<string>} */
  async function algorithm() {
    const id = await bot;
    if (id === null) throw new Refusal(500, 'strategy_failed');
    return id;
  }

  /**
   * The strategy hook's answer merged over the engine's, checked by `valid`.
   * @template {Record<string, unknown>} A
   * @param {StrategyContext['type']} type @param {Record<string, unknown>} request @param {string} dfen
   * @param {() => Promise<A>} answer the engine's answer, asked only when the hook leaves a field of `fields` to it
   * @param {readonly string[]} fields @param {(a: Record<string, unknown>) => boolean} valid
   * @returns {Promise<A>}
   */
  async function decide(type, request, dfen, answer, fields, valid) {
    if (strategy === undefined) return answer();
    // The engine's answer is computed once, whether the hook asks for it, the merge does, or both.
    /** @type {Promise<A> | undefined} */
    let memo;
    const engineAnswer = () => (memo ??= answer());
    /** @type {unknown} */
    let override;
    try {
      override = await strategy({ type, request, dfen, engine: engineAnswer });
    } catch (e) {
      console.error('dicechess-wasm/webhook: the strategy hook failed', e);
      throw new Refusal(500, 'strategy_failed');
    }
    if (override === undefined || override === null) return engineAnswer();
    if (!isRecord(override)) throw new Refusal(500, 'strategy_failed');
    const merged = { ...(fields.every((f) => Object.hasOwn(override, f)) ? {} : await engineAnswer()), ...override };
    if (!valid(merged)) throw new Refusal(500, 'strategy_failed');
    return /** @type {A} */ (merged);
  }

  /** @param {Record<string, unknown>} request @param {Uint8Array} raw */
  async function verification(request, raw) {
    const nonce = text(request, 'nonce');
    if (request.version === undefined || request.version === 1) return { nonce };
    if (request.version !== 2) return refuse400();
    for (const name of ['bot', 'setupId']) if (request[name] === undefined) refuse400();
    if (request.revision === undefined) refuse400();
    return { nonce, proof: await activationProof(await (pendingKey ?? activeKey), raw) };
  }

  /** @param {Record<string, unknown>} request @param {number} arrived */
  async function yourTurn(request, arrived) {
    const me = seat(request, 'seat');
    const state = isRecord(request.state) ? request.state : refuse400();
    const dfen = text(state, 'dfen');
    if (seat(state, 'activeSeat') !== me || state.dicePending === true) stale();
    const board = DiceChess.getBoard(dfen) ?? refuse400();
    if (board.turn !== me) stale();
    if (board.dice === '') refuse400();
    const sent = state.legalMoves;
    if (sent !== null && !isRecord(sent)) refuse400();
    /** @type {MoveTree | null} */
    const tree = sent === null ? DiceChess.getLegalTurnTree(dfen) : /** @type {MoveTree} */ (sent);
    const remainingMs = amount(state.clocks, me);
    const fischer = isRecord(state.timeControl) ? state.timeControl.Fischer : undefined;
    const incrementMs = (amount(fischer, 'incrementSeconds') ?? 0) * 1000;
    const id = await algorithm();
    const options = remainingMs === undefined
      ? { timeBudgetMs: untimedBudgetMs, ...search, algorithm: id }
      : { ...search, algorithm: id, clock: { remainingMs: Math.max(0, remainingMs - safetyMarginMs), incrementMs } };
    /** @param {unknown} moves */
    const isTurn = (moves) => (tree === null
      ? Array.isArray(moves) && DiceChess.applyTurn(dfen, moves) !== undefined
      : DiceChess.isTurnOfTree(tree, /** @type {string[]} */ (moves)));

    const engineAnswer = async () => {
      const offerDraw = state.mayOfferDraw === true && (await engine.shouldBotOfferDraw(dfen, { algorithm: id })) === true;
      if (tree !== null && Object.keys(tree).length === 0) return { moves: /** @type {string[]} */ ([]), offerDraw };
      const best = await engine.getBestMove(dfen, options);
      const moves = DiceChess.toUciMoves(best.moves) ?? [];
      // The engine's turn of this DFEN is not in the tree sent: the tree is another position's.
      if (!isTurn(moves)) stale();
      return { moves, offerDraw };
    };
    const answer = await decide('yourTurn', request, dfen, engineAnswer, ['moves', 'offerDraw'], (a) => isTurn(a.moves)
      && typeof a.offerDraw === 'boolean' && (a.resign === undefined || typeof a.resign === 'boolean'));
    if (remainingMs !== undefined && now() - arrived >= remainingMs) throw new Refusal(504, 'deadline_exceeded');
    /** @type {{ moves: unknown, offerDraw: boolean, resign?: true }} */
    const out = { moves: answer.moves, offerDraw: answer.offerDraw && state.mayOfferDraw === true };
    if (/** @type {Record<string, unknown>} */ (answer).resign === true) out.resign = true;
    return out;
  }

  /** @param {Record<string, unknown>} request */
  async function drawDecision(request) {
    const dfen = dfenFor(decisionDfen(request), seat(request, 'seat'));
    const id = await algorithm();
    const answer = async () => ({ acceptDraw: (await engine.shouldBotAcceptDraw(dfen, { algorithm: id })) === true });
    return decide('drawDecision', request, dfen, answer, ['acceptDraw'], (a) => typeof a.acceptDraw === 'boolean');
  }

  /** @param {Record<string, unknown>} request @param {boolean} offer */
  async function doubling(request, offer) {
    const decisionId = request.decisionId;
    if (typeof decisionId !== 'string' && typeof decisionId !== 'number') refuse400();
    const dfen = dfenFor(decisionDfen(request), seat(request, 'seat'));
    const stake = typeof request.stake === 'number' ? request.stake : 1;
    const id = await algorithm();
    const field = offer ? 'offerDouble' : 'acceptDouble';
    const ask = offer ? engine.shouldBotOfferDouble : engine.shouldBotAcceptDouble;
    return decide(offer ? 'doubleOpportunity' : 'doubleDecision', request, dfen,
      async () => ({ decisionId, [field]: (await ask.call(engine, dfen, stake, { algorithm: id })) === true }),
      ['decisionId', field], (a) => typeof a[field] === 'boolean' && a.decisionId === decisionId);
  }

  /** @param {Request} request */
  async function respond(request) {
    const arrived = now();
    if (request.method !== 'POST') return json(405, { error: 'invalid_request' }, { allow: 'POST' });
    const raw = await readBody(request, bodyLimit);
    const timestamp = request.headers.get('x-dicechess-timestamp') ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(arrived / 1000 - Number(timestamp)) > FRESHNESS_S) {
      throw new Refusal(401, 'unauthorized');
    }
    const keys = pendingKey === null ? [await activeKey] : [await activeKey, await pendingKey];
    if (!(await signatureMatches(keys, timestamp, raw, request.headers.get('x-dicechess-signature')))) {
      throw new Refusal(401, 'unauthorized');
    }
    const message = parseBody(raw);
    if (message.type === 'verification') return json(200, await verification(message, raw));
    if (inFlight >= maxPending) throw new Refusal(503, 'capacity_exceeded');
    inFlight++;
    try {
      switch (message.type) {
        case 'yourTurn': return json(200, await yourTurn(message, arrived));
        case 'drawDecision': return json(200, await drawDecision(message));
        case 'doubleOpportunity': return json(200, await doubling(message, true));
        case 'doubleDecision': return json(200, await doubling(message, false));
        default: return refuse400();
      }
    } finally {
      inFlight--;
    }
  }

  /** @type {WebhookHandler} */
  const handler = async (request) => {
    try {
      return await respond(request);
    } catch (e) {
      if (e instanceof Refusal) return json(e.status, { error: e.code });
      console.error('dicechess-wasm/webhook: the request failed', e);
      return json(500, { error: 'strategy_failed' });
    }
  };
  handler.ready = bot.then((id) => id !== null);
  return handler;
}

/**
 * A listener for Node's `http.createServer` over a web-standard handler: the request as a
 * `Request` (its body streamed), the `Response` written back. Never rejects.
 * @param {(request: Request) => Promise<Response>} handler
 * @returns {(req: import('../types/webhook.js').NodeRequest, res: import('../types/webhook.js').NodeResponse) => Promise<void>}
 */
export function toNodeListener(handler) {
  return async (req, res) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const method = req.method ?? 'GET';
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const body = hasBody ? new ReadableStream({
        start(controller) {
          req.on('data', (chunk) => controller.enqueue(new Uint8Array(/** @type {Uint8Array} */ (chunk))));
          req.on('end', () => controller.close());
          req.on('error', (e) => controller.error(e));
        },
      }) : null;
      // `duplex` is what Node's fetch needs for a streamed body (not yet in RequestInit's type).
      const init = /** @type {RequestInit} */ ({ method, headers, body, duplex: 'half' });
      const request = new Request(`http://${headers.get('host') ?? 'localhost'}${req.url ?? '/'}`, init);
      const response = await handler(request);
      const bytes = new Uint8Array(await response.arrayBuffer());
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(bytes);
    } catch (e) {
      console.error('dicechess-wasm/webhook: the Node adapter failed', e);
      try {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'strategy_failed' }));
      } catch (_) {
        // The response is already gone.
      }
    }
  };
}
