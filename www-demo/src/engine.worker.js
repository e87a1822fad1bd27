// The engine of the demo, in a module Web Worker: the page never runs the engine on its own thread.
// The page starts two of these (engine-client.js): "rules" holds the game (a `Game` of the package)
// and answers the quick calls of the turn loop; "think" runs the bots' searches, hints, reviews,
// equity estimates and opening books.
//
// The listener is registered before the package is loaded, and the package is imported dynamically
// behind it: a module worker that imports the package statically starts listening only after the
// import's top-level await has settled, and Chromium drops the messages posted while it loads.
//
// Protocol: the page posts {id, fn, args}; the worker answers {id, result} or {id, error}. `fn` is a
// helper below or a function of the package, called as is. The game's state crosses as a plain
// snapshot (`snapshot` below): the page keeps no rules and no game of its own.

/** @typedef {typeof import('dicechess-wasm')} Package */
/** @typedef {import('dicechess-wasm').Game} Game */

const engine = import('dicechess-wasm');

/** The game of the "rules" worker, or null before the first `newGame`. @type {Game | null} */
let game = null;

/**
 * The state of the game as plain values, everything the page draws.
 * @param {Package} P
 */
function snapshot(P) {
  const g = /** @type {Game} */ (game);
  const dfen = g.dfen();
  return {
    dfen,
    turnStart: g.turnStart(),
    start: g.start(),
    seed: g.seed,
    roll: g.roll(),
    diceLeft: g.diceLeft(),
    playableDice: g.playableDice(),
    turn: g.turn(),
    turnNumber: g.turnNumber(),
    moves: g.moves(),
    turnMoves: g.turnMoves(),
    history: g.history(),
    status: g.status(),
    canUndo: g.canUndo(),
    canRedo: g.canRedo(),
    board: P.getBoard(dfen),
    /** The pseudo-legal micro-moves of the dice left (generateMoves): they tell "cannot move" from "may not move". */
    pseudoLegal: g.roll() === null ? [] : P.generateMoves(dfen),
  };
}

/** @param {Game | undefined} g */
function setGame(g) {
  game?.free();
  game = g ?? null;
}

/** The actions of the page on the game; each answers whether it was done and the new state. */
const ACTIONS = {
  /** @param {Game} g @param {string} uci */
  play: (g, uci) => g.play(uci),
  /** @param {Game} g */
  undo: (g) => g.undo(),
  /** @param {Game} g */
  redo: (g) => g.redo(),
  /** @param {Game} g */
  undoTurn: (g) => g.undoTurn(),
  /** @param {Game} g */
  redoTurn: (g) => g.redoTurn(),
  /**
   * Takes back turns until `color` is to move at the start of a turn (against a bot: your last turn
   * and the bot's reply).
   * @param {Game} g @param {'white' | 'black'} color
   */
  undoToTurnOf(g, color) {
    let done = false;
    while (g.undoTurn()) {
      done = true;
      if (g.turn() === color && g.turnMoves().length === 0) break;
    }
    return done;
  },
  /**
   * Plays again the turns taken back until `color` is to move at the start of a turn (or nothing is
   * left to play again).
   * @param {Game} g @param {'white' | 'black'} color
   */
  redoToTurnOf(g, color) {
    let done = false;
    while (g.redoTurn()) {
      done = true;
      if (g.isOver() || (g.turn() === color && g.turnMoves().length === 0)) break;
    }
    return done;
  },
};

