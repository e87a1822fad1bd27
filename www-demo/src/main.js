// Dice Chess in the browser: the page's entry. It wires the parts together and holds no game logic:
// the game lives in the "rules" Worker (engine.worker.js, a Game of the package), the searches in
// the "think" Worker; game-loop.js drives the turns, game-state.js holds the state, render/ draws
// it, input.js takes the player's moves, panels/ are the side panels.
import './style.css';
import { $ } from './dom.js';
import { think, rules } from './engine-client.js';
import { installPieceDefs } from './pieces.js';
import { state, subscribe } from './game-state.js';
import { newGame } from './game-loop.js';
import { installInput } from './input.js';
import { renderBoard } from './render/board.js';
import { renderDice } from './render/dice.js';
import { renderMoves } from './render/moves.js';
import { renderStatus } from './render/status.js';
import { installBook } from './panels/book.js';
import { installCoach, renderHints, renderReviewButton } from './panels/coach.js';
import { installControls, renderControls } from './panels/controls.js';
import { installEquity, renderEquity, syncWinProbability } from './panels/equity.js';
import { installGameSettings, renderBots, renderSeed } from './panels/game-settings.js';
import { installImportExport } from './panels/import-export.js';

installPieceDefs();
for (const render of [renderBoard, renderDice, renderStatus, renderMoves, renderEquity, syncWinProbability, renderHints, renderReviewButton, renderControls, renderSeed]) subscribe(render);
installInput();
installControls();
installGameSettings();
installBook();
installImportExport();
installCoach();
installEquity();

async function boot() {
  renderBoard();
  renderStatus();
  try {
    state.bots = await think.call('getBotDetails');
  } catch (e) {
    $('#status').textContent = `The engine could not be loaded: ${e.message}`;
    return;
  }
  renderBots();
  $('#book-file').disabled = false;
  newGame();
}

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  navigator.serviceWorker.register('./sw.js').catch((e) => console.info('service worker not registered:', e.message));
}

// A handle for the end-to-end test and for curious users: the Workers' calls and the state.
Object.assign(window, { dicechessDemo: { think: (fn, ...args) => think.call(fn, ...args), rules: (fn, ...args) => rules.call(fn, ...args), state } });

boot();
