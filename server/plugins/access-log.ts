/**
 * One access-log line per request, written when the answer has gone: method, URL, client address,
 * status and time taken. Fastify's default writes a line on arrival as well, which at info level
 * doubled the log's cost on every request.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * A request URL as the log may keep it: a signed link's token (`/shared/<token>`, `/api/shared/<token>`)
 * and the secrets providers put in a query (MSG91's report `token`, Meta's `hub.verify_token`) are
 * capabilities, so the log holds `[redacted]` in their place.
 */
export function logSafeUrl(url: string): string {
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const safePath = path.replace(/^((?:\/api)?\/shared\/)[^/]+/, '$1[redacted]');
  if (query === undefined) return safePath;
  const safeQuery = query.replace(/(^|&)(token|hub\.verify_token)=[^&]*/gi, '$1$2=[redacted]');
  return `${safePath}?${safeQuery}`;
}

/** pino's `req` serializer: Fastify's fields, the URL made safe. */
export function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: logSafeUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
