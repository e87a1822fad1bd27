// The pieces and dice of the demo, drawn as inline SVG (no asset is fetched at run time).
// Each piece is a <symbol> in a 45×45 box; the fill is the piece colour (currentColor), the outline
// and details use CSS variables so that one drawing serves both colours. The drawings are constants
// of this file, parsed once as SVG; pieces and dice are then built as DOM elements.
import { s } from './dom.js';

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

/** Puts the <svg> holding every piece symbol into the page (once). */
export function installPieceDefs() {
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true"><defs>${Object.entries(SHAPES)
    .map(([k, d]) => `<symbol id="piece-${k}" viewBox="0 0 45 45">${d}</symbol>`)
    .join('')}</defs></svg>`;
  const svg = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
  document.body.prepend(document.importNode(svg, true));
}

/** @typedef {'p' | 'n' | 'b' | 'r' | 'q' | 'k'} PieceType */
/** @typedef {'white' | 'black'} Color */

/** The English names of the piece types (and of the dice faces). */
export const PIECE_NAME = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

/**
 * A piece as an inline SVG element.
 * @param {Color} color
 * @param {string} type a letter of `pnbrqk`
 */
export function pieceSvg(color, type) {
  return s('svg', { class: `piece ${color}`, viewBox: '0 0 45 45', role: 'img', 'aria-label': `${color} ${PIECE_NAME[type]}` },
    s('use', { href: `#piece-${type}` }));
}

/** The pips of each face (a die's face value: 1 pawn … 6 king). */
const PIPS = {
  p: [[50, 50]],
  n: [[28, 28], [72, 72]],
  b: [[25, 25], [50, 50], [75, 75]],
  r: [[28, 28], [72, 28], [28, 72], [72, 72]],
  q: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
  k: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

/**
 * A die face as two SVG elements: the pips of its value (1 pawn … 6 king) and the piece it moves.
 * @param {string} letter a die letter, either case
 * @returns {SVGElement[]}
 */
export function dieSvg(letter) {
  const type = letter.toLowerCase();
  return [
    s('svg', { class: 'die-face', viewBox: '0 0 100 100', 'aria-hidden': 'true' },
      s('rect', { x: 3, y: 3, width: 94, height: 94, rx: 16 }),
      s('g', { class: 'pips' }, ...PIPS[type].map(([cx, cy]) => s('circle', { cx, cy, r: 7 })))),
    s('svg', { class: 'die-piece', viewBox: '0 0 45 45', 'aria-hidden': 'true' }, s('use', { href: `#piece-${type}` })),
  ];
}
