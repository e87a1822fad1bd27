// The wasm-bindgen nodejs glue as the package ships it (scripts/assemble.mjs; the last-resort test
// applies it to the test-only trapping module too). wasm-bindgen's glue reads and instantiates
// `${__dirname}/<name>_bg.wasm` when it is required; in a server bundle (Next.js, webpack
// `target: 'node'`) `__dirname` is no longer the package's folder, and no bundler sees that read
// as an asset. The shipped glue instantiates the module only when an entry hands it the bytes,
// found through `new URL('./<name>_bg.wasm', import.meta.url)` (the ES module entries: bundlers
// emit that file and rewrite the URL) or next to the CommonJS entry (`__dirname`).

/** The tail of wasm-bindgen 0.2's nodejs glue that loads the module on require. */
const TAIL = /\nconst wasmPath = `\$\{__dirname\}\/(\w+)_bg\.wasm`;\nconst wasmBytes = require\('fs'\)\.readFileSync\(wasmPath\);\nconst wasmModule = new WebAssembly\.Module\(wasmBytes\);\nlet wasmInstance = new WebAssembly\.Instance\(wasmModule, __wbg_get_imports\(\)\);\nlet wasm = wasmInstance\.exports;\nwasm\.__wbindgen_start\(\);\n*$/;

const LOADER = `
// dicechess-wasm (scripts/lib/node-glue.mjs): the entries instantiate the module with the bytes
// found (or a compiled WebAssembly.Module), once; wasm-bindgen's own tail read them from __dirname
// on require.
let wasm;
function __dicechess_load(source) {
    if (wasm !== undefined) return;
    const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
    wasm = new WebAssembly.Instance(module, __wbg_get_imports()).exports;
    try {
        wasm.__wbindgen_start();
    } catch (e) {
        wasm = undefined;
        throw e;
    }
}
exports.__dicechess_load = __dicechess_load;
exports.__dicechess_loaded = () => wasm !== undefined;
`;

/** The shipped nodejs glue from wasm-bindgen's; null when its tail is not the expected one. */
export function nodeGlue(text) {
  if (!TAIL.test(text)) return null;
  return text.replace(TAIL, '\n') + LOADER;
}
