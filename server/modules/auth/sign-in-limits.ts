/**
 * Rate limits of sign-in and registration (docs/decisions.md "Failed sign-ins are counted per
 * user and address"). Sign-in counts every attempt per client address, and failures per username
 * and address: ten wrong passwords from one address stop that address for that user, while the
 * user's own device, with no recent failures, still signs in. A cap on the user's failures from
 * all addresses together (higher: a guessing run spread over many addresses) stays as the second
 * line; reaching it does stop every address for that minute.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import { signInFailureLimits } from '../../plugins/failure-limits';
import { FixedWindowLimiter, rateLimitBy } from '../../plugins/rate-limit';

function usernameOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.tenant?.tenantId ?? '-'}:${username}`;
}

/** Every attempt from one client address, whoever it names (a preHandler). */
export function signInLimits(app: FastifyInstance) {
  const { signInPerIp, windowMs } = app.config.rateLimits;
  const perIp = new FixedWindowLimiter('sign-in:ip', { max: signInPerIp, windowMs });
  return rateLimitBy([{ limiter: perIp, key: (request) => request.ip }], () => messages.auth.tooManyAttempts);
}

/** Failures per (username, address) and per username, in one school. */
export const schoolSignInFailures = (app: FastifyInstance) => signInFailureLimits(app, 'sign-in', usernameOf);

export function registrationLimit(app: FastifyInstance) {
  const { registerPerIp, windowMs } = app.config.rateLimits;
  const perIp = new FixedWindowLimiter('register:ip', { max: registerPerIp, windowMs });
  return rateLimitBy([{ limiter: perIp, key: (request) => request.ip }], messages.common.rateLimited);
}
