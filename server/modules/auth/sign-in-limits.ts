/**
 * Rate limits of sign-in and registration: per client address, and per username within a school,
 * so a guessing run against one account is slowed whichever addresses it comes from.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import { FixedWindowLimiter, rateLimitBy } from '../../plugins/rate-limit';

function usernameOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.tenant?.tenantId ?? '-'}:${username}`;
}

export function signInLimits(app: FastifyInstance) {
  const { signInPerIp, signInPerUsername, windowMs } = app.config.rateLimits;
  const perIp = new FixedWindowLimiter('sign-in:ip', { max: signInPerIp, windowMs });
  const perUsername = new FixedWindowLimiter('sign-in:user', { max: signInPerUsername, windowMs });
  return rateLimitBy(
    [
      { limiter: perIp, key: (request) => request.ip },
      { limiter: perUsername, key: usernameOf },
    ],
    () => messages.auth.tooManyAttempts,
  );
}

export function registrationLimit(app: FastifyInstance) {
  const { registerPerIp, windowMs } = app.config.rateLimits;
  const perIp = new FixedWindowLimiter('register:ip', { max: registerPerIp, windowMs });
  return rateLimitBy([{ limiter: perIp, key: (request) => request.ip }], messages.common.rateLimited);
}
