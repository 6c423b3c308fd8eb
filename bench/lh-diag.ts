import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, startBenchServer } from './support/server';
const root = path.resolve(import.meta.dirname, '..');
const lang = process.argv[2];
const page = process.argv[3] ?? '/home';
const server = await startBenchServer({ NODE_ENV: 'production', LOG_LEVEL: 'error' });
try {
  const out = '/tmp/lh-diag.json';
  spawnSync(process.execPath, [path.join(root, 'node_modules/lighthouse/cli/index.js'), server.baseUrl + page, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance',
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run${lang ? ` --lang=${lang} --accept-lang=${lang}` : ''}`], { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: 'inherit' });
  const r = JSON.parse(readFileSync(out, 'utf8'));
  console.log('perf', r.categories.performance.score);
  for (const k of ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift', 'interactive']) console.log(k, r.audits[k].displayValue, r.audits[k].score);
  console.log(JSON.stringify(r.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet));
  console.log(JSON.stringify(r.audits['largest-contentful-paint-element']?.details?.items?.[1], null, 0)?.slice(0, 800));
  for (const i of r.audits['network-requests'].details.items) console.log(String(Math.round(i.networkRequestTime)).padStart(6), String(Math.round(i.networkEndTime)).padStart(6), String(i.transferSize).padStart(7), i.url.replace(server.baseUrl, ''));
  console.log(JSON.stringify(r.audits['critical-request-chains']?.displayValue));
} finally { await server.stop(); }
