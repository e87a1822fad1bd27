// scripts/lib/bench-table.mjs, the writer of BENCHMARKS.md's regions: it replaces exactly the
// marked region and refuses missing, duplicated or misordered markers; and scripts/bench-criterion.mjs's
// tables from criterion's result files. Needs no build.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { criterionRegions } from '../../scripts/bench-criterion.mjs';
import { BenchReport, BenchTableError, checkRegions, markers, replaceRegion, writeRegions } from '../../scripts/lib/bench-table.mjs';
import { ROOT } from './lib/paths.mjs';

const SAMPLE = [
  '# Benchmarks',
  '',
  '## Rules',
  '<!-- bench:rules:start -->',
  'old rules table',
  '<!-- bench:rules:end -->',
  'prose after the rules',
  '',
  '## Search',
  '<!-- bench:search:start -->',
  '<!-- bench:search:end -->',
  'the end',
  '',
].join('\n');

test('a region is replaced and everything outside it is kept byte for byte', () => {
  const out = replaceRegion(SAMPLE, 'rules', '| a | b |\n| --- | --- |\n| 1 | 2 |\n');
  assert.equal(out, SAMPLE.replace('old rules table', '| a | b |\n| --- | --- |\n| 1 | 2 |'));
  const empty = replaceRegion(SAMPLE, 'search', 'new');
  assert.equal(empty, SAMPLE.replace('<!-- bench:search:start -->\n', '<!-- bench:search:start -->\nnew\n'));
  // Replacing again with the same body changes nothing.
  assert.equal(replaceRegion(out, 'rules', '| a | b |\n| --- | --- |\n| 1 | 2 |'), out);
});

test('missing, duplicated and misordered markers are refused with the region named', () => {
  const refused = (text, name, pattern) => assert.throws(() => replaceRegion(text, name, 'x'),
    (e) => e instanceof BenchTableError && e.region === name && pattern.test(e.message));
  refused(SAMPLE, 'loss', /bench:loss:start -->.* is missing/);
  refused(SAMPLE.replace('<!-- bench:rules:end -->\n', ''), 'rules', /bench:rules:end -->.* is missing/);
  refused(`${SAMPLE}${markers('rules').start}\n`, 'rules', /bench:rules:start -->.* occurs 2 times/);
  refused(`${SAMPLE}${markers('search').end}\n`, 'search', /bench:search:end -->.* occurs 2 times/);
  const swapped = SAMPLE.replace('<!-- bench:rules:start -->', '@@').replace('<!-- bench:rules:end -->', '<!-- bench:rules:start -->').replace('@@', '<!-- bench:rules:end -->');
  refused(swapped, 'rules', /comes before/);
  assert.throws(() => markers('Bad Name'), BenchTableError);
  assert.throws(() => checkRegions(SAMPLE, ['rules', 'search', 'demo']), /bench:demo:start/);
  checkRegions(SAMPLE, ['rules', 'search']);
});

test('a report collects lines by region and writes only the regions it filled', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-table-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'BENCHMARKS.md');
  writeFileSync(file, SAMPLE);
  assert.throws(() => new BenchReport(['rules', 'demo'], file), BenchTableError, 'markers are checked before measuring');
  const log = console.log;
  console.log = () => {};
  try {
    const report = new BenchReport(['rules', 'search'], file);
    report.log('not in a region');
    report.region('rules');
    report.log('\nheader');
    report.log('row 1\nrow 2');
    assert.throws(() => report.region('demo'), BenchTableError);
    report.write();
  } finally {
    console.log = log;
  }
  const text = readFileSync(file, 'utf8');
  const body = text.slice(text.indexOf(markers('rules').start), text.indexOf(markers('rules').end));
  assert.match(body, /^<!-- bench:rules:start -->\nMeasured \d{4}-\d\d-\d\d: Node v[\d.]+, \d+ cores .*\n\n```text\nheader\nrow 1\nrow 2\n```\n$/);
  assert.ok(!text.includes('not in a region'));
  assert.ok(text.endsWith('## Search\n<!-- bench:search:start -->\n<!-- bench:search:end -->\nthe end\n'), 'the unfilled region is left alone');
  writeRegions(file, { search: 'S' });
  assert.ok(readFileSync(file, 'utf8').includes('<!-- bench:search:start -->\nS\n<!-- bench:search:end -->'));
});

