/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset: emulated phone, simulated slow 4G and a
 * 4x slower CPU) against the production build served by the real server on loopback, in Debian's
 * Chromium. Prints the four category scores for /home, /login and /school-selection, and /home again
 * with the browser in Hindi, twice: on a device with no Devanagari font (Kaksha's faces fetched after
 * the load) and on one with Noto Sans Devanagari (the device's font kept); then the JS and CSS that
 * /home loads: each file, its gzipped size, and what the server actually sent.
 *
 * Options: --runs N (median of N runs per page, default 1), --url BASE (measure a running server
 * instead of starting one). Targets: performance >= 95; accessibility, best practices and
 * SEO 100. Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuild } from '../scripts/ensure-build';
import { chromiumPath, startBenchServer } from './support/server';
import { fontconfigFile, type DeviceFonts } from '../tests/e2e/support/device-fonts';

const root = path.resolve(import.meta.dirname, '..');
/**
 * Each page measured, the browser language it is opened in (the app starts in it: docs/i18n.md),
 * and for Hindi the device's fonts (tests/e2e/support/device-fonts.ts): none that draws Devanagari,
 * then a phone's, which has Noto Sans Devanagari as Lighthouse's emulated Android phone would.
 */
const pages: { path: string; lang?: string; fonts?: DeviceFonts }[] = [
  { path: '/home' },
  { path: '/login' },
  { path: '/school-selection' },
  { path: '/home', lang: 'hi', fonts: 'none' },
  { path: '/home', lang: 'hi', fonts: 'devanagari' },
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface Report {
  categories: Record<(typeof categories)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkItem[] } }>;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function startBuilt() {
  ensureBuild();
  return startBenchServer({ NODE_ENV: 'production', LOG_LEVEL: 'error' });
}

/** One Lighthouse run; a run that fails (Chromium occasionally loses the trace) is tried again once. */
function runLighthouse(url: string, lang: string | undefined, fonts: DeviceFonts | undefined, attempt = 1): Report {
  try {
    return runLighthouseOnce(url, lang, fonts);
  } catch (error) {
    if (attempt >= 2) throw error;
    return runLighthouse(url, lang, fonts, attempt + 1);
  }
}

function runLighthouseOnce(url: string, lang: string | undefined, fonts: DeviceFonts | undefined): Report {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'kaksha-lhr-')), 'report.json');
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      `--only-categories=${categories.join(',')}`,
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync${lang ? ` --lang=${lang} --accept-lang=${lang}` : ''}`,
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chromiumPath, ...(fonts ? { FONTCONFIG_FILE: fontconfigFile(fonts) } : {}) }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed for ${url} (exit ${result.status})`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  rmSync(path.dirname(out), { recursive: true, force: true });
  return report;
}

const score = (report: Report, category: (typeof categories)[number]) => Math.round((report.categories[category].score ?? 0) * 100);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function assetSizes(report: Report, base: string) {
  const items = (report.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.url.startsWith(base) && (item.resourceType === 'Script' || item.resourceType === 'Stylesheet'),
  );
  const rows = [];
  const seen = new Set<string>();
  for (const item of items) {
    // A preloaded file shows up twice (the preload, then the use served from cache).
    if (seen.has(item.url)) continue;
    seen.add(item.url);
    const body = Buffer.from(await (await fetch(item.url)).arrayBuffer());
    rows.push({
      file: new URL(item.url).pathname,
      type: item.resourceType === 'Script' ? 'JS' : 'CSS',
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      sent: item.transferSize ?? 0,
    });
  }
  return rows;
}

async function main() {
  const runs = Math.max(1, Number(option('runs') ?? 1));
  const given = option('url');
  const server = given
    ? { baseUrl: given.replace(/\/$/, ''), stop: async () => undefined }
    : await startBuilt();
  try {
    console.log(`Lighthouse (mobile preset, ${runs} run${runs === 1 ? '' : 's'} per page, median) against ${server.baseUrl}`);
    // Simulated throttling scales the CPU time it observes: a busy machine lowers performance.
    console.log(`load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${cpus().length} CPUs\n`);
    console.log(['page'.padEnd(30), ...categories.map((category) => category.padStart(15))].join(''));
    let homeReport: Report | undefined;
    for (const { path: page, lang, fonts } of pages) {
      const reports = Array.from({ length: runs }, () => runLighthouse(`${server.baseUrl}${page}`, lang, fonts));
      const best = reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(reports.length / 2)]!;
      if (page === '/home' && !lang) homeReport = best;
      const cells = categories.map((category) => String(median(reports.map((report) => score(report, category)))).padStart(15));
      const lcp = best.audits['largest-contentful-paint']?.numericValue ?? 0;
      const cls = best.audits['cumulative-layout-shift']?.numericValue ?? 0;
      const tbt = best.audits['total-blocking-time']?.numericValue ?? 0;
      const label = lang ? `${page} (${lang}, ${fonts === 'devanagari' ? 'phone fonts' : 'no Devanagari font'})` : page;
      console.log(`${label.padEnd(30)}${cells.join('')}   (LCP ${(lcp / 1000).toFixed(2)} s, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)})`);
    }
    if (homeReport) {
      const rows = await assetSizes(homeReport, server.baseUrl);
      console.log('\nJS and CSS loaded by /home:');
      for (const row of rows) {
        console.log(`  ${row.type.padEnd(4)} ${row.file.padEnd(48)} ${kb(row.gzip).padStart(10)} gzip ${kb(row.sent).padStart(10)} sent`);
      }
      for (const type of ['JS', 'CSS'] as const) {
        const of = rows.filter((row) => row.type === type);
        const gzip = of.reduce((sum, row) => sum + row.gzip, 0);
        const sent = of.reduce((sum, row) => sum + row.sent, 0);
        console.log(`  total ${type}: ${of.length} files, ${kb(gzip)} gzipped (${kb(sent)} as sent by the server)`);
      }
      const unwanted = rows.filter((row) => /firebase|xlsx|admin|student|settings|dexie/i.test(row.file));
      console.log(unwanted.length === 0 ? '  no firebase, xlsx or signed-in chunks' : `  UNWANTED: ${unwanted.map((row) => row.file).join(', ')}`);
    }
  } finally {
    await server.stop();
  }
}

await main();