const helpers = {
  // ---- the game ("rules" worker) ------------------------------------------------------------------

  /**
   * A new game: from `start` (the standard start when absent; its dice, if any, are the first roll)
   * with the seeded dice of `seed`. `undefined` for an invalid start.
   * @param {Package} P
   * @param {{ start?: string, seed: number, white?: string, black?: string }} options
   */
  newGame(P, { start, seed, white, black }) {
    const g = P.createGame({ start, seed, white, black });
    if (!g) return undefined;
    setGame(g);
    return snapshot(P);
  },

  /**
   * A game pasted by the user: a JSON game record (BOOK.md §8) or a text in the notation
   * (docs/NOTATION.md). `{ok: true, snapshot}` or `{ok: false, error, line, column}` (0 when the
   * error has no place in the text).
   * @param {Package} P
   * @param {string} text
   * @param {number} seed the seeded dice after the record's turns
   */
  loadGame(P, text, seed) {
    let load;
    if (/^\s*\{/.test(text)) {
      load = P.gameFromRecord(text.trim(), { seed });
      if ('error' in load) return { ok: false, error: load.error, line: 0, column: 0 };
    } else {
      const parsed = P.parseNotation(text);
      if ('error' in parsed) return { ok: false, error: parsed.error, line: parsed.line, column: parsed.column };
      if (parsed.records.length === 0) return { ok: false, error: 'no game in the text', line: 0, column: 0 };
      load = P.gameFromNotation(text, { seed });
      if ('error' in load) return { ok: false, error: load.error, line: 0, column: 0 };
    }
    setGame(load.game);
    return { ok: true, snapshot: snapshot(P) };
  },

  /**
   * An action on the game (ACTIONS): `{ok, snapshot}`; a refused action changes nothing.
   * @param {Package} P
   * @param {keyof typeof ACTIONS} action
   * @param {any} [arg]
   */
  act(P, action, arg) {
    if (!game || !Object.hasOwn(ACTIONS, action)) return { ok: false, snapshot: game && snapshot(P) };
    const ok = ACTIONS[action](game, arg);
    return { ok, snapshot: snapshot(P) };
  },

  /** @param {Package} P */
  snapshot(P) {
    return game && snapshot(P);
  },

  /**
   * Names the players (kept in the record and the notation).
   * @param {Package} _P @param {string} white @param {string} black
   */
  setPlayers(_P, white, black) {
    return game?.setPlayers(white, black) ?? false;
  },

  /** The game's completed turns as a JSON game record and in the notation. */
  exportGame() {
    if (!game) return null;
    return { record: JSON.stringify(game.toRecord()), notation: game.toNotation() ?? '' };
  },

  // ---- bots and books ("think" worker) ------------------------------------------------------------

  /**
   * The bot's turn for the roll `dfen` (getBestMove): its micro-moves in UCI, and its timing.
   * @param {Package} P
   * @param {string} dfen
   * @param {import('dicechess-wasm').BestMoveOptions} options
   */
  botTurn(P, dfen, options) {
    const best = P.getBestMove(dfen, options);
    return { moves: best.moves.map((m) => m.from + m.to + (m.promotion ?? '')), timeTakenMs: best.timeTakenMs, budgetMs: best.budgetMs };
  },

  /**
   * Validates a book (TSV text or binary bytes) and, when it is valid, registers it as a book bot
   * over `base`: `{validation, registered, bots}` (the bots as `getBotDetails` lists them).
   * @param {Package} P
   * @param {string | ArrayBuffer} source
   * @param {{ name: string, base: string, botId: string }} options
   */
  loadBook(P, source, { name, base, botId }) {
    const validation = P.validateOpeningBook(source);
    const registered = validation.ok && P.registerOpeningBookBot(source, base, botId, `${name} (book over ${base})`);
    return { validation, registered, bots: P.getBotDetails() };
  },
};

/**
 * @param {Package} P
 * @param {string} fn
 * @param {any[]} args
 */
function call(P, fn, args) {
  if (Object.hasOwn(helpers, fn)) return helpers[fn](P, ...args);
  if (Object.hasOwn(P.DiceChess, fn)) return P.DiceChess[fn](...args);
  throw new Error(`unknown function ${fn}`);
}

self.onmessage = async ({ data: { id, fn, args } }) => {
  let P;
  try {
    P = await engine;
  } catch (e) {
    self.postMessage({ id, error: `the engine could not be loaded: ${e?.message ?? e}` });
    return;
  }
  try {
    self.postMessage({ id, result: call(P, fn, args ?? []) });
  } catch (e) {
    self.postMessage({ id, error: String(e?.message ?? e) });
  }
};
