/**
 * `npm run bench:first-page`: what the public pages of the last build cost a first visit, gzipped,
 * without a browser: the entry with its static imports (index.html's script and modulepreloads),
 * the page's own chunks and styles (route-preloads.json) and the stylesheet of the shell. Reads
 * dist/ as built; run `npm run build` first. Prints one line per page and the files of /home.
 * The first page's budget (docs/decisions.md "Three languages") is read against these figures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const preloads = JSON.parse(readFileSync(path.join(dist, 'route-preloads.json'), 'utf8')) as Record<
  string,
  { scripts: string[]; styles: string[] }
>;

const shellFiles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');

function gzipped(file: string): number {
  return gzipSync(readFileSync(path.join(dist, file))).length;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const page of ['/home', '/login', '/school-selection']) {
  const own = preloads[page];
  const files = [...new Set([...shellFiles, ...(own?.scripts ?? []), ...(own?.styles ?? [])])];
  const sizes = files.map((file) => ({ file, size: gzipped(file) }));
  const js = sizes.filter(({ file }) => file.endsWith('.js')).reduce((sum, { size }) => sum + size, 0);
  const css = sizes.filter(({ file }) => file.endsWith('.css')).reduce((sum, { size }) => sum + size, 0);
  console.log(`${page.padEnd(18)} JS ${kb(js).padStart(9)}  CSS ${kb(css).padStart(8)}  total ${kb(js + css).padStart(9)} gzipped`);
  if (page === '/home') for (const { file, size } of sizes) console.log(`  ${file.padEnd(48)} ${kb(size).padStart(9)}`);
}
