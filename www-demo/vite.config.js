// Vite 8.3.8 configuration of the demo (API.md §2.4, §6.2): the package is kept out of the dev
// server's dependency pre-bundling (its .wasm must stay next to its glue) and the Workers are
// ES modules (the package's browser entry uses top-level await). The small plugin below writes the
// service worker after the build, with the exact list of files to precache.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { defineConfig } from 'vite';

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Writes dist/sw.js from src/sw.template.js: the build's files and a version hash of their bytes. */
function serviceWorker() {
  let outDir;
  return {
    name: 'dicechess-service-worker',
    apply: 'build',
    configResolved(config) { outDir = join(config.root, config.build.outDir); },
    closeBundle() {
      const all = files(outDir).filter((f) => !f.endsWith(`${sep}sw.js`)).sort();
      const hash = createHash('sha256');
      for (const f of all) hash.update(relative(outDir, f)).update(readFileSync(f));
      const urls = ['./', ...all.map((f) => './' + relative(outDir, f).split(sep).join('/'))];
      const template = readFileSync(new URL('./src/sw.template.js', import.meta.url), 'utf8');
      writeFileSync(join(outDir, 'sw.js'), template
        .replace('__VERSION__', hash.digest('hex').slice(0, 16))
        .replace('__FILES__', JSON.stringify(urls, null, 2)));
    },
  };
}

export default defineConfig({
  base: './',
  optimizeDeps: { exclude: ['dicechess-wasm'] },
  // `npm run dev`: the package is linked from ../pkg (file:../pkg), outside this folder.
  server: { fs: { allow: ['.', '../pkg'] } },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, reportCompressedSize: true },
  plugins: [serviceWorker()],
});
