// The type of the package's two .wasm subpaths ("./dicechess.wasm", "./dicechess-rules.wasm"): what a
// bundler's asset import gives, the file's URL (Vite: `import url from 'dicechess-wasm/dicechess.wasm?url'`).
declare const url: string;
export default url;
