/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and index.html never
 * cached, and every other non-API GET answered with index.html so client routes deep-link.
 * Nothing under /api is ever the app: an unknown API path is the API's 404 envelope.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../contract/messages';
import { sharedPage } from '../contract/shared';
import { sendEnvelope, sendNotFound } from './plugins/errors';
import { serverTexts } from './i18n/catalogs';
import { requestLanguage } from './i18n/request-language';
import { pageInLanguage, pagesWithPreloads } from './route-preloads';

const neverCached = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

export async function registerStaticApp(app: FastifyInstance, root: string): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built app found; serving the API only');
    app.setNotFoundHandler(sendNotFound);
    return;
  }
  const pages = pagesWithPreloads(root, (language) => serverTexts(language)('ui.initializing'));
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies of hashed assets (scripts/vite-precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (neverCached.has(name) || name.startsWith('workbox-')) {
        res.header('Cache-Control', 'no-cache');
      } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  app.get('/*', { config: { access: 'global' } }, (request, reply) => {
    const urlPath = decodedPath(request.url);
    if (urlPath === undefined || isApiPath(urlPath)) return sendNotFound(request, reply);
    const relative = path.normalize(urlPath).replace(/^(\.\.(\/|\\|$))+/, '');
    const candidate = path.join(root, relative);
    if (candidate.startsWith(root) && isFile(candidate)) {
      return reply.sendFile(relative.replace(/^\//, ''));
    }
    // A path with an extension is a missing file, but for a signed link's page: its token has dots.
    if (path.extname(urlPath) && !isSharedPage(urlPath)) return sendEnvelope(reply, 404, messages.common.notFound);
    reply.header('Cache-Control', 'no-cache');
    // A page may preload its first catalogs in the browser's language (server/route-preloads.ts).
    reply.header('Vary', 'Accept-Language');
    const pagePath = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const page = pages.get(pageInLanguage(pagePath, requestLanguage(request))) ?? pages.get(pagePath);
    if (page) return reply.type('text/html; charset=utf-8').send(page);
    return reply.sendFile('index.html');
  });
  app.setNotFoundHandler(sendNotFound);
}

/** `/shared/<token>` (contract/shared.ts): one segment after the prefix, the token. */
function isSharedPage(urlPath: string): boolean {
  return urlPath.startsWith(sharedPage.prefix) && urlPath.length > sharedPage.prefix.length && !urlPath.slice(sharedPage.prefix.length).includes('/');
}

/** The request's path decoded (input-guards.ts has already routed malformed paths away from here). */
function decodedPath(url: string): string | undefined {
  try {
    const decoded = decodeURIComponent(url.split('?')[0] ?? '/');
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/** False for anything that is not a readable file, a name too long for the file system included. */
function isFile(candidate: string): boolean {
  try {
    return statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

function isApiPath(urlPath: string): boolean {
  const first = urlPath.split('/').find((segment) => segment !== '');
  return first?.toLowerCase() === 'api';
}
