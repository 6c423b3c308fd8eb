/**
 * Compresses API answers (docs/sync-server.md "Compression"): Brotli or gzip, by the request's
 * Accept-Encoding, for bodies from `compressAbove` bytes. A first pull page is JSON that repeats
 * the same field names thousands of times; compressed it is a fraction of its size, which is what
 * a classroom's 3G link pays for. The built app's files are not touched here: they are served
 * precompressed (static-app.ts). Brotli at quality 1: on our answers (UUIDs, dates, repeated
 * names) within 1 % of quality 4's size for pull pages at a quarter of the CPU (docs/decisions.md
 * "Compression in an onSend hook"), which a burst of writes and a first pull both pay.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller answers go as they are: the headers and the work would cost more than they save. */
export const compressAbove = 1024;

/**
 * Answers up to this size are compressed on the event loop (under a millisecond at quality 1):
 * handing a 10 KiB answer to the thread pool cost 3-4 times the CPU of compressing it inline,
 * which a burst of 500 sheets paid on a machine whose cores it shares with the database.
 */
const inlineUpTo = 64 * 1024;

const brotli = promisify(brotliCompress);
const brotliQuality = 1;
const gzipAsync = promisify(gzip);
const gzipOptions = { level: 6 };

/** Quality 1, and a window no larger than the body (Brotli's default of 4 MiB costs set-up on small answers). */
function brotliOptions(size: number) {
  const window = Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size))));
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_LGWIN]: window,
    },
  };
}

function compress(body: Buffer, coding: Coding): Buffer | Promise<Buffer> {
  if (body.length <= inlineUpTo) return coding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body, gzipOptions);
  return coding === 'br' ? brotli(body, brotliOptions(body.length)) : gzipAsync(body, gzipOptions);
}

type Coding = 'br' | 'gzip';

/** The best coding the client accepts (q > 0), Brotli first; undefined for none. */
export function negotiateEncoding(header: string | string[] | undefined): Coding | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  const allows = (coding: Coding) => (accepted.get(coding) ?? wildcard ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

function appendVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const list = String(vary ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (!list.some((item) => item.toLowerCase() === 'accept-encoding' || item === '*')) list.push('Accept-Encoding');
  reply.header('Vary', list.join(', '));
}

async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (!request.url.startsWith('/api/') || request.method === 'HEAD') return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.getHeader('content-encoding')) return payload;
  appendVary(reply);
  const coding = negotiateEncoding(request.headers['accept-encoding']);
  // Without a coding the answer goes as it is: encoding it to bytes here only to measure it doubled
  // the copying of a large page.
  if (!coding) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < compressAbove) return payload;
  const compressed = await compress(body, coding);
  reply.header('Content-Encoding', coding);
  reply.removeHeader('content-length');
  return compressed;
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => compressAnswer(request, reply, payload));
}
