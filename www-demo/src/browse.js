// Browsing the history: the board shows the position after any completed turn (GameTurn.after, or
// the start), with that turn's micro-moves marked, while the game waits. The positions' boards come
// from the engine (getBoard) and are kept by DFEN.
import { rules } from './engine-client.js';
import { changed, state } from './game-state.js';

/**
 * Shows the position after `k` completed turns (0: the start); `null` or past the end: the game.
 * @param {number | null} k
 */
export async function setView(k) {
  const snap = state.snap;
  if (!snap) return;
  const n = snap.history.length;
  if (k !== null && (k < 0 || k > n || (k === n && snap.turnMoves.length === 0))) k = k < 0 ? 0 : null;
  if (k !== null) {
    const dfen = k > 0 ? snap.history[k - 1].after : snap.history[0]?.before ?? snap.start;
    if (!state.boards.has(dfen)) {
      const board = await rules.call('getBoard', dfen);
      if (board) state.boards.set(dfen, board);
    }
  }
  changed({ view: k, selected: null, reason: null });
}

/** One turn back (-1) or forward (+1) from what the board shows. @param {number} delta */
export function step(delta) {
  const snap = state.snap;
  if (!snap) return;
  const n = snap.history.length;
  // The game as it is sits after n turns, or after the turn start n when micro-moves are played.
  const at = state.view ?? (snap.turnMoves.length > 0 ? n + 1 : n);
  const next = at + delta;
  if (next < 0) return;
  setView(next > n || (next === n && snap.turnMoves.length === 0) ? null : next);
}
