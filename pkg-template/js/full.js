// ---- full entry: pkg-template/js/full.js, inlined into createEngine() of the "." and "./web" ----
// ---- wrappers only (scripts/assemble.mjs); it uses live, fail, w, isDfen and splitList of core.js ----
  // Bots, decisions, equity, the registry and books (API.md §3.4–§3.7). Options are read here, once
  // per field, each read in its own try/catch (a throwing getter makes that field absent); only
  // primitives and fresh byte arrays reach the .wasm, which does every integer and seed
  // conversion of §3.2 itself (search/api.rs), so nothing is converted twice.
  const MAX_ID = 64;
  const MAX_NAME = 256;
  const MAX_BOOK = 64 * 1024 * 1024;
  const now = () => performance.now();

  const isObject = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');
  // One field of an options value: undefined for non-objects and when the read throws.
  function field(o, name) {
    if (!isObject(o)) return undefined;
    try { return o[name]; } catch (_) { return undefined; }
  }
  const num = (v) => (typeof v === 'number' ? v : undefined);
  // A bot or policy id: longer strings match nothing (the default applies) and are not copied.
  const idOption = (v) => (typeof v === 'string' && v.length <= MAX_ID ? v : undefined);

  const NO_MOVE = () => ({ moves: [], score: 0, timeTakenMs: 0, budgetMs: 0 });
  function getBestMove(dfen, options) {
    const entered = now();
    if (!live() || !isDfen(dfen)) return NO_MOVE();
    const algorithm = idOption(field(options, 'algorithm'));
    const clock = field(options, 'clock');
    let remaining, increment, moveNumber, movesToGo;
    if (isObject(clock)) {
      remaining = num(field(clock, 'remainingMs'));
      increment = num(field(clock, 'incrementMs'));
      moveNumber = num(field(clock, 'moveNumber'));
      movesToGo = num(field(clock, 'movesToGo'));
    }
    const policy = idOption(field(options, 'timePolicy'));
    const budget = num(field(options, 'timeBudgetMs'));
    const seed = num(field(options, 'seed'));
    let text;
    try {
      text = w.best_move(dfen, algorithm, remaining, increment, moveNumber, movesToGo, policy, budget, seed, entered);
    } catch (e) { fail(e); return NO_MOVE(); }
    if (typeof text !== 'string') return NO_MOVE();
    // "<score> <budgetMs> <uci>…"
    const parts = text.split(' ');
    const moves = [];
    for (let i = 2; i < parts.length; i++) {
      const u = parts[i];
      moves.push({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u.length > 4 ? u.slice(4, 5) : undefined });
    }
    const taken = Math.floor(now() - entered);
    return { moves, score: Number(parts[0]), timeTakenMs: taken > 0 ? taken : 0, budgetMs: Number(parts[1]) };
  }

  // question: 0 offer double, 1 accept double, 2 offer draw, 3 accept draw. Stakes are ignored.
  function decide(question, dfen, options) {
    if (!live() || !isDfen(dfen)) return false;
    const algorithm = idOption(field(options, 'algorithm'));
    const seed = num(field(options, 'seed'));
    try { return w.should_bot(dfen, question, algorithm, seed) === true; } catch (e) { fail(e); return false; }
  }
  function shouldBotOfferDouble(dfen, _currentStake, options) { return decide(0, dfen, options); }
  function shouldBotAcceptDouble(dfen, _newStake, options) { return decide(1, dfen, options); }
  function shouldBotOfferDraw(dfen, options) { return decide(2, dfen, options); }
  function shouldBotAcceptDraw(dfen, options) { return decide(3, dfen, options); }

  const NEUTRAL_EQUITY = () => ({ whiteWin: 0, blackWin: 0, undecided: 1, rollouts: 0, standardError: 0, varianceReductionVsVanilla: 0 });
  function estimateEquity(dfen, options) {
    if (!live() || !isDfen(dfen)) return NEUTRAL_EQUITY();
    const rollouts = num(field(options, 'rollouts'));
    const maxPlies = num(field(options, 'maxPlies'));
    const seed = num(field(options, 'seed'));
    let r;
    try { r = w.equity(dfen, rollouts, maxPlies, seed); } catch (e) { fail(e); return NEUTRAL_EQUITY(); }
    if (!r || r.length !== 6) return NEUTRAL_EQUITY();
    return { whiteWin: r[0], blackWin: r[1], undecided: r[2], rollouts: r[3], standardError: r[4], varianceReductionVsVanilla: r[5] };
  }

  function getAvailableBots() {
    if (!live()) return [];
    try { return JSON.parse(w.available_bots()); } catch (e) { fail(e); return []; }
  }

  function getAvailableTimePolicies() {
    if (!live()) return [];
    try { return splitList(w.available_time_policies()); } catch (e) { fail(e); return []; }
  }

  // Book arguments (API.md §3.2): brand checks through the intrinsic getters, so that neither a
  // look-alike object nor an overridden `length` can reach the glue; a fresh view is passed.
  const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array.prototype);
  const getter = (proto, key) => Object.getOwnPropertyDescriptor(proto, key).get;
  const taTag = getter(TYPED_ARRAY, Symbol.toStringTag);
  const taBuffer = getter(TYPED_ARRAY, 'buffer');
  const taOffset = getter(TYPED_ARRAY, 'byteOffset');
  const taLength = getter(TYPED_ARRAY, 'byteLength');
  const abLength = getter(ArrayBuffer.prototype, 'byteLength');
  const LARGE = {};
  // {text} for a string, {bytes} for a Uint8Array or ArrayBuffer, LARGE above 64 MiB (checked
  // before anything is copied), null for anything else.
  function readBook(v) {
    if (typeof v === 'string') return v.length <= MAX_BOOK ? { text: v } : LARGE;
    if (v === null || typeof v !== 'object') return null;
    try {
      if (taTag.call(v) === 'Uint8Array') {
        const n = taLength.call(v);
        return n > MAX_BOOK ? LARGE : { bytes: new Uint8Array(taBuffer.call(v), taOffset.call(v), n) };
      }
      const n = abLength.call(v); // throws unless v is an ArrayBuffer
      return n > MAX_BOOK ? LARGE : { bytes: new Uint8Array(v) };
    } catch (_) {
      return null;
    }
  }

  const bookError = (code, reason) => ({ ok: false, entries: 0, keys: 0, errors: [{ line: 0, text: '', code, reason }], warnings: [] });
  const NOT_A_BOOK = () => bookError('not-a-book', 'expected a TSV string or a binary book');
  function validateOpeningBook(book) {
    if (!live()) return NOT_A_BOOK();
    const b = readBook(book);
    if (b === null) return NOT_A_BOOK();
    if (b === LARGE) return bookError('too-large', 'book exceeds 64 MiB');
    try {
      return JSON.parse(b.bytes === undefined ? w.validate_book_text(b.text) : w.validate_book_bytes(b.bytes));
    } catch (e) { fail(e); return NOT_A_BOOK(); }
  }

  function encodeOpeningBook(tsv) {
    if (!live() || typeof tsv !== 'string' || tsv.length > MAX_BOOK) return undefined;
    let r;
    try { r = w.encode_book(tsv); } catch (e) { fail(e); return undefined; }
    return r instanceof Uint8Array ? r : undefined;
  }

  function registerOpeningBookBot(book, baseBotId, newBotId, newBotName) {
    if (!live()) return false;
    if (typeof baseBotId !== 'string' || typeof newBotId !== 'string' || typeof newBotName !== 'string') return false;
    if (baseBotId.length > MAX_ID || newBotId.length > MAX_ID || newBotId === '' || newBotName.length > MAX_NAME) return false;
    const b = readBook(book);
    if (b === null || b === LARGE) return false;
    try {
      const ok = b.bytes === undefined
        ? w.register_book_bot_text(b.text, baseBotId, newBotId, newBotName)
        : w.register_book_bot_bytes(b.bytes, baseBotId, newBotId, newBotName);
      return ok === true;
    } catch (e) { fail(e); return false; }
  }

  function unregisterBot(id) {
    if (!live() || typeof id !== 'string' || id.length > MAX_ID) return false;
    try { return w.unregister_bot(id) === true; } catch (e) { fail(e); return false; }
  }

  Object.assign(functions, {
    getAvailableBots, getAvailableTimePolicies, getBestMove, shouldBotOfferDouble, shouldBotAcceptDouble,
    shouldBotOfferDraw, shouldBotAcceptDraw, estimateEquity, registerOpeningBookBot, unregisterBot,
    validateOpeningBook, encodeOpeningBook,
  });
// ---- end of full entry ----
