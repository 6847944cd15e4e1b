import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkBudget,
  formatVerdicts,
  readRouteStylesheets,
  type RouteFirstLoad,
} from './bundle-budget';

const stats: RouteFirstLoad[] = [
  { route: '/[site]', uncompressedBytes: 3000, files: ['a.js', 'b.js'] },
  { route: '/[site]/auth', uncompressedBytes: 5000, files: ['a.js', 'c.js'] },
  { route: '/[site]/mon-compte', uncompressedBytes: 9000, files: ['d.js'] },
];
const gzipBytes: Record<string, number> = { 'a.js': 400, 'b.js': 100, 'c.js': 700, 'd.js': 5000 };
const sizeOf = (chunk: string) => gzipBytes[chunk]!;

describe('bundle budget', () => {
  it('adds up the gzip weight of every first-load chunk of a route', () => {
    const [home] = checkBudget(stats, { '/[site]': 1000 }, sizeOf);
    expect(home).toMatchObject({ route: '/[site]', gzipBytes: 500, uncompressedBytes: 3000 });
    expect(home!.withinBudget).toBe(true);
  });

  it('fails a route whose first load grew past its limit', () => {
    const verdicts = checkBudget(stats, { '/[site]': 1000, '/[site]/auth': 1000 }, sizeOf);
    expect(verdicts.map((verdict) => [verdict.route, verdict.withinBudget])).toEqual([
      ['/[site]', true],
      ['/[site]/auth', false],
    ]);
  });

  it('accepts a route exactly at its limit', () => {
    expect(checkBudget(stats, { '/[site]': 500 }, sizeOf)[0]!.withinBudget).toBe(true);
  });

  it('fails a public route the build no longer has, instead of letting it escape the budget', () => {
    const [missing] = checkBudget(stats, { '/[site]/renamed': 1000 }, sizeOf);
    expect(missing).toMatchObject({ found: false, withinBudget: false });
  });

  it('checks only the routes given a limit', () => {
    const verdicts = checkBudget(stats, { '/[site]': 1000 }, sizeOf);
    expect(verdicts.map((verdict) => verdict.route)).toEqual(['/[site]']);
  });

  it('prints each route with its figure beside its limit', () => {
    const text = formatVerdicts(
      checkBudget(stats, { '/[site]': 1024, '/[site]/auth': 1024 }, sizeOf),
    );
    expect(text).toContain(`ok${' '.repeat(4)}/[site]`);
    expect(text).toMatch(/\/\[site\] +0\.5 KiB gzip \/ limit 1\.0 KiB/);
    expect(text).toMatch(/FAIL {2}\/\[site\]\/auth +1\.1 KiB gzip \/ limit 1\.0 KiB/);
  });
});

describe('stylesheets of a route', () => {
  // A build folder laid out as Next writes it: the page's client reference manifest (a script
  // that fills globalThis.__RSC_MANIFEST) and its loadable manifest (the lazily imported parts).
  const buildDir = mkdtempSync(path.join(os.tmpdir(), 'bundle-budget-'));
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

  function writePage(route: string, cssOfEntries: Record<string, string[]>, lazyFiles: string[][]) {
    const pageDir = path.join(buildDir, 'server', 'app', route);
    mkdirSync(path.join(pageDir, 'page'), { recursive: true });
    const entryCSSFiles = Object.fromEntries(
      Object.entries(cssOfEntries).map(([entry, files]) => [
        entry,
        files.map((file) => ({ path: file, inlined: false })),
      ]),
    );
    writeFileSync(
      path.join(pageDir, 'page_client-reference-manifest.js'),
      'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n' +
        `globalThis.__RSC_MANIFEST[${JSON.stringify(`${route}/page`)}] = ${JSON.stringify({ entryCSSFiles })};\n`,
    );
    const loadable = Object.fromEntries(lazyFiles.map((files, id) => [id, { id, files }]));
    writeFileSync(
      path.join(pageDir, 'page', 'react-loadable-manifest.json'),
      JSON.stringify(loadable),
    );
  }
  function writeChunk(file: string, bytes: number) {
    mkdirSync(path.dirname(path.join(buildDir, file)), { recursive: true });
    writeFileSync(path.join(buildDir, file), 'a'.repeat(bytes));
  }

  writeChunk('static/chunks/layout.css', 100);
  writeChunk('static/chunks/home.css', 20);
  writeChunk('static/chunks/form.css', 7);
  writeChunk('static/chunks/other-page.css', 1000);
  writePage(
    '/[site]',
    {
      '[project]/apps/web/app/[site]/layout': ['static/chunks/layout.css'],
      '[project]/apps/web/app/[site]/page': ['static/chunks/layout.css', 'static/chunks/home.css'],
      '[project]/apps/web/app/[site]/other/page': ['static/chunks/other-page.css'],
    },
    [['static/chunks/form.css', 'static/chunks/form.js'], ['static/chunks/form.css'], ['x.js']],
  );

  it("counts the page's stylesheets and those of its lazy parts, each once, and no script", () => {
    const [home] = readRouteStylesheets(buildDir, ['/[site]']);
    expect(home!.files.sort()).toEqual([
      'static/chunks/form.css',
      'static/chunks/home.css',
      'static/chunks/layout.css',
    ]);
    expect(home!.uncompressedBytes).toBe(127);
  });

  it('leaves out a route the build lacks, so that the budget reports it missing', () => {
    const stylesheets = readRouteStylesheets(buildDir, ['/[site]/renamed']);
    expect(stylesheets).toEqual([]);
    expect(checkBudget(stylesheets, { '/[site]/renamed': 1000 }, () => 0)[0]).toMatchObject({
      found: false,
      withinBudget: false,
    });
  });
});
