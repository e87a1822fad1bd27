// The type of the package's two .wasm subpaths ("./dicechess.wasm", "./dicechess-rules.wasm") under
// the "workerd" condition (Cloudflare Workers, wrangler): Workers import a .wasm file as its compiled
// module. The workerd entries (workerd-entry.js, workerd-web.js) import it as './wasm-module.js'.
declare const module: WebAssembly.Module;
export default module;
