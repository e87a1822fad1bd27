// Test-only: records the WebAssembly instances created in this realm, so that the memory tests can
// read the linear memory size (the package exposes no internals). Call before loading an entry.
export function captureInstances() {
  const seen = [];
  const Original = WebAssembly.Instance;
  WebAssembly.Instance = new Proxy(Original, {
    construct(target, args, newTarget) {
      const instance = Reflect.construct(target, args, newTarget);
      seen.push(instance);
      return instance;
    },
  });
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate(...args);
    seen.push(result instanceof Original ? result : result.instance);
    return result;
  };
  return { memory: () => seen[seen.length - 1]?.exports.memory, count: () => seen.length };
}
