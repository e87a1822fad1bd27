// The page's state and what it derives from the engine's snapshots. The game itself lives in the
// "rules" Worker (engine.worker.js); `state.snap` is its last snapshot, as plain values. Everything
// below reads those values (moves, dice, history, board) without knowing a rule: which moves are
// legal, which dice are playable and what a move spends all come from the engine.

/** @typedef {import('dicechess-wasm').Color} Color */
/** @typedef {import('dicechess-wasm').GameMove} GameMove */
/** @typedef {import('dicechess-wasm').GameTurn} GameTurn */
/** @typedef {import('dicechess-wasm').Board} Board */
/** @typedef {import('dicechess-wasm').BotDetails} BotDetails */
/**
 * The state of the game as the "rules" Worker sends it (engine.worker.js, `snapshot`).
 * @typedef {{
 *   dfen: string, turnStart: string, start: string, seed: number | null,
 *   roll: string | null, diceLeft: string, playableDice: string, turn: Color, turnNumber: number,
 *   moves: GameMove[], turnMoves: { uci: string, san: string }[], history: GameTurn[],
 *   status: import('dicechess-wasm').GameOutcome, canUndo: boolean, canRedo: boolean,
 *   board: Board | undefined, pseudoLegal: string[],
 * }} Snapshot
 */

export const state = {
  /** The bots, each with whether it takes a time budget (getBotDetails). @type {BotDetails[]} */
  bots: [],
  /** The player's colour in this game. @type {Color} */
  human: 'white',
  /** The board turned around from its usual side (the player's colour at the bottom). */
  flipped: false,
  /** @type {Snapshot | null} */
  snap: null,
  /** 'loading' | 'rolling' | 'human' | 'moving' | 'bot' | 'over' | 'error' */
  phase: 'loading',
  /** While browsing the history: the number of completed turns shown; null shows the game. @type {number | null} */
  view: null,
  /** The boards of browsed positions, by DFEN. @type {Map<string, Board>} */
  boards: new Map(),
  /** The square of the piece picked up. @type {string | null} */
  selected: null,
  /** A sentence on why a die or a piece cannot be used (tapped), cleared by the next action. @type {string | null} */
  reason: null,
  /** The win-probability bar's value and the DFEN it is of. @type {{ dfen: string, whiteWin: number, blackWin: number, draw: number } | null} */
  winProb: null,
  /** Hints of the roll: the roll's DFEN, the candidates (with their SAN), the first move's squares. @type {any} */
  hints: null,
  /** The review in progress or done. @type {any} */
  review: null,
  /** Incremented by every new game, undo, redo and import: async work of an older generation stops. */
  gen: 0,
  /** Incremented by every new or imported game: what belongs to an older game (a review) is closed. */
  game: 0,
  /** The banner's messages, oldest first (read by the end-to-end test). @type {{ kind: string, text: string }[]} */
  announcements: [],
  /** The opening book registered as an opponent, and the bot it plays over. @type {{ name: string, base: string } | null} */
  book: null,
};

/** @type {(() => void)[]} */
const listeners = [];

/** Registers a renderer, called after every change of the state. @param {() => void} fn */
export function subscribe(fn) {
  listeners.push(fn);
}

/** Applies `patch` to the state and renders. @param {Partial<typeof state>} [patch] */
export function changed(patch) {
  if (patch) Object.assign(state, patch);
  for (const fn of listeners) fn();
}

/** @param {Color} color */
export const colorName = (color) => (color === 'white' ? 'White' : 'Black');

/** Whether the player may move now: the game shown as it is, the player to move. */
export function playerToMove() {
  return state.phase === 'human' && state.view === null && state.snap?.turn === state.human;
}

/**
 * The legal next micro-moves the player may make: from-square → to-square → moves (several for a
 * promotion). Empty when the player is not to move.
 * @returns {Map<string, Map<string, GameMove[]>>}
 */
export function offers() {
  const map = new Map();
  if (!playerToMove()) return map;
  for (const m of state.snap?.moves ?? []) {
    if (!map.has(m.from)) map.set(m.from, new Map());
    const to = map.get(m.from);
    if (!to.has(m.to)) to.set(m.to, []);
    to.get(m.to).push(m);
  }
  return map;
}

/** @param {string} dice @returns {Map<string, number>} */
function countDice(dice) {
  const counts = new Map();
  for (const c of dice.toLowerCase()) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/**
 * The dice of the roll with their state: 'lit' (a legal continuation spends it: playableDice),
 * 'dim' (not spent, but no legal continuation spends it), 'used' (spent by this turn's moves).
 * @param {Snapshot} snap
 * @returns {{ letter: string, status: 'lit' | 'dim' | 'used' }[]}
 */
export function diceOf(snap) {
  if (!snap.roll) return [];
  const left = countDice(snap.diceLeft);
  const playable = countDice(snap.playableDice);
  return [...snap.roll.toLowerCase()].map((letter) => {
    if (!(left.get(letter) > 0)) return { letter, status: 'used' };
    left.set(letter, left.get(letter) - 1);
    if (!(playable.get(letter) > 0)) return { letter, status: 'dim' };
    playable.set(letter, playable.get(letter) - 1);
    return { letter, status: 'lit' };
  });
}

/** The squares of a micro-move in UCI: [from, to]. @param {string} uci */
const squaresOf = (uci) => [uci.slice(0, 2), uci.slice(2, 4)];

/**
 * What the board shows: the game as it is, or a position of its history while browsing.
 * `highlight` holds the squares of the micro-moves that led there: the turn in progress, else the
 * last completed turn (the opponent's last turn until the player moves); while browsing, the turn
 * that led to the position shown.
 * @returns {{ dfen: string, board: Board | undefined, highlight: string[], turn: GameTurn | null, live: boolean } | null}
 */
export function shown() {
  const snap = state.snap;
  if (!snap) return null;
  if (state.view === null) {
    const played = snap.turnMoves.map((m) => m.uci);
    const last = snap.history.at(-1);
    const moves = played.length > 0 ? played : (last?.moves ?? []);
    return { dfen: snap.dfen, board: snap.board, highlight: moves.flatMap(squaresOf), turn: played.length > 0 ? null : last ?? null, live: true };
  }
  const turn = state.view > 0 ? snap.history[state.view - 1] : null;
  const dfen = turn ? turn.after : snap.history[0]?.before ?? snap.start;
  return { dfen, board: state.boards.get(dfen), highlight: (turn?.moves ?? []).flatMap(squaresOf), turn, live: false };
}

/**
 * The pieces of a board by square.
 * @param {Board | undefined} board
 * @returns {Map<string, import('dicechess-wasm').BoardPiece>}
 */
export function piecesBySquare(board) {
  return new Map((board?.pieces ?? []).map((p) => [p.square, p]));
}

/** @param {string} id */
export function botInfo(id) {
  return state.bots.find((b) => b.id.toLowerCase() === String(id).toLowerCase());
}
