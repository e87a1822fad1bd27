// The "Import / export" panel: a game pasted as text in the notation (docs/NOTATION.md) or as a JSON
// game record (BOOK.md §8) is read by the engine (parseNotation / gameFromNotation, gameFromRecord);
// an error is shown with its line and column, and the place is selected in the text. Export writes
// the game both ways (toNotation, toRecord), to copy or to download.
import { $ } from '../dom.js';
import { exportGame, importGame } from '../game-loop.js';
import { settings } from '../settings.js';

/** @type {string[]} */
let urls = [];

/**
 * Points a download link at `text`.
 * @param {HTMLAnchorElement} a @param {string} text @param {string} type @param {string} name
 */
function offer(a, text, type, name) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  urls.push(url);
  a.href = url;
  a.download = name;
}

/**
 * Selects line `line`, column `column` (both from 1) of the textarea.
 * @param {HTMLTextAreaElement} area @param {number} line @param {number} column
 */
function selectAt(area, line, column) {
  const lines = area.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += Math.max(0, column - 1);
  area.focus();
  area.setSelectionRange(at, Math.min(area.value.length, at + 1));
}

async function showExport() {
  const out = await exportGame();
  if (!out) return;
  for (const u of urls) URL.revokeObjectURL(u);
  urls = [];
  $('#export-notation').value = out.notation;
  $('#export-record').value = out.record;
  offer($('#download-notation'), out.notation, 'text/plain', `dicechess-${settings.seed}.txt`);
  offer($('#download-record'), `${out.record}\n`, 'application/json', `dicechess-${settings.seed}.json`);
  $('#export-box').hidden = false;
}

export function installImportExport() {
  $('#export').addEventListener('click', () => {
    $('#io-panel').open = true;
    showExport();
  });
  $('#import').addEventListener('click', async () => {
    const area = $('#import-text');
    const result = $('#import-result');
    const text = area.value;
    if (!text.trim()) return;
    result.hidden = true;
    const answer = await importGame(text);
    result.hidden = false;
    result.dataset.ok = String(answer.ok);
    if (answer.ok) {
      const snap = answer.snapshot;
      result.dataset.line = result.dataset.column = '';
      result.textContent = `Loaded: ${snap.history.length} turns.${snap.status.over ? ' The game is over: ‹ and › step through it.' : ' You play on from here.'}`;
      $('#export-box').hidden = true;
      return;
    }
    result.dataset.line = String(answer.line);
    result.dataset.column = String(answer.column);
    result.textContent = answer.line > 0 ? `Line ${answer.line}, column ${answer.column}: ${answer.error}` : answer.error;
    if (answer.line > 0) selectAt(area, answer.line, answer.column);
  });
}
