/**
 * Guards every request's input before any route, hook or schema sees it, so a new route cannot
 * forget them (docs/decisions.md, "Hardening"):
 * - a JSON body nested deeper than `maxJsonDepth` is refused by the JSON parser itself, before
 *   anything recursive (the idempotency hash, zod) walks it;
 * - text PostgreSQL cannot store (NUL, or a lone UTF-16 surrogate, which the driver would turn
 *   into U+FFFD) in any string or key of the body, query or route params is a 400 naming the field;
 * - a path that cannot be decoded (bad percent-encoding) or holds a NUL is routed, before the
 *   router sees it, to a path no route has, so the not-found handler answers it (400) through the
 *   hooks, with the security headers and the envelope (Fastify's own answer has neither).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages';
import { AppError, ValidationFailed } from '../errors';
import { describeFieldErrors } from './zod-validation';

/** Far deeper than any body the API takes (a sync push is about 5 levels). */
export const maxJsonDepth = 32;

// NUL, or a surrogate without its pair.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnstorableText(text: string): boolean {
  return unstorable.test(text);
}

/** How deep a parsed JSON value nests (a scalar is 0), walked without recursion; stops past `limit`. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

const unstorableEverywhere = new RegExp(unstorable.source, 'g');

/** Whether any string or key in `value` holds unstorable text (the common answer, no, without building paths). */
function holdsUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (unstorable.test(node)) return true;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      if (unstorable.test(key)) return true;
      stack.push((node as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/** The dotted paths (as in fieldErrors) of every string or key holding unstorable text. */
export function unstorableTextPaths(value: unknown, prefix: readonly string[] = []): string[] {
  if (!holdsUnstorableText(value)) return [];
  const found: string[] = [];
  const stack: [unknown, readonly string[]][] = [[value, prefix]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (isUnstorableText(node)) found.push(path.length > 0 ? path.join('.') : '_');
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) {
      const shownKey = key.replace(unstorableEverywhere, '?');
      if (isUnstorableText(key)) found.push([...path, shownKey].join('.'));
      stack.push([child, [...path, shownKey]]);
    }
  }
  return [...new Set(found)].sort();
}

/** Where a malformed path is sent: under /api so the static app's fallback never serves it. */
export const malformedPathTarget = '/api/.malformed-path';

/**
 * A path that does not percent-decode or holds an encoded NUL; under /api, a query string that does
 * not percent-decode (`?search=%ZZ`, `?date=%ED%A0%80`) too: the query parser would otherwise pass
 * such bytes on as other text (U+FFFD), silently changing what was asked. (The app's own pages keep
 * any query, for a link typed by hand.)
 */
export function isMalformedPath(url: string): boolean {
  const [path = '', ...rest] = url.split('?');
  try {
    if (decodeURIComponent(path).includes('\0')) return true;
    if (rest.length > 0 && (path === '/api' || path.startsWith('/api/'))) decodeURIComponent(rest.join('?').replace(/\+/g, ' '));
    return false;
  } catch {
    return true;
  }
}

/** Fastify's rewriteUrl: the one place a request's path is looked at before routing. */
export function rewriteMalformedUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  return isMalformedPath(url) ? malformedPathTarget : url;
}

function refuseUnstorableText(request: FastifyRequest): void {
  const paths = [
    ...unstorableTextPaths(request.params),
    ...unstorableTextPaths(request.query),
    ...unstorableTextPaths(request.body),
  ];
  if (paths.length === 0) return;
  const fieldErrors = Object.fromEntries(paths.map((path) => [path, [messages.common.unstorableText]]));
  throw new ValidationFailed(describeFieldErrors(fieldErrors), fieldErrors);
}

export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body.toString(), (error, value) => {
      if (error) return done(error, undefined);
      if (jsonDepthExceeds(value, maxJsonDepth)) return done(new AppError(400, messages.common.tooDeeplyNested), undefined);
      done(null, value);
    });
  });

  app.addHook('preValidation', async (request) => refuseUnstorableText(request));
}
