// The "Opening book" panel: a TSV or binary (.dcb) book is validated by the engine
// (validateOpeningBook, its problems listed with their lines) and, when valid, registered in the
// "think" Worker as a book bot over the chosen opponent (registerOpeningBookBot), which becomes the
// opponent. The demo does not read books itself.
import { $, h } from '../dom.js';
import { think } from '../engine-client.js';
import { state } from '../game-state.js';
import { settings } from '../settings.js';
import { renderBots } from './game-settings.js';

const BOOK_BOT_ID = 'demo-book';

/**
 * The issues of a validation, at most 8 of a kind.
 * @param {import('dicechess-wasm').BookIssue[]} list @param {'error' | 'warning'} kind
 */
function issues(list, kind) {
  const items = list.slice(0, 8).map((i) => h('li', { class: kind }, i.line ? `line ${i.line}: ` : '', h('code', null, i.code), ` ${i.reason}`));
  if (list.length > 8) items.push(h('li', { class: kind }, `… ${list.length - 8} more`));
  return items;
}

export function installBook() {
  const input = $('#book-file');
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    $('#book-file-name').textContent = file.name;
    const out = $('#book-report');
    out.className = 'book-report';
    delete out.dataset.ok;
    out.replaceChildren(h('p', null, `Checking ${file.name}…`));
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Binary books by their extension; anything else is read as TSV text.
    const binary = /\.(dcb|bin)$/i.test(file.name);
    const source = binary ? bytes.buffer : new TextDecoder().decode(bytes);
    const base = settings.bot === BOOK_BOT_ID ? (state.book?.base ?? 'greedy') : settings.bot;
    let answer;
    try {
      answer = await think.call('loadBook', source, { name: file.name, base, botId: BOOK_BOT_ID });
    } catch (err) {
      out.replaceChildren(h('p', null, `The book could not be read: ${err.message}`));
      out.classList.add('error');
      return;
    }
    const v = answer.validation;
    const counts = [[v.entries, 'entry', 'entries'], [v.keys, 'key', 'keys'], [v.errors.length, 'error', 'errors'], [v.warnings.length, 'warning', 'warnings']]
      .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(', ');
    out.replaceChildren(
      h('p', null, `${file.name} (${binary ? 'binary' : 'TSV'}): ${v.ok ? 'valid' : 'rejected'} — ${counts}.`),
      h('ul', null, ...issues(v.errors, 'error'), ...issues(v.warnings, 'warning')),
      ...(answer.registered ? [h('p', null, `Your opponent is now “${file.name} (book over ${base})”: it plays the book's turns where it has them, ${base} elsewhere.`)] : []),
    );
    out.classList.add(v.ok ? 'ok' : 'error');
    out.dataset.ok = String(v.ok);
    if (answer.registered) {
      state.book = { name: file.name, base };
      state.bots = answer.bots;
      settings.bot = BOOK_BOT_ID;
      renderBots();
    }
  });
}
