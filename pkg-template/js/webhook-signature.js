// @ts-check
// The signatures of the play platform's webhook (pkg-template/README.md, "Bots on the play
// platform"): HMAC-SHA256 by Web Crypto, lowercase hex, compared in constant time. No dependency:
// `crypto.subtle` is global in Node 20+, Deno, Bun, Workers and browsers.

const utf8 = new TextEncoder();

/** The prefix of the version-2 activation proof, before the raw body. */
const ACTIVATION_PREFIX = utf8.encode('dicechess-webhook-activate-v2\n');

/**
 * An HMAC-SHA256 key of a secret (its UTF-8 bytes), imported once.
 * @param {string} secret @returns {Promise<CryptoKey>}
 */
export function hmacKey(secret) {
  return crypto.subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** @param {CryptoKey} key @param {Uint8Array[]} parts @returns {Promise<Uint8Array>} the MAC of the parts, concatenated */
async function mac(key, parts) {
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { data.set(p, at); at += p.length; }
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, data));
}

/** @param {Uint8Array} bytes @returns {string} lowercase hex */
export function toHex(bytes) {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The 32 bytes of a lowercase-hex SHA-256 MAC, or null. @param {string | null} text @returns {Uint8Array | null} */
function fromHex(text) {
  if (text === null || !/^[0-9a-f]{64}$/.test(text)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Equal byte arrays, in time that depends on their length only. @param {Uint8Array} a @param {Uint8Array} b */
function equalBytes(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/**
 * Whether `signature` (the X-DiceChess-Signature header) is the MAC of `timestamp + "." + body`
 * under one of `keys` (the active and the pending secret). Every key is tried, so the time does not
 * say which one matched.
 * @param {CryptoKey[]} keys @param {string} timestamp @param {Uint8Array} body @param {string | null} signature
 */
export async function signatureMatches(keys, timestamp, body, signature) {
  const given = fromHex(signature);
  if (given === null) return false;
  const signed = [utf8.encode(`${timestamp}.`), body];
  let matched = false;
  for (const key of keys) matched = equalBytes(await mac(key, signed), given) || matched;
  return matched;
}

/**
 * The version-2 verification's proof: the hex MAC, under the pending secret, of
 * "dicechess-webhook-activate-v2\n" followed by the raw body.
 * @param {CryptoKey} pendingKey @param {Uint8Array} body
 */
export async function activationProof(pendingKey, body) {
  return toHex(await mac(pendingKey, [ACTIVATION_PREFIX, body]));
}
