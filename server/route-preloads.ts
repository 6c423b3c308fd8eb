/**
 * index.html as each public page wants it: the build lists, per path, the page's chunks and styles
 * (scripts/vite-route-preloads.ts); here they become `<link rel="modulepreload">` and
 * `<link rel="preload" as="style">` in the head, so the browser fetches them beside the entry.
 * The pages that lead to signing in also list what signing in loads next (the sync engine, the sync
 * bar, both dashboards) to prefetch, as a JSON data block the app reads once the page has loaded
 * and is idle (src/app/prefetch-after-load.ts): they are fetched while the user picks their school
 * and types a password, never run until the sign-in loads them, so on 3G the first pull starts
 * about a second sooner and the dashboard shows as soon as signing in ends (bench:offline). Not
 * `<link rel="prefetch">` in the head: those start during the load and slowed the page's own LCP.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isLanguageCode, type LanguageCode } from '../contract/languages';
import { messages } from '../contract/messages';
import { prefetchListId } from '../contract/page-data';
import { escapeHtml } from './mail/letter';

export const routePreloadsFile = 'route-preloads.json';

const assetPath = z.string().regex(/^\/[\w./-]+$/);
const routePreloadsSchema = z.record(
  z.string(),
  z.object({
    scripts: z.array(assetPath),
    styles: z.array(assetPath),
    /** The first catalogs of a page in each translated language (contract/page-data.ts firstAreasOfPath). */
    languages: z.record(z.string(), z.array(assetPath)).optional(),
    prefetch: z.array(assetPath).optional(),
  }),
);
export type RoutePreloads = z.infer<typeof routePreloadsSchema>;

function linksFor(files: RoutePreloads[string], language?: string): string {
  return [
    ...files.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...((language ? files.languages?.[language] : undefined) ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...files.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ...(files.prefetch?.length ? [`<script type="application/json" id="${prefetchListId}">${JSON.stringify(files.prefetch)}</script>`] : []),
  ].join('');
}

const englishRoot = '<html lang="en">';
const englishBootLabel = `<p class="boot-label">${messages.ui.initializing}</p>`;

/**
 * index.html in another language: the document's language, and the startup label in it, what a
 * reader sees first.
 */
function inLanguage(html: string, language: LanguageCode, label: string): string {
  return html.replace(englishRoot, `<html lang="${language}">`).replace(englishBootLabel, `<p class="boot-label">${escapeHtml(label)}</p>`);
}

/** The key of a page's html in a language other than English (pagesWithPreloads). */
export const pageInLanguage = (page: string, language: string) => `${page}#${language}`;

/**
 * The html to send per path (and per path and language, `pageInLanguage`, for a page that starts
 * from its own catalogs: the request's Accept-Language picks it, with the startup label from
 * `bootLabelIn`, the server's catalogs, which the build's plugin does not load); paths not listed
 * (or a build without the list) get index.html as is.
 */
export function pagesWithPreloads(root: string, bootLabelIn: (language: LanguageCode) => string): Map<string, string> {
  const pages = new Map<string, string>();
  const listFile = path.join(root, routePreloadsFile);
  if (!existsSync(listFile)) return pages;
  const parsed = routePreloadsSchema.safeParse(JSON.parse(readFileSync(listFile, 'utf8')));
  if (!parsed.success) return pages;
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  if (!html.includes('</head>')) return pages;
  for (const [page, files] of Object.entries(parsed.data)) {
    pages.set(page, html.replace('</head>', `${linksFor(files)}</head>`));
    for (const language of Object.keys(files.languages ?? {}).filter(isLanguageCode)) {
      pages.set(pageInLanguage(page, language), inLanguage(html, language, bootLabelIn(language)).replace('</head>', `${linksFor(files, language)}</head>`));
    }
  }
  return pages;
}
