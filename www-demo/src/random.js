// The demo's seeded generators: splitmix32 streams for the dice and for the built-in random player.

/** A splitmix32 stream: returns a function giving floats in [0, 1). */
export function splitmix(seed) {
  let state = (Number(seed) >>> 0) ^ 0x9e3779b9;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed derived from a game seed and a stream number (the ply, the bot…). */
export function derive(seed, stream) {
  const next = splitmix((Number(seed) >>> 0) ^ Math.imul(stream + 1, 0x27d4eb2f));
  next();
  return Math.floor(next() * 4294967296);
}

const FACES = 'pnbrqk';

/** The three dice of ply `ply` of the game with seed `seed`: letters in face order, lower case. */
export function rollFor(seed, ply) {
  const next = splitmix(derive(seed, 2 * ply));
  return Array.from({ length: 3 }, () => FACES[Math.floor(next() * 6)])
    .sort((a, b) => FACES.indexOf(a) - FACES.indexOf(b))
    .join('');
}

/**
 * A uniform choice among the legal turns of a turn tree, taken in canonical order (the leaf order
 * of the tree, RULES.md §9): [] for a pass.
 */
export function randomTurn(tree, random) {
  const turns = [];
  const walk = (node, path) => {
    const keys = Object.keys(node);
    if (keys.length === 0) { if (path.length) turns.push(path); return; }
    for (const k of keys) walk(node[k], [...path, k]);
  };
  walk(tree, []);
  return turns.length ? turns[Math.floor(random() * turns.length)] : [];
}