test('BENCHMARKS.md has one pair of markers for every region a script writes', () => {
  const text = readFileSync(join(ROOT, 'BENCHMARKS.md'), 'utf8');
  const names = [...text.matchAll(/<!-- bench:([a-z0-9-]+):start -->/g)].map((m) => m[1]);
  assert.ok(names.length > 0);
  checkRegions(text, names);
  const scripts = ['bench.mjs', 'bench-boundary.mjs', 'bench-analysis.mjs', 'bench-game.mjs', 'bench-webhook.mjs', 'bench-runtimes.mjs', 'bench-demo.mjs', 'bench-criterion.mjs']
    .map((f) => readFileSync(join(ROOT, 'scripts', f), 'utf8')).join('\n');
  const written = new Set([...scripts.matchAll(/REGIONS\s*=\s*\[([^\]]*)\]/g)].flatMap((m) => [...m[1].matchAll(/'([a-z0-9-]+)'/g)].map((n) => n[1])));
  assert.deepEqual([...written].sort(), [...names].sort(), 'the regions the scripts write are the regions of BENCHMARKS.md');
});

/** One criterion 0.5 result, as `target/criterion/<id>/new/{benchmark,estimates}.json` hold it. */
function criterionResult(root, [group, fn, value], ns, throughput = null) {
  const id = [group, fn, value].filter((x) => x !== null).join('/');
  const dir = join(root, id, 'new');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'benchmark.json'), JSON.stringify({
    group_id: group, function_id: fn, value_str: value, throughput, full_id: id, directory_name: id, title: id,
  }));
  const stat = (x) => ({ confidence_interval: { confidence_level: 0.95, lower_bound: x * 0.9, upper_bound: x * 1.1 }, point_estimate: x, standard_error: 1 });
  writeFileSync(join(dir, 'estimates.json'), JSON.stringify({ mean: stat(ns), median: stat(ns), median_abs_dev: stat(1), slope: null, std_dev: stat(1) }));
  mkdirSync(join(root, id, 'base'), { recursive: true }); // criterion's previous run: never read
}

test('criterion results become one table per group, in the region of their bench file', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'criterion-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const [position, ns] of [['initial', 6755], ['kiwipete', 30876]]) {
    criterionResult(root, ['turns', position, '123'], ns);
    criterionResult(root, ['turns', position, '111'], ns * 2);
  }
  criterionResult(root, ['perft', 'initial/5', null], 14431000, { Elements: 4897256 });
  criterionResult(root, ['load', 'dcb/1M', null], 54654000, { Bytes: 32 * 2 ** 20 });
  criterionResult(root, ['scenarios/expectimax', 'x', '1'], 5);
  const { regions, unplaced, count } = criterionRegions(root);
  assert.equal(count, 7);
  assert.deepEqual(unplaced, ['scenarios/expectimax/x/1']);
  assert.deepEqual(Object.keys(regions), ['criterion-rules', 'criterion-book'], 'a region without results is left out');
  const rules = regions['criterion-rules'];
  assert.match(rules, /^Measured \d{4}-\d\d-\d\d by `cargo bench --bench rules`/);
  assert.ok(rules.includes('| turns | 111 | 123 |\n| --- | ---: | ---: |\n| initial | 13.51 µs | 6.755 µs |\n| kiwipete | 61.75 µs | 30.88 µs |'), rules);
  assert.ok(rules.includes('| `perft/initial/5` | 14.43 ms | 12.99 ms – 15.87 ms | 339.4 M elements/s, 2.947 ns each |'), rules);
  assert.ok(regions['criterion-book'].includes('| `load/dcb/1M` | 54.65 ms | 49.19 ms – 60.12 ms | 585.5 MiB/s |'), regions['criterion-book']);
});

test('a group without results keeps its earlier table, and the region says so', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'criterion-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  criterionResult(root, ['perft', 'initial/5', null], 14431000, { Elements: 4897256 });
  const earlier = ['Measured 2026-01-02 by `cargo bench --bench rules` (2 cores, CPU); criterion\'s median.', '',
    '`parse`:', '', '| benchmark | median | 95% interval | rate |', '| --- | ---: | ---: | ---: |', '| `parse/a` | 1.000 µs | 0.9000 µs – 1.100 µs | — |', '',
    '`perft`:', '', '| benchmark | median | 95% interval | rate |', '| --- | ---: | ---: | ---: |', '| `perft/initial/5` | 9.000 ms | 8.000 ms – 10.00 ms | — |'].join('\n');
  const { regions } = criterionRegions(root, { 'criterion-rules': earlier });
  const rules = regions['criterion-rules'];
  assert.ok(rules.includes("kept from the region's earlier one (2026-01-02): `parse`."), rules);
  assert.ok(rules.includes('`parse`:\n\n| benchmark | median | 95% interval | rate |\n| --- | ---: | ---: | ---: |\n| `parse/a` | 1.000 µs | 0.9000 µs – 1.100 µs | — |\n\n`perft`:'), rules);
  assert.ok(rules.includes('| `perft/initial/5` | 14.43 ms |'), 'the new result replaces the old table');
  assert.ok(!rules.includes('9.000 ms'), rules);
  assert.ok(rules.indexOf('`parse`:') < rules.indexOf('`perft`:'), 'the groups keep their order');
});
