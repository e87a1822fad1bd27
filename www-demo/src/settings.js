// The player's settings: from the query parameters, else from the last visit (localStorage), else
// defaults. Query parameters (all optional): seed=<u32>, bot=<id>, color=w|b|random, time=<ms>,
// fast=1 (short animations), dfen=<DFEN> (start there; its dice, if any, are the first roll).

const params = new URLSearchParams(location.search);
const KEY = 'dicechess-demo';
const stored = (() => {
  try { return JSON.parse(localStorage.getItem(KEY) ?? '{}') ?? {}; } catch { return {}; }
})();

/** A fresh random seed (a u32). */
export const randomSeed = () => Math.floor(Math.random() * 2 ** 32) >>> 0;

/** Short animations (tests and benchmarks). */
export const FAST = params.get('fast') === '1';

/** The start position given by `dfen=`, or undefined for the standard start. */
export const START_PARAM = params.get('dfen')?.trim() || undefined;

/** Whether `color` was given in the query (else a `dfen=` start gives the player its side to move). */
export const COLOR_PARAM = params.has('color');

export const settings = {
  /** The opponent's bot id. */
  bot: params.get('bot') ?? stored.bot ?? 'greedy',
  /** The player's colour: 'w', 'b' or 'random'. */
  color: params.get('color') ?? stored.color ?? 'w',
  /** The bot's time per turn, for the bots that use one. */
  timeMs: Number(params.get('time') ?? stored.timeMs ?? 1000),
  /** The seed of the dice. */
  seed: Number(params.get('seed') ?? randomSeed()) >>> 0,
};

export function saveSettings() {
  const { bot, color, timeMs } = settings;
  try { localStorage.setItem(KEY, JSON.stringify({ bot, color, timeMs })); } catch { /* private mode */ }
}
