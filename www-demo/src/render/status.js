// The status line (whose turn, the result) and the banner over the board (passes, results, errors).
import { $ } from '../dom.js';
import { FAST, settings } from '../settings.js';
import { botInfo, colorName, state } from '../game-state.js';

const RESULT = { white: '1-0', black: '0-1' };
const TERMINATION = {
  'king-capture': 'captured the king',
  resignation: 'won by resignation',
  agreement: 'a draw by agreement',
  'halfmove-clock': 'a draw: 100 micro-moves without a capture or a pawn move',
  'turn-cap': 'a draw: the game reached its turn limit',
  adjudication: 'adjudicated',
};

/** The name of the side's player: "You" or the bot's name. @param {import('dicechess-wasm').Color} color */
export function playerName(color) {
  if (color === state.human) return 'You';
  return botInfo(settings.bot)?.name ?? settings.bot;
}

/** The result of a finished game in words, and as a result token. */
export function resultOf() {
  const st = state.snap?.status;
  if (!st?.over) return null;
  const token = st.winner ? RESULT[st.winner] : '1/2-1/2';
  const how = TERMINATION[st.termination] ?? 'game over';
  if (!st.winner) return { token, text: `Game over: ${how} (${token}).` };
  const you = st.winner === state.human;
  const text = st.termination === 'king-capture'
    ? `${colorName(st.winner)} captured the king: ${token}. ${you ? 'You win!' : `${playerName(st.winner)} wins.`}`
    : `${colorName(st.winner)} ${how}: ${token}.`;
  return { token, text };
}

export function renderStatus() {
  const el = $('#status');
  el.dataset.phase = state.phase;
  const result = resultOf();
  const over = $('#game-over');
  over.dataset.result = result?.token ?? '';
  if (result) {
    el.textContent = result.text;
    el.className = 'status over';
    return;
  }
  el.className = 'status';
  const snap = state.snap;
  if (state.phase === 'loading' || !snap) { el.textContent = 'Loading the engine…'; return; }
  if (state.phase === 'error') return;
  const side = snap.turn;
  const who = side === state.human ? 'your turn' : `${playerName(side)} ${state.phase === 'bot' ? 'is thinking…' : 'to move'}`;
  const browsing = state.view === null ? '' : state.view === 0 ? 'The start position' : `After turn ${snap.history[state.view - 1]?.label ?? ''}`;
  el.textContent = browsing ? `${browsing} — » returns to the game (${colorName(side)} to move)` : `${colorName(side)} to move — ${who}`;
}

let bannerTimer;
/**
 * Shows a message over the board (and keeps it in state.announcements).
 * @param {string} text
 * @param {'info' | 'pass' | 'over' | 'error' | 'book'} [kind]
 * @param {boolean} [sticky] stays until the next message
 */
export function announce(text, kind = 'info', sticky = false) {
  state.announcements.push({ kind, text });
  const el = $('#banner');
  el.textContent = text;
  el.className = `banner ${kind}`;
  el.hidden = false;
  clearTimeout(bannerTimer);
  if (!sticky) bannerTimer = setTimeout(() => { el.hidden = true; }, FAST ? 300 : 2600);
}

export function hideBanner() {
  clearTimeout(bannerTimer);
  $('#banner').hidden = true;
}
