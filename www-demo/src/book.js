// Opening-book helpers of the demo (BOOK.md): the book key of a roll, FNV-1a-64, and an index of a
// TSV or binary book's keys and turns, so that the demo can mark the turns that are book entries.
// Registering and playing books is the package's job (registerOpeningBookBot); this only reads.

/** A turn's signature: its UCI strings sorted ascending and joined with "," (BOOK.md). */
export const signature = (moves) => [...moves].sort().join(',');

/** FNV-1a-64 of the UTF-8 bytes of `text`, as 16 lower-case hex digits (BOOK.md §7.6). */
export function fnv1a64(text) {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

/** Parses a DFEN's placement into 64 squares (a1 = 0), or undefined. */
export function parseBoard(placement) {
  const board = new Array(64).fill('');
  const ranks = placement.split('/').filter((r, i, all) => r !== '' || i < all.length - 1);
  if (ranks.length !== 8) return undefined;
  for (let i = 0; i < 8; i++) {
    let file = 0;
    for (const c of ranks[i]) {
      if (c >= '0' && c <= '9') file += Number(c);
      else if (file < 8 && 'pnbrqkPNBRQK'.includes(c)) board[(7 - i) * 8 + file++] = c;
      else return undefined;
    }
    if (file !== 8) return undefined;
  }
  return board;
}

function placementOf(board) {
  const rows = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[r * 8 + f];
      if (!p) empty++;
      else { if (empty) row += empty; empty = 0; row += p; }
    }
    rows.push(empty ? row + empty : row);
  }
  return rows.join('/');
}

const squareIndex = (s) => (s.charCodeAt(1) - 49) * 8 + (s.charCodeAt(0) - 97);
const squareName = (i) => String.fromCharCode(97 + (i % 8), 49 + Math.floor(i / 8));

/** The book key of a rolled DFEN (BOOK.md §1), or undefined when it has no dice. */
export function bookKeyOf(dfen) {
  const f = dfen.trim().split(' ');
  if (f.length !== 7 || f[6] === '-' || f[6] === '') return undefined;
  const board = parseBoard(f[0]);
  if (!board) return undefined;
  const white = f[1] === 'w';
  const rights = 'KQkq'.split('').filter((c) => f[2].includes(c)).join('') || '-';
  const targets = [];
  for (let i = 0; i + 1 < f[3].length; i += 2) targets.push(squareIndex(f[3].slice(i, i + 2)));
  const ep = targets
    .filter((t) => Math.floor(t / 8) === (white ? 5 : 2) && !board[t])
    .filter((t) => {
      const pawn = white ? 'P' : 'p';
      const from = white ? t - 8 : t + 8;
      return [-1, 1].some((d) => {
        const file = (from % 8) + d;
        return file >= 0 && file < 8 && board[from + d] === pawn;
      });
    })
    .sort((a, b) => a - b)
    .map(squareName)
    .join('') || '-';
  const dice = f[6].split('').map((c) => (white ? c.toUpperCase() : c.toLowerCase())).sort().join('');
  return `${placementOf(board)} ${f[1]} ${rights} ${ep} ${dice}`;
}

const PROMOTIONS = ['', 'n', 'b', 'r', 'q'];

/**
 * Index of a book: a Map from key (TSV) or key hash (binary, `hashed` true) to the Set of the
 * signatures of its effective alternatives. Malformed lines and records are skipped (the package's
 * validateOpeningBook reports them).
 */
export function makeBookIndex(source) {
  /** @type {Map<string, Set<string>> & { hashed?: boolean }} */
  const index = new Map();
  if (typeof source === 'string') {
    index.hashed = false;
    const lines = new Map();
    for (const line of source.split(/\r\n|\r|\n/)) {
      const fields = line.split('\t');
      if (fields.length < 2 || fields.length > 3) continue;
      const key = trim(fields[0]);
      const moves = trim(fields[1]).split(',').map(trim).filter(Boolean);
      if (!key || moves.length === 0) continue;
      if (!lines.has(key)) lines.set(key, []);
      lines.get(key).push({ sig: signature(moves), weighted: fields.length === 3 });
    }
    for (const [key, list] of lines) {
      const weighted = list.some((l) => l.weighted);
      index.set(key, new Set(weighted ? list.map((l) => l.sig) : [list[list.length - 1].sig]));
    }
    return index;
  }
  index.hashed = true;
  const bytes = source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 32) return index;
  const count = view.getUint32(12, true);
  for (let i = 0; i < count && 32 + 32 * (i + 1) <= bytes.length; i++) {
    const at = 32 + 32 * i;
    const hash = view.getBigUint64(at, true).toString(16).padStart(16, '0');
    const n = view.getUint8(at + 14);
    const moves = [];
    for (let s = 0; s < Math.min(n, 3); s++) {
      const m = view.getUint16(at + 8 + 2 * s, true);
      moves.push(squareName(m & 63) + squareName((m >> 6) & 63) + (PROMOTIONS[(m >> 12) & 7] ?? ''));
    }
    if (!index.has(hash)) index.set(hash, new Set());
    index.get(hash).add(signature(moves));
  }
  return index;
}

function trim(s) {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 32) a++;
  while (b > a && s.charCodeAt(b - 1) <= 32) b--;
  return s.slice(a, b);
}
