/**
 * Fixed-window rate limits kept in this process's memory. Several limits can guard one route
 * (per address and per username for sign-in), which @fastify/rate-limit's hook does not allow:
 * it runs only the first limiter of a request.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for the key; answers how long to wait when the limit is passed. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.limit.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit.max,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.limit.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * A preHandler that counts the request against each (limiter, key) pair and answers 429 with the
 * message when any is exceeded. Runs after body parsing, so keys may use the body.
 */
export function rateLimitBy(
  rules: readonly { limiter: FixedWindowLimiter; key: (request: FastifyRequest) => string }[],
  message: (retryAfterSeconds: number) => string,
): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let wait = 0;
    for (const rule of rules) {
      const outcome = rule.limiter.hit(rule.key(request));
      if (!outcome.allowed) wait = Math.max(wait, outcome.retryAfterSeconds);
    }
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new AppError(429, message(wait), { retryAfterSeconds: wait });
    }
  };
}
