/**
 * Limits on failures rather than attempts (sign-in): an attempt is counted before the work that
 * decides it (so a burst of parallel guesses cannot all pass a check made before any of them
 * failed), and taken back when it turns out not to be a failure, or when a limit refuses it before
 * the work. So a window holds the failures, and a refusal stays a refusal until the window ends.
 * Counted in the app's rate-limit store (rate-limit.ts): one count across every process.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages';
import { AppError } from '../errors';
import { FixedWindowLimiter, type WindowAttempt } from './rate-limit';

export interface CountedAttempt {
  /** The attempt succeeded: it is no failure, and counts nowhere. */
  forgive(): Promise<void>;
}

/**
 * Counts one attempt against each window; when any is over its limit, takes the attempt back,
 * answers 429 with Retry-After and the message.
 */
export async function countFailureUpFront(
  reply: FastifyReply,
  attempts: readonly WindowAttempt[],
  message: (retryAfterSeconds: number) => string,
): Promise<CountedAttempt> {
  const store = reply.server.rateLimitStore;
  const outcomes = await store.hit(attempts);
  const wait = outcomes.reduce((longest, outcome) => (outcome.allowed ? longest : Math.max(longest, outcome.retryAfterSeconds)), 0);
  if (wait > 0) {
    await store.refund(attempts);
    reply.header('Retry-After', String(wait));
    throw new AppError(429, message(wait), { retryAfterSeconds: wait });
  }
  return {
    async forgive() {
      // A success must not fail because the count could not be taken back (Redis gone): the
      // window then holds one failure too many until it ends.
      await store.refund(attempts).catch((error: unknown) => reply.log.warn({ err: error }, 'could not take back a counted sign-in attempt'));
    },
  };
}

/**
 * Sign-in failures per (user, client address) and per user (SIGNIN_LIMIT_PER_USER_ADDRESS and
 * SIGNIN_LIMIT_PER_USER). `prefix` keeps one kind of sign-in's counts apart from another's (schools,
 * operators); `userOf` names the user the request is for. Call it before checking the password.
 */
export function signInFailureLimits(app: FastifyInstance, prefix: string, userOf: (request: FastifyRequest) => string) {
  const { signInPerUserAddress, signInPerUsername, windowMs } = app.config.rateLimits;
  const perUserAddress = new FixedWindowLimiter(`${prefix}-failures:user-address`, { max: signInPerUserAddress, windowMs });
  const perUser = new FixedWindowLimiter(`${prefix}-failures:user`, { max: signInPerUsername, windowMs });
  return (request: FastifyRequest, reply: FastifyReply): Promise<CountedAttempt> => {
    const user = userOf(request);
    return countFailureUpFront(
      reply,
      [
        { limiter: perUserAddress, key: `${user} ${request.ip}` },
        { limiter: perUser, key: user },
      ],
      () => messages.auth.tooManyAttempts,
    );
  };
}
