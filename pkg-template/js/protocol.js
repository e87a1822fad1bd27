// @ts-check
// The protocol between the .wasm and the wrappers, JavaScript side: every encoding of an argument
// and every decoding of a result happens here, once. The Rust side, with the same definitions, is
// src/wasm/protocol.rs; the exports' types are in glue.d.ts.
//
//   JSON       the one form of a structured result: the JSON text of its Rust type's serde
//              serialization, whose TypeScript declaration is generated from the same type
//              (types/generated.d.ts); decodeJson parses it. JSON has no undefined and no Infinity:
//              a micro-move's promotion crosses as null (decodeMoves makes it undefined), and so does
//              estimateEquity's infinite variance reduction (full.js makes it Infinity);
// and the measured or scalar exceptions:
//   tree       the turn tree as 16-bit codes, a node each, depth first (src/package/rules_text.rs's
//              turn_subtree_codes): from square bits 0-5, to square 6-11, promotion role 12-14,
//              bit 15 when the node has children, then a 0 after its last child; undefined past the cap;
//   list       moves (or ids) joined by single spaces, "" = the empty list, both directions;
//   status     an integer code, STATUS below (the rules module, which has no serde);
//   question   an integer code, QUESTION below;
//   the Game's forms below (the rules module).
//
// Nothing here checks classes of user input (input.js does) or catches (the callers do).

/** @typedef {import('./glue.js').SpaceList} SpaceList */
/** @typedef {import('./glue.js').StatusCode} StatusCode */
/** @typedef {import('../types/types.js').GameStatus} GameStatus */
/** @typedef {import('../types/types.js').MicroMove} MicroMove */
/** @typedef {import('../types/types.js').PromotionPiece} PromotionPiece */

/** A list argument: checked UCI moves, joined by single spaces. @param {readonly string[]} moves @returns {SpaceList} */
export const encodeList = (moves) => moves.join(' ');

/** A list result. @param {SpaceList} text @returns {string[]} */
export const decodeList = (text) => (text === '' ? [] : text.split(' '));

/** An optional string result (`undefined` crosses as `undefined`). @param {unknown} v @returns {string | undefined} */
export const decodeOptional = (v) => (typeof v === 'string' ? v : undefined);

/**
 * A structured result: the JSON text of its Rust type, as the generated type `T` declares it.
 * @template T @param {import('./glue.js').Json<T>} text @returns {T}
 */
export const decodeJson = (text) => JSON.parse(text);

/**
 * A result's micro-moves as the API has them, `promotion` present and `undefined` when none (JSON
 * writes `null`); in place. @template {{ promotion: PromotionPiece | undefined }} M @param {M[]} moves @returns {M[]}
 */
export function decodeMoves(moves) {
  for (const m of moves) m.promotion ??= undefined;
  return moves;
}

/** @typedef {import('../types/types.js').MoveTree} MoveTree */
const FILE = 'abcdefgh';
const PROMOTION = ['', '', 'n', 'b', 'r', 'q'];
/** @type {(string | undefined)[]} The UCI key of each code without bit 15, made once per instance of the wrapper. */
const KEYS = new Array(0x6000).fill(undefined);
/** @param {number} code @returns {string} */
function makeKey(code) {
  const from = code & 63, to = (code >> 6) & 63;
  return (KEYS[code] = FILE[from & 7] + ((from >> 3) + 1) + FILE[to & 7] + ((to >> 3) + 1) + (PROMOTION[code >> 12] ?? ''));
}

/**
 * A turn tree's codes as fresh nested objects; `null` for undefined (past the cap). Measured
 * faster than JSON.parse of the same tree as text (BENCHMARKS.md, issue 15).
 * @param {Uint16Array | undefined} codes @returns {MoveTree | null}
 */
export function decodeTree(codes) {
  if (codes === undefined) return null;
  const n = codes.length;
  /** @type {MoveTree[]} */
  const open = [{}];
  let node = open[0];
  for (let i = 0; i < n; i++) {
    const c = codes[i];
    if (c === 0) {
      open.pop();
      node = open[open.length - 1];
      continue;
    }
    const k = c & 0x7fff;
    /** @type {MoveTree} */
    const child = {};
    node[KEYS[k] ?? makeKey(k)] = child;
    if (c & 0x8000) {
      open.push(child);
      node = child;
    }
  }
  return open[0];
}

/** @type {readonly (GameStatus | undefined)[]} The game status of each code; none for 0 (invalid DFEN). */
const STATUS = [undefined, { over: false, winner: null }, { over: true, winner: 'white' }, { over: true, winner: 'black' }, { over: true, winner: null }];

/** A status code as a fresh GameStatus; `undefined` for 0 and unknown codes. @param {StatusCode} code @returns {GameStatus | undefined} */
export function decodeStatus(code) {
  const s = STATUS[code];
  return s === undefined ? undefined : { over: s.over, winner: s.winner };
}

