// The "Game" panel: the opponent (the package's bots, by difficulty), the player's colour, the bot's
// time per turn (only for the bots that use one: engine.worker.js asks each bot for its budget) and
// the dice seed.
import { $, h } from '../dom.js';
import { botInfo, changed, state } from '../game-state.js';
import { saveSettings, settings } from '../settings.js';
import { newGame } from '../game-loop.js';
import { announce } from '../render/status.js';

export function renderBots() {
  const select = $('#opponent');
  select.replaceChildren(...state.bots.map((b) => h('option', { value: b.id },
    `${b.name} — difficulty ${b.difficulty}${b.isExperimental ? ' (experimental)' : ''}`)));
  if (!botInfo(settings.bot)) settings.bot = state.bots.find((b) => b.id === 'greedy')?.id ?? state.bots[0]?.id ?? 'greedy';
  select.value = botInfo(settings.bot)?.id ?? '';
  renderBotInfo();
}

function renderBotInfo() {
  const b = botInfo(settings.bot);
  const info = $('#bot-info');
  // Stars out of the ladder's top difficulty.
  const top = Math.max(...state.bots.map((bot) => bot.difficulty));
  info.textContent = b ? `${'★'.repeat(Math.min(b.difficulty, top))}${'☆'.repeat(Math.max(0, top - b.difficulty))} ${b.description}` : '';
  info.dataset.difficulty = b?.difficulty ?? '';
  const budgeted = b?.takesBudget ?? false;
  const time = $('#time');
  time.disabled = !budgeted;
  time.dataset.budgeted = String(budgeted);
  $('#time-note').textContent = budgeted ? '' : `${b?.name ?? 'This bot'} answers at once: the time applies to the searching bots only.`;
}

export function installGameSettings() {
  $('#time').value = String(settings.timeMs);
  if (!$('#time').value) $('#time').value = '1000';
  $('#color').value = settings.color;
  $('#seed').value = String(settings.seed);
  $('#opponent').addEventListener('change', (e) => {
    settings.bot = e.target.value;
    saveSettings();
    renderBotInfo();
    changed();
  });
  $('#color').addEventListener('change', (e) => {
    settings.color = e.target.value;
    saveSettings();
    newGame();
  });
  $('#time').addEventListener('change', (e) => {
    settings.timeMs = Number(e.target.value);
    saveSettings();
  });
  $('#seed-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const value = Number($('#seed').value);
    if (!Number.isInteger(value) || value < 0 || value > 4294967295) {
      announce('The seed is an integer from 0 to 4294967295.', 'error');
      return;
    }
    settings.seed = value;
    newGame();
  });
}

/** Shows the seed of the game (after a new game with a new seed). */
export function renderSeed() {
  if (document.activeElement !== $('#seed')) $('#seed').value = String(settings.seed);
}
