// The page's side of the engine Workers (engine.worker.js): a promise per call, answered by id.
// Two Workers: "rules" holds the game and answers the quick calls of the turn loop, "think" runs the
// searches (bots, hints, reviews, equity, books), so that a long search never delays a click.

class Engine {
  /** @param {string} name the Worker's name ("rules" or "think") */
  constructor(name) {
    this.worker = new Worker(new URL('./engine.worker.js', import.meta.url), { type: 'module', name });
    /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void }>} */
    this.pending = new Map();
    this.next = 0;
    this.worker.onmessage = ({ data }) => {
      const p = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (data.error !== undefined) p?.reject(new Error(data.error));
      else p?.resolve(data.result);
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(`engine worker failed: ${e.message}`));
      this.pending.clear();
    };
  }

  /**
   * Calls `fn` (a helper of engine.worker.js or a function of the package) in the Worker.
   * @param {string} fn
   * @param {...any} args
   * @returns {Promise<any>}
   */
  call(fn, ...args) {
    return new Promise((resolve, reject) => {
      const id = ++this.next;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, fn, args });
    });
  }
}

export const rules = new Engine('rules');
export const think = new Engine('think');