/** The decision questions of `should_bot`. */
export const QUESTION = Object.freeze({ offerDouble: 0, acceptDouble: 1, offerDraw: 2, acceptDraw: 3 });

// The Game object's forms (src/package/game_text.rs):
//   game state    fields separated by "\n" in the order of GAME_STATE_FIELDS;
//   game history  a line per turn, fields separated by "\t": mover, dice, before, after, UCI moves, SAN moves, label;
//   record fields "name\tvalue" lines (values without tabs or line breaks);
//   records       JSON text of an array of game records, or "E<line> <column> <message>".

/** @typedef {import('../types/types.js').Color} Color */
/** @typedef {import('../types/types.js').Termination} Termination */
/** @typedef {import('../types/types.js').GameMove} GameMove */
/** @typedef {import('../types/types.js').GameTurn} GameTurn */

/**
 * A game's state, decoded.
 * @typedef {{ position: string, turnStart: string, roll: string, diceLeft: string, turn: Color, turnNumber: number,
 *   outcome: string, over: boolean, winner: Color | null, termination: Termination | null, moves: GameMove[],
 *   playableDice: string, turnMoves: { uci: string, san: string }[], canUndo: boolean, canRedo: boolean,
 *   start: string, standardStart: boolean }} GameState
 */

/** A space-separated list. @param {string | undefined} s @returns {string[]} */
const items = (s) => (s ? s.split(' ') : []);

/** A UCI move as a MicroMove's fields. @param {string} u */
const squares = (u) => ({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u.length > 4 ? /** @type {PromotionPiece} */ (u.slice(4, 5)) : undefined });

/** @param {string} text @returns {GameState} */
export function decodeGameState(text) {
  const f = text.split('\n');
  const [winner, termination] = f[6] ? f[6].split(' ') : ['', ''];
  const uci = items(f[7]);
  const san = items(f[8]);
  const dice = items(f[9]);
  const played = items(f[11]);
  const playedSan = items(f[12]);
  const [undo, redo] = items(f[13]);
  return {
    position: f[0] ?? '', turnStart: f[1] ?? '', roll: f[2] ?? '', diceLeft: f[3] ?? '',
    turn: f[4] === 'black' ? 'black' : 'white', turnNumber: Number(f[5] ?? 0),
    outcome: f[6] ?? '', over: Boolean(f[6]),
    winner: winner === 'white' || winner === 'black' ? winner : null,
    termination: f[6] ? /** @type {Termination} */ (termination) : null,
    moves: uci.map((u, i) => ({ uci: u, san: san[i] ?? u, ...squares(u), dice: dice[i] ?? '' })),
    playableDice: f[10] ?? '',
    turnMoves: played.map((u, i) => ({ uci: u, san: playedSan[i] ?? u })),
    canUndo: undo === '1', canRedo: redo === '1',
    start: f[14] ?? '', standardStart: f[15] === '1',
  };
}

/** @param {string} text @returns {GameTurn[]} */
export function decodeGameHistory(text) {
  return text.split('\n').filter((line) => line !== '').map((line, i) => {
    const f = line.split('\t');
    return {
      number: i + 1, label: f[6] ?? '', mover: f[0] === 'black' ? 'black' : 'white', dice: f[1] ?? '',
      moves: items(f[4]), san: items(f[5]), before: f[2] ?? '', after: f[3] ?? '', roll: `${f[2]} ${f[1]}`,
    };
  });
}

/** Record fields as "name\tvalue" lines; absent values are left out, tabs and line breaks become spaces. @param {[string, unknown][]} fields */
export function encodeRecordFields(fields) {
  return fields
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([name, v]) => `${name}\t${String(v).replace(/[\t\r\n]/g, ' ')}`)
    .join('\n');
}

/** @typedef {import('../types/types.js').Board} Board */
/** @typedef {import('../types/types.js').BoardPiece} BoardPiece */
const FILES = 'abcdefgh';

/** The board form: 64 squares from a8 (a piece letter or "."), then the DFEN's other fields. @param {string} text @returns {Board} */
export function decodeBoard(text) {
  const [squaresText, turn, castling, ep, half, full, dice] = text.split(' ');
  /** @type {BoardPiece[]} */
  const pieces = [];
  for (let i = 0; i < 64; i++) {
    const c = squaresText.charAt(i);
    if (c === '.' || c === '') continue;
    const lower = c.toLowerCase();
    pieces.push({ square: FILES.charAt(i % 8) + String(8 - Math.floor(i / 8)), color: c === lower ? 'black' : 'white', piece: /** @type {BoardPiece['piece']} */ (lower) });
  }
  return {
    pieces, turn: turn === 'b' ? 'black' : 'white', castling: castling ?? '-',
    enPassant: ep && ep !== '-' ? ep.match(/[a-h][1-8]/g) ?? [] : [],
    halfmoveClock: Number(half ?? 0), fullmoveNumber: Number(full ?? 1), dice: dice ?? '',
  };
}
