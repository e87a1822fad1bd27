// The play platform's side of the signed webhook, for the tests of dicechess-wasm/webhook
// (tests/js/webhook.test.mjs): signs messages as the platform does, replays a real game turn by
// turn (every rolled DFEN with its tree, Fischer clocks) plus the verifications, the decisions and
// the refusals, and checks every answer. Web standards only (fetch's Request and Response, Web
// Crypto), so any runtime can run it; `send` delivers a Request (in process, or over HTTP).
const utf8 = new TextEncoder();
const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The hex HMAC-SHA256 of `parts` (strings or bytes, concatenated) under `secret`. */
export async function hmacHex(secret, ...parts) {
  const key = await crypto.subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const bytes = parts.map((p) => (typeof p === 'string' ? utf8.encode(p) : p));
  const data = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) { data.set(b, at); at += b.length; }
  return hex(await crypto.subtle.sign('HMAC', key, data));
}

/**
 * A signed POST of `body` (an object, sent as JSON, or raw text) to `url`; `timestamp` (seconds)
 * defaults to now, `signature` to the right one under `secret`.
 */
export async function signedRequest(url, secret, body, { timestamp = Math.floor(Date.now() / 1000), signature, method = 'POST' } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = {
    'content-type': 'application/json',
    'x-dicechess-timestamp': String(timestamp),
    'x-dicechess-signature': signature ?? await hmacHex(secret, `${timestamp}.`, raw),
  };
  return new Request(url, method === 'POST' ? { method, headers, body: raw } : { method, headers });
}

