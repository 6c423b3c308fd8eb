/**
 * Rate limits of sign-in and registration: per client address, and per username within a school,
 * so a guessing run against one account is slowed whichever addresses it comes from.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import { AppError } from '../../errors';

function tooMany(message: string) {
  return (_request: FastifyRequest, context: { ttl: number }) =>
    new AppError(429, message, { retryAfterSeconds: Math.ceil(context.ttl / 1000) });
}

function usernameOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.tenant?.tenantId ?? '-'}:${username}`;
}

export function signInLimits(app: FastifyInstance) {
  const { rateLimits } = app.config;
  return [
    app.rateLimit({
      max: rateLimits.signInPerIp,
      timeWindow: rateLimits.windowMs,
      keyGenerator: (request) => `sign-in-ip:${request.ip}`,
      errorResponseBuilder: tooMany(messages.auth.tooManyAttempts),
    }),
    app.rateLimit({
      max: rateLimits.signInPerUsername,
      timeWindow: rateLimits.windowMs,
      keyGenerator: (request) => `sign-in-user:${usernameOf(request)}`,
      errorResponseBuilder: tooMany(messages.auth.tooManyAttempts),
    }),
  ];
}

export function registrationLimit(app: FastifyInstance) {
  const { rateLimits } = app.config;
  return app.rateLimit({
    max: rateLimits.registerPerIp,
    timeWindow: rateLimits.windowMs,
    keyGenerator: (request) => `register-ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, messages.common.rateLimited(Math.ceil(context.ttl / 1000))),
  });
}
