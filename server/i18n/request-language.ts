/**
 * The language a request came in (docs/api.md "Languages"): the client sends the language its
 * screen shows as `Accept-Language` (src/api/client.ts). Mail to an address that has no account
 * yet, or whose account chose no language, is written in it. Only Kaksha's languages count; any
 * other tag, or none, is English.
 */
import type { FastifyRequest } from 'fastify';
import { languageFromPreferences, type LanguageCode } from '../../contract/languages';

/** The tags of an Accept-Language header, the most wanted first ("hi-IN,hi;q=0.9,en;q=0.8"). */
export function preferredTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((one) => one.tag && one.tag !== '*' && Number.isFinite(one.weight) && one.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((one) => one.tag);
}

export function requestLanguage(request: FastifyRequest): LanguageCode {
  const header = request.headers['accept-language'];
  return languageFromPreferences(preferredTags(Array.isArray(header) ? header.join(',') : header));
}
