// @ts-check
// The Game object (issue 14), on every entry: a handle on a game held by the .wasm (its table:
// src/package/game_text.rs), with the state decoded from the text forms of protocol.js. The JSON of game
// records is JavaScript's here: a record is read with JSON.parse, its fields checked, and its turns
// replayed one by one through the .wasm, which judges them as the CLI does (the rules and the
// errors are Rust's). The notation (parseNotation, gameFromNotation, toNotation) needs the full
// module. Nothing here throws: a refused action returns false, a game whose engine failed or that
// was freed returns neutral values.
import { field, isDfen, isSquare, isUci, keptText, mib } from './input.js';
import { DEFAULT_TURN_CAP, MAX_MOVES, MAX_NOTATION, MAX_RECORD, MAX_TEXT, MAX_TURN_MOVES, MAX_TURNS } from './limits.js';
import { decodeBoard, decodeGameHistory, decodeGameState, decodeJson, decodeTree, encodeRecordFields } from './protocol.js';

/** @typedef {import('../types/types.js').Game} GameApi */
/** @typedef {import('../types/types.js').GameOptions} GameOptions */
/** @typedef {import('../types/types.js').GameRecord} GameRecord */
/** @typedef {import('../types/types.js').GameLoad} GameLoad */
/** @typedef {import('../types/types.js').GameOutcome} GameOutcome */
/** @typedef {import('../types/types.js').NotationParse} NotationParse */
/** @typedef {import('../types/types.js').Color} Color */
/** @typedef {import('../types/types.js').MoveTree} MoveTree */
/** @typedef {import('./rules.js').Engine<import('./glue.js').FullGlue>} Engine */
/** @typedef {import('./protocol.js').GameState} GameState */

/** The record fields a game read from a record or named players keeps, in record order. */
const INFO_FIELDS = /** @type {const} */ (['id', 'white', 'black', 'whiteRating', 'blackRating']);

/** @typedef {{ id?: string | number, white?: string, black?: string, whiteRating?: number, blackRating?: number, start?: string, termination?: [string, string] }} Info */

/** A micro-move argument as UCI: a UCI string, or `{from, to, promotion?}`; else null. @param {unknown} m @returns {string | null} */
function readMove(m) {
  if (typeof m === 'string') return isUci(m) ? m : null;
  const from = field(m, 'from');
  const to = field(m, 'to');
  const promotion = field(m, 'promotion');
  if (!isSquare(from) || !isSquare(to)) return null;
  if (promotion === undefined || promotion === null) return from + to;
  return promotion === 'q' || promotion === 'r' || promotion === 'b' || promotion === 'n' ? from + to + promotion : null;
}

/** A turn argument: a real array of 1 to MAX_MOVES micro-moves (as readMove), each read once; space-separated UCI, or null. @param {unknown} moves @returns {string | null} */
function readTurn(moves) {
  try {
    if (!Array.isArray(moves)) return null;
    const n = moves.length;
    if (!(n >= 1 && n <= MAX_MOVES)) return null;
    /** @type {string[]} */
    const list = [];
    for (let i = 0; i < n; i++) {
      const uci = readMove(moves[i]);
      if (uci === null) return null;
      list.push(uci);
    }
    return list.join(' ');
  } catch (_) { return null; }
}

/** The host rules of an options value: [halfmoveDraw, turnCap (0 = none)]. @param {unknown} options @returns {[boolean, number]} */
function hostRules(options) {
  const draw = field(options, 'halfmoveDraw');
  const cap = field(options, 'turnCap');
  const turnCap = cap === null ? 0 : typeof cap === 'number' && Number.isFinite(cap) && cap >= 0 ? Math.min(Math.floor(cap), 0xffffffff) : DEFAULT_TURN_CAP;
  return [draw !== false, turnCap];
}

/** A text field kept in a game's info (a name), as keptText makes it; undefined for anything else. @param {unknown} v */
const textOf = (v) => (typeof v === 'string' ? keptText(v) : undefined);

