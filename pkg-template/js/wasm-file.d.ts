// The .wasm file next to the Node entries as Bun imports it `with { type: 'file' }`: its path (in
// node_modules, next to a bundle, or inside an executable). Only bun-facade.js imports it.
declare const path: string;
export default path;
