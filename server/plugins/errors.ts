/**
 * The one error handler: typed errors to the docs/api.md envelope, Fastify's own 4xx to their status
 * with a plain message, everything else a generic 500 whose details stay in the server log.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages';
import { AppError, ValidationFailed } from '../errors';
import { isMalformedPath } from './input-guards';

export function sendEnvelope(reply: FastifyReply, status: number, message: string, data: unknown = null) {
  return reply.code(status).send({ success: status < 400, message, data });
}

/**
 * Every unmatched request: 404 in the envelope, or 400 when the path itself was malformed (bad
 * percent-encoding, an encoded NUL; input-guards.ts routes those here).
 */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  if (isMalformedPath(request.originalUrl)) return sendEnvelope(reply, 400, messages.status[400]);
  return sendEnvelope(reply, 404, messages.common.notFound);
}

const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.common.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.common.payloadTooLarge,
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ValidationFailed, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendEnvelope(reply, error.statusCode, error.message, error.data);
    }
    if (error instanceof ValidationFailed) {
      return sendEnvelope(reply, 400, error.message, { fieldErrors: error.fieldErrors });
    }
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (status === 429) {
      return sendEnvelope(reply, 429, error.message || messages.common.rateLimited(60));
    }
    if (status >= 400 && status < 500) {
      const code = 'code' in error ? error.code : undefined;
      const message = (code && fastifyClientErrors[code]) || messages.status[400];
      return sendEnvelope(reply, status, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendEnvelope(reply, 500, messages.common.internal);
  });
}
