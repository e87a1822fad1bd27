// The buttons under the board: undo and redo (the game's undo/undoTurn and redo/redoTurn, see
// game-loop.js), flip the board, restart (same seed) and a new game (new seed); and the buttons that
// step through the history (browse.js).
import { $ } from '../dom.js';
import { changed, state } from '../game-state.js';
import { randomSeed, settings } from '../settings.js';
import { newGame, redo, undo } from '../game-loop.js';
import { setView, step } from '../browse.js';

export function renderControls() {
  const snap = state.snap;
  const busy = state.phase === 'loading' || state.phase === 'moving';
  $('#undo').disabled = busy || !snap?.canUndo;
  $('#redo').disabled = busy || !snap?.canRedo;
  $('#undo').title = snap && snap.turn === state.human && snap.turnMoves.length > 0
    ? 'Take back your last micro-move'
    : "Take back your last turn and the opponent's reply";
}

export function installControls() {
  $('#undo').addEventListener('click', () => undo());
  $('#redo').addEventListener('click', () => redo());
  $('#flip').addEventListener('click', () => changed({ flipped: !state.flipped }));
  $('#restart').addEventListener('click', () => newGame());
  $('#new-game').addEventListener('click', () => {
    settings.seed = randomSeed();
    newGame();
  });
  $('#browse-first').addEventListener('click', () => setView(0));
  $('#browse-back').addEventListener('click', () => step(-1));
  $('#browse-forward').addEventListener('click', () => step(1));
  $('#browse-live').addEventListener('click', () => setView(null));
  $('#moves').addEventListener('click', (e) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('button[data-view]'));
    if (button) setView(Number(button.dataset.view));
  });
}
