#!/usr/bin/env node
// Serves the built demo (www-demo/dist/) on localhost and prints its URL: `npm start` runs it after
// setup and build. A small static server on node:http, with the right MIME types (application/wasm
// included, so that browsers compile the engine while it streams in).
//
//   node scripts/serve.mjs [DIR]        PORT=8080 node scripts/serve.mjs
//
// The port is $PORT, or 5173; when it is taken the server takes a free one. HOST defaults to
// 127.0.0.1 (set HOST=0.0.0.0 to reach the demo from a phone on the same network).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.jsonl': 'application/x-ndjson',
};

/**
 * A static file server for `root`: GET and HEAD, index.html for directories, 404 otherwise.
 * Hashed build assets (assets/…) are cached for a year; everything else (the page, the service
 * worker, the manifest) is revalidated on every load.
 */
export function createStaticServer(root) {
  const base = resolve(root);
  return createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const immutable = file.includes(`${sep}assets${sep}`);
    res.writeHead(200, {
      'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': statSync(file).size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
}

/** Listens on `port` (0: any free port), or on a free port when `port` is taken; resolves with the server. */
export function listen(server, port, host = '127.0.0.1') {
  return new Promise((resolvePromise, reject) => {
    const onError = (e) => {
      if (e.code === 'EADDRINUSE' && port !== 0) {
        console.error(`serve: port ${port} is in use, taking a free port`);
        server.listen(0, host);
      } else reject(e);
    };
    server.on('error', onError);
    server.once('listening', () => {
      server.off('error', onError);
      resolvePromise(server);
    });
    server.listen(port, host);
  });
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(process.argv[2] ?? join(fileURLToPath(new URL('..', import.meta.url)), 'www-demo', 'dist'));
  if (!existsSync(join(root, 'index.html'))) {
    console.error(`serve: ${root}/index.html is missing: build the demo first (npm run build)`);
    process.exit(1);
  }
  const port = process.env.PORT === undefined ? 5173 : Number(process.env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: PORT must be an integer 0..65535, not ${process.env.PORT}`);
    process.exit(2);
  }
  const host = process.env.HOST ?? '127.0.0.1';
  const server = await listen(createStaticServer(root), port, host);
  const { port: actual } = server.address();
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host === '127.0.0.1' ? 'localhost' : host;
  console.log(`\n  Dice Chess demo: http://${shown}:${actual}/\n  (serving ${root}; Ctrl+C stops)\n`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
