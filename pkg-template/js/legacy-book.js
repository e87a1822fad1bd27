// @ts-check
// The older book input (BOOK.md §2, documented in the package README): a flat JSON object of book
// key to moves text, `{ "<key>": "e2e4,f1c4" }`, as an object or as its JSON text, which some clients
// still send. It is read as the same TSV lines, `<key><TAB><moves>`, one per entry in the object's
// order, so that line n of a validation report is its n-th entry; validateOpeningBook adds the
// LEGACY_BOOK warning. The one place this format is read.
import { MAX_BOOK } from './limits.js';

/** The warning of a book read from the older JSON object. */
export const LEGACY_BOOK = Object.freeze({
  line: 0, text: '', code: 'json-object',
  reason: 'read as TSV lines from a JSON object of book key to moves (the older book format); line n is its n-th entry',
});

// A key or moves text that would break the TSV line it becomes.
const LINE_BREAKING = /[\t\r\n]/;

/**
 * The TSV text of a book given as the older JSON object (a plain object, or a string holding one),
 * or null when `book` is not one (an empty object is not): then it is read as before (a TSV string,
 * bytes, or not a book).
 * @param {unknown} book @returns {string | null}
 */
export function legacyBookText(book) {
  /** @type {unknown} */
  let object = book;
  try {
    if (typeof book === 'string') {
      if (book.length > MAX_BOOK || !/^\s*\{/.test(book)) return null;
      object = JSON.parse(book);
    }
    if (object === null || typeof object !== 'object') return null;
    const proto = Object.getPrototypeOf(object);
    if (proto !== Object.prototype && proto !== null) return null;
    const lines = [];
    let length = 0;
    for (const [key, moves] of Object.entries(object)) {
      if (typeof moves !== 'string' || LINE_BREAKING.test(key) || LINE_BREAKING.test(moves)) return null;
      const line = `${key}\t${moves}`;
      length += line.length + 1;
      if (length > MAX_BOOK + 1) return null;
      lines.push(line);
    }
    // An empty object is not a book (API.md's vectors: `{}` is `not-a-book`), nor its text.
    return lines.length > 0 ? lines.join('\n') : null;
  } catch (_) {
    return null;
  }
}
