// DOM helpers of the demo. Every text, name and number reaches the page through textContent or an
// attribute set by these helpers, never through HTML strings: a bot's or a book's name cannot
// inject markup.

/**
 * The first element matching `selector` (the page's fixed elements; a missing one is a bug).
 * @param {string} selector
 * @returns {any}
 */
export const $ = (selector) => document.querySelector(selector);

/**
 * An element: `h('li', { class: 'turn', dataset: { ply: 3 }, onclick }, 'text', child, …)`. Strings
 * become text nodes; null, undefined and false children are skipped.
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An SVG element, like `h`.
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...(Node | null | undefined | false)} children
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * @param {Element} el
 * @param {Record<string, any> | null | undefined} attrs
 */
function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'dataset') for (const [k, v] of Object.entries(value)) /** @type {HTMLElement} */ (el).dataset[k] = String(v);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.setAttribute('class', String(value));
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

/**
 * @param {Element} el
 * @param {any[]} children
 */
function append(el, children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' || typeof c === 'number' ? String(c) : c);
  }
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