/** The record's result text (BOOK.md §8) by winner, and `*` for a game not over: the one table. */
const RESULT_TEXT = /** @type {const} */ ({ white: '1-0', black: '0-1', draw: '1/2-1/2', unfinished: '*' });
/** The result text of a state. @param {GameState} s @returns {GameRecord['result']} */
const resultOf = (s) => (!s.over ? RESULT_TEXT.unfinished : RESULT_TEXT[s.winner ?? 'draw']);

/** The outcome key of a state ("" while it goes on) that a record's termination text was read with. @param {GameState} s */
const outcomeKey = (s) => s.outcome;

/** @param {Engine} engine @param {boolean} notation whether the module carries the notation (the full one) */
export function gameFunctions(engine, notation) {
  const { live, fail, glue } = engine;
  // Frees the handles of collected games. The held value is the handle and never the game itself.
  const collected = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((/** @type {number} */ handle) => {
      try { if (live()) glue().game_free(handle); } catch (_) { /* the instance failed: nothing to free */ }
    })
    : null;

  class Game {
    /** @type {number} the handle; 0 once freed */
    #handle;
    /** @type {number | null} */
    #seed;
    /** @type {Info} */
    #info;
    /** @type {object} the token of the finalization registry */
    #token = {};

    /** @param {number} handle @param {number | null} seed @param {Info} info */
    constructor(handle, seed, info) {
      this.#handle = handle;
      this.#seed = seed;
      this.#info = info;
      collected?.register(this, handle, this.#token);
    }

    get seed() { return this.#seed; }

    /** The decoded state; undefined for a freed game or a failed engine. @returns {GameState | undefined} */
    #state() {
      if (this.#handle === 0 || !live()) return undefined;
      try {
        const text = glue().game_state(this.#handle);
        return typeof text === 'string' ? decodeGameState(text) : undefined;
      } catch (e) { fail(e); return undefined; }
    }

    /** Runs an action of the glue; false for a freed game, a failed engine or a refusal. @param {(g: import('./glue.js').FullGlue, h: number) => boolean} act */
    #act(act) {
      if (this.#handle === 0 || !live()) return false;
      try { return act(glue(), this.#handle) === true; } catch (e) { fail(e); return false; }
    }

    dfen() { return this.#state()?.position ?? ''; }
    turnStart() { return this.#state()?.turnStart ?? ''; }
    start() { return this.#state()?.start ?? ''; }
    roll() { const r = this.#state()?.roll; return r ? r : null; }
    diceLeft() { return this.#state()?.diceLeft ?? ''; }
    playableDice() { return this.#state()?.playableDice ?? ''; }
    /** @returns {Color} */
    turn() { return this.#state()?.turn ?? 'white'; }
    turnNumber() { return this.#state()?.turnNumber ?? 0; }
    moves() { return this.#state()?.moves ?? []; }
    turnMoves() { return this.#state()?.turnMoves ?? []; }
    canUndo() { return this.#state()?.canUndo ?? false; }
    canRedo() { return this.#state()?.canRedo ?? false; }

    /** @returns {MoveTree | null} */
    tree() {
      if (this.#handle === 0 || !live()) return {};
      try { return decodeTree(glue().game_tree(this.#handle)); } catch (e) { fail(e); return {}; }
    }

    history() {
      if (this.#handle === 0 || !live()) return [];
      try {
        const text = glue().game_history(this.#handle);
        return typeof text === 'string' ? decodeGameHistory(text) : [];
      } catch (e) { fail(e); return []; }
    }

    /** @returns {GameOutcome} */
    status() {
      const s = this.#state();
      return s ? { over: s.over, winner: s.winner, termination: s.termination } : { over: false, winner: null, termination: null };
    }

    isOver() { return this.#state()?.over ?? false; }

    /** @param {unknown} move */
    play(move) {
      const uci = readMove(move);
      return uci !== null && this.#act((g, h) => g.game_play(h, uci));
    }

    /** @param {unknown} moves */
    playTurn(moves) {
      const list = readTurn(moves);
      return list !== null && this.#act((g, h) => g.game_play_turn(h, list));
    }

    /** @param {unknown} dice */
    rollDice(dice) {
      return typeof dice === 'string' && /^[pnbrqkPNBRQK]{1,3}$/.test(dice) && this.#act((g, h) => g.game_roll(h, dice));
    }

    undo() { return this.#act((g, h) => g.game_step(h, 0)); }
    redo() { return this.#act((g, h) => g.game_step(h, 1)); }
    undoTurn() { return this.#act((g, h) => g.game_step(h, 2)); }
    redoTurn() { return this.#act((g, h) => g.game_step(h, 3)); }

    /** @param {unknown} color */
    resign(color) {
      return (color === 'white' || color === 'black') && this.#act((g, h) => g.game_resign(h, color));
    }

    agreeDraw() { return this.#act((g, h) => g.game_agree_draw(h)); }

    /** @param {unknown} [white] @param {unknown} [black] */
    setPlayers(white, black) {
      const ok = (/** @type {unknown} */ v) => v === undefined || v === null || typeof v === 'string';
      if (this.#handle === 0 || !ok(white) || !ok(black)) return false;
      this.#info.white = textOf(white);
      this.#info.black = textOf(black);
      return true;
    }

    /** The record fields of the game's ending: [result, termination text or undefined]. @param {GameState} s @returns {[GameRecord['result'], string | undefined]} */
    #ending(s) {
      const result = resultOf(s);
      const read = this.#info.termination;
      // The termination text a record gave is kept while the game ends as it was read.
      const termination = read && read[1] === outcomeKey(s) ? read[0] : s.termination ?? undefined;
      return [result, termination];
    }

    /** @returns {GameRecord} */
    toRecord() {
      const s = this.#state();
      if (s === undefined) return { result: RESULT_TEXT.unfinished, turns: [] };
      const [result, termination] = this.#ending(s);
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const name of INFO_FIELDS) if (this.#info[name] !== undefined) out[name] = this.#info[name];
      out.result = result;
      const start = this.#info.start ?? (s.standardStart ? undefined : s.start);
      if (start !== undefined) out.start = start;
      if (termination !== undefined) out.termination = termination;
      out.turns = this.history().map((t) => ({ dice: t.dice, moves: t.moves }));
      return /** @type {GameRecord} */ (/** @type {unknown} */ (out));
    }

    /** @returns {string | undefined} */
    toNotation() {
      if (!notation) return undefined;
      const s = this.#state();
      if (s === undefined) return undefined;
      const [, termination] = this.#ending(s);
      const fields = encodeRecordFields([...INFO_FIELDS.map((n) => /** @type {[string, unknown]} */ ([n, this.#info[n]])), ['termination', termination]]);
      try {
        const text = glue().game_notation(this.#handle, fields);
        return typeof text === 'string' ? text : undefined;
      } catch (e) { fail(e); return undefined; }
    }

    free() {
      if (this.#handle === 0) return;
      const handle = this.#handle;
      this.#handle = 0;
      collected?.unregister(this.#token);
      try { if (live()) glue().game_free(handle); } catch (e) { fail(e); }
    }
  }
  // Games are made by the functions below only.
  const make = (/** @type {number} */ h, /** @type {number | null} */ seed, /** @type {Info} */ info) => /** @type {GameApi} */ (/** @type {unknown} */ (new Game(h, seed, info)));

  /** @param {unknown} [options] @returns {GameApi | undefined} */
  function createGame(options) {
    if (!live()) return undefined;
    const start = field(options, 'start');
    if (start !== undefined && !isDfen(start)) return undefined;
    const [draw, cap] = hostRules(options);
    const host = field(options, 'hostDice') === true;
    let seed = null;
    if (!host) {
      const s = field(options, 'seed');
      seed = typeof s === 'number' && Number.isFinite(s) ? Math.trunc(s) : Math.floor(Math.random() * 2 ** 53);
    }
    let handle;
    try { handle = glue().game_new(start, seed ?? undefined, draw, cap); } catch (e) { fail(e); return undefined; }
    if (!handle) return undefined;
    return make(handle, seed, { white: textOf(field(options, 'white')), black: textOf(field(options, 'black')) });
  }

  /** A record's fields checked as BOOK.md §8 types them; the record, or why not. @param {unknown} input @returns {{ record: Record<string, unknown>, turns: { dice: string, moves: string[] }[] } | { error: string }} */
  function readRecord(input) {
    let value = input;
    if (typeof input === 'string') {
      if (input.length > MAX_RECORD) return { error: `not a game record: longer than ${mib(MAX_RECORD)}` };
      try { value = JSON.parse(input); } catch (e) { return { error: `not a game record: ${e instanceof Error ? e.message : 'not JSON'}` }; }
    }
    try {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return { error: 'not a game record: not a JSON object' };
      const o = /** @type {Record<string, unknown>} */ (value);
      /** @type {Record<string, unknown>} */
      const record = {};
      for (const name of ['id', 'white', 'black', 'whiteRating', 'blackRating', 'result', 'start', 'termination', 'turns']) record[name] = o[name];
      const schema = (/** @type {string} */ why) => ({ error: `not a game record: ${why}` });
      const id = record.id;
      if (id !== undefined && typeof id !== 'string' && !(Number.isSafeInteger(id) && !Object.is(id, -0))) return schema("'id' must be a string or an integer");
      for (const name of ['white', 'black', 'start', 'termination']) {
        if (record[name] !== undefined && typeof record[name] !== 'string') return schema(`'${name}' must be a string`);
      }
      // What a tag of the notation cannot hold unchanged is refused; a name is cut to what it holds.
      for (const name of ['id', 'termination']) {
        const v = record[name];
        if (typeof v === 'string' && keptText(v) !== v) return schema(`'${name}' must be text of at most ${MAX_TEXT} bytes without control characters`);
      }
      for (const name of ['white', 'black']) record[name] = textOf(record[name]);
      for (const name of ['whiteRating', 'blackRating']) {
        const v = record[name];
        if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) return schema(`'${name}' must be a number`);
      }
      const result = record.result;
      if (result === undefined) return schema("'result' is missing");
      if (typeof result !== 'string') return schema("'result' must be a string");
      if (!(/** @type {readonly string[]} */ (Object.values(RESULT_TEXT))).includes(result)) return schema(`'result' ${JSON.stringify(result.slice(0, 32))} is not "1-0", "0-1", "1/2-1/2" or "*"`);
      const turns = record.turns;
      if (turns === undefined) return schema("'turns' is missing");
      if (!Array.isArray(turns)) return schema("'turns' must be an array");
      if (turns.length > MAX_TURNS) return schema(`more than ${MAX_TURNS} turns`);
      const out = [];
      for (let i = 0; i < turns.length; i++) {
        const n = i + 1;
        const t = turns[i];
        if (t === null || typeof t !== 'object' || Array.isArray(t)) return schema(`turn ${n} is not an object`);
        const dice = t.dice;
        const moves = t.moves;
        if (dice === undefined) return schema(`turn ${n}: 'dice' is missing`);
        if (typeof dice !== 'string') return schema(`turn ${n}: 'dice' must be a string`);
        if (!/^[pnbrqkPNBRQK]{1,3}$/.test(dice)) return schema(`turn ${n}: dice ${JSON.stringify(dice.slice(0, 32))} are not 1-3 of 'pnbrqk'`);
        if (moves === undefined) return schema(`turn ${n}: 'moves' is missing`);
        if (!Array.isArray(moves)) return schema(`turn ${n}: 'moves' must be an array`);
        if (moves.length > MAX_TURN_MOVES) return { error: `turn ${n}: ${moves.length} moves; a turn has 1 to 3` };
        /** @type {string[]} */
        const list = [];
        for (const m of moves) {
          if (typeof m !== 'string') return schema(`turn ${n}: a move is not a string`);
          if (!isUci(m)) return schema(`turn ${n}: ${JSON.stringify(m.slice(0, 32))} is not a UCI move`);
          list.push(m);
        }
        out.push({ dice, moves: list });
      }
      return { record, turns: out };
    } catch (e) {
      return { error: `not a game record: ${e instanceof Error ? e.message : 'cannot be read'}` };
    }
  }

  /** @param {unknown} input @param {unknown} [options] @returns {GameLoad} */
  function gameFromRecord(input, options) {
    if (!live()) return { ok: false, error: 'the engine is not initialised' };
    const read = readRecord(input);
    if ('error' in read) return { ok: false, error: read.error };
    const { record, turns } = read;
    const start = /** @type {string | undefined} */ (record.start);
    if (start !== undefined && !isDfen(start)) return { ok: false, error: 'start: not a DFEN' };
    const [draw, cap] = hostRules(options);
    let handle = 0;
    let error = '';
    try {
      const g = glue();
      handle = g.game_new(start, undefined, draw, cap);
      if (!handle) return { ok: false, error: 'start: not a DFEN' };
      // A record's start has no dice (BOOK.md §8): the board form's last field is the dice.
      if (start !== undefined && decodeBoard(g.board(start) ?? '').dice !== '') error = 'start has dice';
      for (let i = 0; error === '' && i < turns.length; i++) error = g.game_play_recorded(handle, turns[i].dice, turns[i].moves.join(' '));
      if (error === '') {
        const termination = /** @type {string | undefined} */ (record.termination);
        error = g.game_end_recorded(handle, /** @type {string} */ (record.result), termination);
      }
      if (error !== '') {
        g.game_free(handle);
        return { ok: false, error };
      }
      /** @type {Info} */
      const info = {};
      for (const name of INFO_FIELDS) if (record[name] !== undefined) /** @type {Record<string, unknown>} */ (info)[name] = record[name];
      if (start !== undefined) info.start = start;
      if (record.termination !== undefined) info.termination = [/** @type {string} */ (record.termination), decodeGameState(g.game_state(handle) ?? '').outcome];
      // Seeded dice after the record's turns, when asked for.
      const seed = field(options, 'seed');
      const seeded = typeof seed === 'number' && Number.isFinite(seed) && g.game_continue_seeded(handle, Math.trunc(seed));
      return { ok: true, game: make(handle, seeded ? Math.trunc(seed) : null, info) };
    } catch (e) {
      fail(e);
      return { ok: false, error: 'the engine failed' };
    }
  }

  /**
   * The notation of a turn of the roll `dfen`: played by a game started there (no draw, no cap),
   * read from its history. @param {unknown} dfen @param {unknown} moves @returns {string[] | undefined}
   */
  function getTurnSan(dfen, moves) {
    if (!live() || !isDfen(dfen)) return undefined;
    const list = readTurn(moves);
    if (list === null) return undefined;
    const g = glue();
    let handle = 0;
    try {
      handle = g.game_new(dfen, undefined, false, 0);
      if (!handle || g.game_play_turn(handle, list) !== true) return undefined;
      return decodeGameHistory(g.game_history(handle) ?? '')[0]?.san;
    } catch (e) {
      fail(e);
      return undefined;
    } finally {
      try { if (handle && live()) g.game_free(handle); } catch (e) { fail(e); }
    }
  }

  /** @param {unknown} text @returns {NotationParse} */
  function parseNotation(text) {
    if (!live()) return { ok: false, error: 'the engine is not initialised', line: 0, column: 0 };
    if (typeof text !== 'string') return { ok: false, error: 'expected the text of a game in the notation', line: 0, column: 0 };
    if (text.length > MAX_NOTATION) return { ok: false, error: `the text is longer than ${mib(MAX_NOTATION)}`, line: 0, column: 0 };
    let out;
    try { out = glue().notation_records(text); } catch (e) { fail(e); return { ok: false, error: 'the engine failed', line: 0, column: 0 }; }
    if (out.startsWith('E')) {
      const m = /^E(\d+) (\d+) ([\s\S]*)$/.exec(out);
      return { ok: false, error: m ? m[3] : out.slice(1), line: m ? Number(m[1]) : 0, column: m ? Number(m[2]) : 0 };
    }
    return { ok: true, records: decodeJson(out) };
  }

  /** @param {unknown} text @param {unknown} [options] @returns {GameLoad} */
  function gameFromNotation(text, options) {
    const parsed = parseNotation(text);
    if (!parsed.ok) return { ok: false, error: parsed.line > 0 ? `line ${parsed.line}, column ${parsed.column}: ${parsed.error}` : parsed.error };
    if (parsed.records.length === 0) return { ok: false, error: 'the text holds no game' };
    return gameFromRecord(parsed.records[0], options);
  }

  return notation ? { createGame, gameFromRecord, getTurnSan, parseNotation, gameFromNotation } : { createGame, gameFromRecord, getTurnSan };
}
