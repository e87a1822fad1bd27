// Helpers of the browser suites (browser.test.mjs, setups.test.mjs): Debian's Chromium driven by
// playwright-core with a fresh profile, a static server on the loopback interface, a page visit
// that collects every console error and warning, failed request and page error, and the sizes of
// a build's output.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

export const CHROMIUM = '/usr/bin/chromium';
export const ROLL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
export const FIRST = ['b1a3', 'b1c3', 'g1f3', 'g1h3'];
/** Why the browser suites are skipped, or false. */
export const skipBrowser = existsSync(CHROMIUM) ? false : 'no /usr/bin/chromium (scripts/setup installs it)';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.wasm': 'application/wasm' };

/** Serves `routes` ([url prefix, folder] pairs, first match wins) on 127.0.0.1; resolves to the server. */
export function serve(routes) {
  const server = createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    for (const [prefix, dir] of routes) {
      if (!url.startsWith(prefix)) continue;
      let file = normalize(join(dir, url.slice(prefix.length)));
      if (!file.startsWith(dir)) break;
      if (existsSync(file) && !extname(file)) file = join(file, 'index.html');
      if (!existsSync(file)) break;
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
      return;
    }
    res.writeHead(404);
    res.end('not found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Headless Chromium with a fresh, empty profile; `close()` also removes the profile. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const userDataDir = mkdtempSync(join(tmpdir(), 'dicechess-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM, headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `url` and waits for `window.__result` (or `until`, a page function); returns it with the
 * problems seen on the way: console errors and warnings, page errors, failed requests, HTTP errors.
 */
export async function visit(context, url, { until = () => window.__result !== undefined, read = () => window.__result } = {}) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The browser's own report of a 404 is checked through the response (a missing favicon is fine).
    if (m.text().startsWith('Failed to load resource')) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  try {
    await page.goto(url);
    await page.waitForFunction(until, null, { timeout: 60_000 });
    return { result: await page.evaluate(read), problems };
  } catch (e) {
    throw new Error(`${url}: ${e.message}\n${problems.join('\n')}`);
  } finally {
    await page.close();
  }
}

/** The files of a build's output, by extension: count, raw and gzip bytes (for the size table of docs/PACKAGE.md). */
export function outputSizes(dir, exts = ['.js', '.wasm']) {
  const out = {};
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (exts.includes(extname(p))) {
        const s = (out[extname(p)] ??= { files: 0, raw: 0, gzip: 0 });
        s.files += 1;
        s.raw += statSync(p).size;
        s.gzip += gzipSync(readFileSync(p), { level: 9 }).length;
      }
    }
  };
  walk(dir);
  return Object.entries(out).map(([ext, s]) => `${ext}: ${s.files} files, ${(s.raw / 1000).toFixed(1)} KB (${(s.gzip / 1000).toFixed(1)} KB gzip)`).join('; ');
}
