// The pieces and dice of the demo, drawn as inline SVG (no asset is fetched at run time).
// Each piece is a <symbol> in a 45×45 box; the fill is the piece colour (currentColor), the outline
// and details use CSS variables so that one drawing serves both colours.

const BASE = '<path d="M11.5 34.5h22a1.5 1.5 0 0 1 1.5 1.5v2.5H10V36a1.5 1.5 0 0 1 1.5-1.5z"/>';

const SHAPES = {
  p: `<circle cx="22.5" cy="13.5" r="5"/>
      <path d="M18.5 19.5h8c0 4 4.5 7 4.5 15H14c0-8 4.5-11 4.5-15z"/>${BASE}`,
  n: `<path d="M13 34.5c0-6 3.5-9 7-12.5-2.5.5-5 1.5-7 1-2.5-.8-2.8-3.3-1-5.5 2.5-3 5.5-6 7.5-9l1-3 2.5 3c7 1 11.5 7 11.5 16v10z"/>
      <circle class="detail-fill" cx="18.5" cy="14.5" r="1.3"/>
      <path class="detail" d="M24 12c3 2 5 6 5 12" fill="none"/>${BASE}`,
  b: `<circle cx="22.5" cy="7.5" r="2.2"/>
      <path d="M22.5 10C16.5 15 16 22 18.5 26h8c2.5-4 2-11-4-16z"/>
      <path d="M18.5 26h8c0 3 3.5 5 3.5 8.5H15c0-3.5 3.5-5.5 3.5-8.5z"/>
      <path class="detail" d="M25 14.5l-4 5" fill="none"/>${BASE}`,
  r: `<path d="M12 10.5h4.5v3h3.5v-3h5v3h3.5v-3H33v8H12z"/>
      <path d="M14.5 18.5h16l1 16h-18z"/>
      <path class="detail" d="M14.5 18.5h16" fill="none"/>${BASE}`,
  q: `<circle cx="10.5" cy="13" r="2.2"/><circle cx="17" cy="9.5" r="2.2"/><circle cx="22.5" cy="8" r="2.2"/>
      <circle cx="28" cy="9.5" r="2.2"/><circle cx="34.5" cy="13" r="2.2"/>
      <path d="M11 15l4 11 2-15 3.5 14 2-15 2 15 3.5-14 2 15 4-11-2.5 19.5H13.5z"/>
      <path class="detail" d="M14 28.5c5.5-1.5 11.5-1.5 17 0" fill="none"/>${BASE}`,
  k: `<path d="M21 5h3v3.5h3v3h-3v5h-3v-5h-3v-3h3z"/>
      <path d="M22.5 17.5c2-3.5 5-5 8-4 4 1.5 4.5 7 1.5 12l-1.5 9H14l-1.5-9c-3-5-2.5-10.5 1.5-12 3-1 6 .5 8.5 4z"/>
      <path class="detail" d="M22.5 17.5v9M14.5 28c5-1.8 11-1.8 16 0" fill="none"/>${BASE}`,
};

/** The <svg> holding every piece symbol, inserted once into the page. */
export function pieceDefs() {
  return `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>${Object.entries(SHAPES)
    .map(([k, d]) => `<symbol id="piece-${k}" viewBox="0 0 45 45">${d}</symbol>`)
    .join('')}</defs></svg>`;
}

const NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

/** A piece as inline SVG: `letter` as in FEN (upper case White). */
export function pieceSvg(letter) {
  const white = letter === letter.toUpperCase();
  const type = letter.toLowerCase();
  return `<svg class="piece ${white ? 'white' : 'black'}" viewBox="0 0 45 45" role="img" aria-label="${white ? 'white' : 'black'} ${NAMES[type]}"><use href="#piece-${type}"/></svg>`;
}

export const FACE = { p: 1, n: 2, b: 3, r: 4, q: 5, k: 6 };
const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[25, 25], [50, 50], [75, 75]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

/** A die face: pips of its face value (1 pawn … 6 king) and the piece it moves. */
export function dieSvg(letter) {
  const type = letter.toLowerCase();
  const face = FACE[type];
  const pips = PIPS[face].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7"/>`).join('');
  return `<svg class="die-face" viewBox="0 0 100 100" aria-hidden="true"><rect x="3" y="3" width="94" height="94" rx="16"/><g class="pips">${pips}</g></svg>`
    + `<svg class="die-piece" viewBox="0 0 45 45" aria-hidden="true"><use href="#piece-${type}"/></svg>`;
}

export const PIECE_NAME = NAMES;
