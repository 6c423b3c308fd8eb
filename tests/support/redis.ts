/**
 * Redis for the tests of rate limits counted in Redis: TEST_REDIS_URL, or the local server. Tests
 * that need it skip when it does not answer (as PostgreSQL's tests skip without TEST_DATABASE_URL),
 * and each uses a key prefix of its own, so runs in parallel never count each other's attempts.
 */
import { randomBytes } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import { createClient } from 'redis';

export const redisTestUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether Redis answers PING at redisTestUrl within a second. */
export async function redisAnswers(url = redisTestUrl): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

/** A REDIS_KEY_PREFIX no other test run uses. */
export function testRedisPrefix(): string {
  return `kaksha-test:${Date.now().toString(36)}${randomBytes(4).toString('hex')}:`;
}

const newClient = (url: string) => createClient({ url });
export type TestRedisClient = ReturnType<typeof newClient>;

export async function connectTestRedis(url = redisTestUrl): Promise<TestRedisClient> {
  const client = newClient(url);
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Every key under `prefix`, with its remaining lifetime in ms (-1: none). */
export async function keysUnder(client: TestRedisClient, prefix: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
    for (const key of keys) found.set(key, await client.pTTL(key));
  }
  return found;
}

export async function deleteKeysUnder(client: TestRedisClient, prefix: string): Promise<void> {
  const keys = [...(await keysUnder(client, prefix)).keys()];
  if (keys.length) await client.del(keys);
}

/**
 * A TCP relay to Redis that a test can cut and restore: the app's Redis "goes away" (its
 * connections drop and new ones are refused) without touching the Redis other tests use.
 */
export class RedisRelay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** Each connection's pipe from Redis back to the app. */
  private readonly replies = new Map<Socket, Socket>();
  private frozen = false;
  port = 0;

  constructor(private readonly target = new URL(redisTestUrl)) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = new Socket();
      outbound.connect(Number(this.target.port || 6379), this.target.hostname);
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          inbound.destroy();
          outbound.destroy();
        });
      }
      inbound.pipe(outbound);
      if (!this.frozen) outbound.pipe(inbound);
      this.replies.set(outbound, inbound);
      outbound.on('close', () => this.replies.delete(outbound));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Redis hangs: it still takes commands (and runs them), but its answers are held back. */
  freeze(): void {
    this.frozen = true;
    for (const [outbound, inbound] of this.replies) {
      outbound.unpipe(inbound);
      outbound.pause();
    }
  }

  /** The held answers arrive, in order, and the following ones too. */
  thaw(): void {
    this.frozen = false;
    for (const [outbound, inbound] of this.replies) outbound.pipe(inbound);
  }

  /** Drops every connection and refuses new ones until open() again (on the same port). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