/** An answer as `{status, body}` (the body parsed as JSON). */
async function answer(send, request) {
  const response = await send(request);
  const text = await response.text();
  let body;
  try { body = JSON.parse(text); } catch (_) { body = text; }
  return { status: response.status, body };
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// Decision positions where the judged side matters: White has every piece, Black its king and pawns.
const WHITE_AHEAD = '4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

/**
 * Replays a game and every other message through `send`, checking each answer with `api` (the
 * package's "." entry in this process); returns the list of failures (empty when all is well) and
 * the number of turns played. `bot` is the bot the handler answers with; `secret` and
 * `pendingSecret` the handler's.
 */
export async function replay({ send, api, url = 'http://bot.test/webhook', secret, pendingSecret, bot, seed = 7, turns = 12 }) {
  const failures = [];
  const check = (ok, what, got) => { if (!ok) failures.push(`${what}: ${JSON.stringify(got)}`); };
  const post = async (body, options) => answer(send, await signedRequest(url, secret, body, options));

  // Verification, versions 1 and 2 (the proof under the pending secret, or the active one).
  const v1 = await post({ type: 'verification', nonce: 'n-1' });
  check(v1.status === 200 && v1.body.nonce === 'n-1' && !('proof' in v1.body), 'verification v1', v1);
  const v2Body = JSON.stringify({ type: 'verification', version: 2, bot: 'b1', setupId: 's1', revision: 3, nonce: 'n-2' });
  const v2 = await post(v2Body);
  const proof = await hmacHex(pendingSecret ?? secret, 'dicechess-webhook-activate-v2\n', v2Body);
  check(v2.status === 200 && v2.body.nonce === 'n-2' && v2.body.proof === proof, 'verification v2', v2);

  // A real game: the bot plays both seats, on Fischer clocks of 3 s + 0.1 s.
  const game = api.createGame({ seed });
  const clocks = { white: 3000, black: 3000 };
  let played = 0;
  for (; played < turns && !game.isOver(); played++) {
    const dfen = game.dfen();
    const seat = game.turn();
    // Every fourth turn the tree is left out (too large to send): the handler computes it.
    const sendTree = played % 4 !== 3;
    const tree = game.tree();
    const message = {
      type: 'yourTurn', gameId: 'g1', seat,
      state: {
        version: played + 1, dfen, activeSeat: seat, dicePending: false, clocks: { ...clocks },
        legalMoves: sendTree ? tree : null, mayOfferDraw: played % 2 === 0,
        timeControl: { Fischer: { initialSeconds: 3, incrementSeconds: 0.1 } },
      },
    };
    const started = Date.now();
    const turn = await post(message);
    clocks[seat] = Math.max(0, clocks[seat] - (Date.now() - started)) + 100;
    const moves = turn.body?.moves;
    check(turn.status === 200 && Array.isArray(moves) && api.isTurnOfTree(tree, moves) && typeof turn.body.offerDraw === 'boolean'
      && !('resign' in turn.body), `turn ${played + 1} (${dfen})`, turn);
    check(message.state.mayOfferDraw || turn.body?.offerDraw === false, `turn ${played + 1}: a draw offered when it may not be`, turn);
    if (turn.status !== 200 || !game.playTurn(moves)) break;
  }

  // A pass: the root {} answers no moves.
  const pass = await post({ type: 'yourTurn', gameId: 'g2', seat: 'white', state: { version: 1, dfen: `${START} K`, activeSeat: 'white', dicePending: false, clocks: null, legalMoves: {}, mayOfferDraw: false, timeControl: null } });
  check(pass.status === 200 && pass.body.moves.length === 0 && pass.body.offerDraw === false, 'pass', pass);

  // Decisions, each judged for the bot's seat: the DFEN has the offering side to move.
  const offeredByWhite = `${WHITE_AHEAD} w KQ - 0 20`;
  const forBlack = api.endTurn(offeredByWhite);
  const accept = await post({ type: 'drawDecision', gameId: 'g3', seat: 'black', dfen: offeredByWhite });
  const acceptExpected = api.shouldBotAcceptDraw(forBlack, { algorithm: bot });
  check(accept.status === 200 && accept.body.acceptDraw === acceptExpected, 'drawDecision (for the responder)', accept);
  const doubleAsked = await post({ type: 'doubleDecision', gameId: 'g3', seat: 'black', decisionId: 'd1', dfen: offeredByWhite, stake: 2 });
  const doubleExpected = api.shouldBotAcceptDouble(forBlack, 2, { algorithm: bot });
  check(doubleAsked.status === 200 && doubleAsked.body.decisionId === 'd1' && doubleAsked.body.acceptDouble === doubleExpected, 'doubleDecision (for the responder)', doubleAsked);
  const opportunity = await post({ type: 'doubleOpportunity', gameId: 'g3', seat: 'white', decisionId: 'd2', dfen: offeredByWhite, stake: 1 });
  const offerExpected = api.shouldBotOfferDouble(offeredByWhite, 1, { algorithm: bot });
  check(opportunity.status === 200 && opportunity.body.decisionId === 'd2' && opportunity.body.offerDouble === offerExpected, 'doubleOpportunity (for the offerer)', opportunity);
  // The flip matters in these positions: judged for the wrong side, the answers would differ.
  check(acceptExpected !== api.shouldBotAcceptDraw(offeredByWhite, { algorithm: bot }), 'the draw position does not tell the sides apart', acceptExpected);
  check(doubleExpected !== api.shouldBotAcceptDouble(offeredByWhite, 2, { algorithm: bot }), 'the double position does not tell the sides apart', doubleExpected);

  // Refusals.
  const ts = Math.floor(Date.now() / 1000);
  const refusals = [
    ['a bad signature', 401, 'unauthorized', await post({ type: 'verification', nonce: 'x' }, { signature: '0'.repeat(64) })],
    ['a stale timestamp', 401, 'unauthorized', await post({ type: 'verification', nonce: 'x' }, { timestamp: ts - 301 })],
    // Read at the request: `ts` is from before the turns above, so `ts + 301` could be under 300 s ahead by now.
    ['a timestamp from the future', 401, 'unauthorized', await post({ type: 'verification', nonce: 'x' }, { timestamp: Math.floor(Date.now() / 1000) + 310 })],
    ['a body that is not JSON', 400, 'invalid_request', await post('{"type":')],
    ['an unknown type', 400, 'invalid_request', await post({ type: 'hello' })],
    ['a turn without a state', 400, 'invalid_request', await post({ type: 'yourTurn', gameId: 'g', seat: 'white' })],
    ['a turn for the other seat', 409, 'stale_context', await post({ type: 'yourTurn', gameId: 'g', seat: 'black', state: { version: 1, dfen: `${START} PNB`, activeSeat: 'white', dicePending: false, clocks: null, legalMoves: null, mayOfferDraw: false, timeControl: null } })],
    ['a GET', 405, 'invalid_request', await answer(send, await signedRequest(url, secret, '', { method: 'GET' }))],
  ];
  for (const [what, status, code, got] of refusals) check(got.status === status && got.body?.error === code, what, got);
  if (pendingSecret !== undefined) {
    const rotated = await answer(send, await signedRequest(url, pendingSecret, { type: 'verification', nonce: 'p' }));
    check(rotated.status === 200 && rotated.body.nonce === 'p', 'a signature by the pending secret', rotated);
  }
  return { failures, played };
}
