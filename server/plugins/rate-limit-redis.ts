/**
 * Rate limits counted in Redis (REDIS_URL; docs/deployment.md): the same fixed windows and hashed
 * keys as the database store, under `<REDIS_KEY_PREFIX>rate:`. One script call per request counts
 * all of its limits: per key INCR, and PEXPIRE to the window when the count starts at 1; Redis
 * deletes a window when it passes, so nothing needs purging.
 *
 * One client per process, connected before the app is ready: a server whose REDIS_URL does not
 * answer refuses to start. When Redis goes away later, a rate-limited request is refused with a 503
 * (never let through uncounted); the outage is logged once, and again once it answers.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient, ErrorReply } from 'redis';
import { messages } from '../../contract/messages';
import { AppError, StartRefused } from '../errors';
import { storedKey, windowHit, type RateLimitStore, type WindowAttempt, type WindowHit } from './rate-limit';

/** KEYS: the windows; ARGV[i]: KEYS[i]'s window in ms. Answers count and remaining ms per key. */
const hitScript = `
local answers = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local left = redis.call('PTTL', key)
  if count == 1 or left < 0 then
    redis.call('PEXPIRE', key, ARGV[i])
    left = tonumber(ARGV[i])
  end
  answers[2 * i - 1] = count
  answers[2 * i] = left
end
return answers
`;
const hitScriptSha = createHash('sha1').update(hitScript).digest('hex');

/** KEYS: windows to take one attempt back from, while they last and hold more than none. */
const refundScript = `
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count > 0 then redis.call('DECR', key) end
end
return 0
`;
const refundScriptSha = createHash('sha1').update(refundScript).digest('hex');

/** How long a start waits for Redis, and a request for its answer, before calling it gone. */
const connectTimeoutMs = 5_000;
const commandTimeoutMs = 2_000;

/**
 * node-redis's own command timeout stops at the socket: a command written to a Redis that hangs
 * would wait for ever. The request gives up here; the command's late answer is dropped.
 */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer in ${ms} ms`)), ms);
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** host:port of a Redis URL, for messages (the URL itself may carry a password). */
export function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 6379}`;
}

/** Connects and pings within the start's wait, or throws the refusal that names Redis and the way out. */
async function connectWithin(client: { connect(): Promise<unknown>; ping(): Promise<unknown> }, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${connectTimeoutMs / 1000} s`)), connectTimeoutMs + 1_000);
      }),
    ]);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new StartRefused(
      `REDIS_URL is set, but Redis at ${redisAddress(url)} does not answer (${cause}). ` +
        'Rate limits are counted in Redis when REDIS_URL is set: start Redis, or unset REDIS_URL to count them in the database.',
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refuses a start whose REDIS_URL does not answer before the database is opened or migrated: a
 * misconfigured server stops in seconds and leaves the database as it was.
 */
export async function ensureRedisAnswers(url: string): Promise<void> {
  const client = createClient({ url, name: 'kaksha-start-check', socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: (_retries, cause) => cause } });
  client.on('error', () => undefined);
  try {
    await connectWithin(client, url);
  } finally {
    if (client.isOpen) client.destroy();
  }
}

export async function openRedisRateLimitStore(url: string, keyPrefix: string, log: FastifyBaseLogger): Promise<RateLimitStore> {
  let started = false;
  let down = false;
  const client = createClient({
    url,
    name: 'kaksha-rate-limits',
    // A request while reconnecting fails at once (503) instead of waiting in a queue.
    disableOfflineQueue: true,
    commandOptions: { timeout: commandTimeoutMs },
    // While Redis hangs, commands given up on still wait for their answers: never more than these.
    commandsQueueMaxLength: 10_000,
    socket: {
      connectTimeout: connectTimeoutMs,
      // Before the first connection: give up (the start is refused). After: keep trying, up to every 2 s.
      reconnectStrategy: (retries, cause) => (started ? Math.min(100 * (retries + 1), 2_000) : cause),
    },
  });

  const wentDown = (error: unknown) => {
    if (!started || down) return;
    down = true;
    log.error({ err: error }, 'Redis (REDIS_URL) does not answer: rate-limited requests are refused with 503 until it does');
  };
  const cameBack = () => {
    if (!down) return;
    down = false;
    log.info('Redis (REDIS_URL) answers again: rate limits are counted');
  };
  client.on('error', wentDown);
  client.on('ready', cameBack);

  try {
    await connectWithin(client, url);
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw error;
  }
  started = true;

  const run = async (keys: string[], windows: string[], script = hitScript, sha = hitScriptSha): Promise<unknown> => {
    try {
      return await client.evalSha(sha, { keys, arguments: windows });
    } catch (error) {
      // The first call after Redis started (or flushed its scripts) sends the script itself.
      if (error instanceof ErrorReply && error.message.startsWith('NOSCRIPT')) return client.eval(script, { keys, arguments: windows });
      throw error;
    }
  };
  const keysOf = (attempts: readonly WindowAttempt[]) => attempts.map(({ limiter, key }) => `${keyPrefix}rate:${storedKey(limiter, key)}`);

  return {
    kind: 'redis',
    async hit(attempts: readonly WindowAttempt[]): Promise<WindowHit[]> {
      if (attempts.length === 0) return [];
      const keys = keysOf(attempts);
      let answers: number[];
      try {
        const reply = await within(
          run(
            keys,
            attempts.map(({ limiter }) => String(limiter.limit.windowMs)),
          ),
          commandTimeoutMs,
        );
        if (!Array.isArray(reply) || reply.length !== keys.length * 2 || !reply.every((n) => typeof n === 'number')) {
          throw new Error(`unexpected answer to the rate limit script: ${JSON.stringify(reply)}`);
        }
        answers = reply as number[];
      } catch (error) {
        wentDown(error);
        throw new AppError(503, messages.common.limitsUnavailable);
      }
      cameBack();
      return attempts.map(({ limiter }, i) => windowHit(limiter, answers[2 * i]!, answers[2 * i + 1]!));
    },
    async refund(attempts: readonly WindowAttempt[]): Promise<void> {
      if (attempts.length === 0) return;
      try {
        await within(run(keysOf(attempts), [], refundScript, refundScriptSha), commandTimeoutMs);
      } catch (error) {
        wentDown(error);
        throw new AppError(503, messages.common.limitsUnavailable);
      }
      cameBack();
    },
    async close() {
      if (!client.isOpen) return;
      // A graceful close waits for pending answers, which a hanging Redis never gives.
      if (client.isReady) await within(client.close(), commandTimeoutMs).catch(() => client.isOpen && client.destroy());
      else client.destroy();
    },
  };
}
