/**
 * Builds the real app over a fresh test database, with helpers to sign in and call it. Attachment
 * bytes go where the server puts them on that database (server/files/attachment-store.ts): on
 * PGlite into files under a DATA_DIR of this app's own, removed on close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { headers } from '../../contract/envelope';
import { paths } from '../../contract/paths';
import { buildApp, type BuildOptions } from '../../server/app';
import { configFromEnv, type RateLimitSettings, type ServerConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { attachmentStoreKindFor } from '../../server/files/attachment-store';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
  /** Calls the API as the given tenant, optionally with a bearer token. */
  call(options: InjectOptions & { tenant?: string; token?: string }): Promise<LightMyRequestResponse>;
  signIn(tenant: string, username: string, password: string): Promise<string>;
}

export const testJwtSecret = 'test-secret-test-secret-test-secret-0123456789';

export async function createTestApp(
  options: {
    rateLimits?: Partial<RateLimitSettings>;
    tokenTtlSeconds?: number;
    /** Any other settings (smtp, production ...), applied last. */
    config?: Partial<Omit<ServerConfig, 'rateLimits'>>;
    /** pino options for a test that reads the log (default: no log). */
    logger?: object;
    /** The modules and synced entities served (default: the app's registries; tests/fixtures/module adds one). */
    modules?: BuildOptions['modules'];
    entities?: BuildOptions['entities'];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-test-data-'));
  const base = configFromEnv({ DATA_DIR: dataDir, STATIC_DIR: '' });
  const config = {
    ...base,
    tokenTtlSeconds: options.tokenTtlSeconds ?? base.tokenTtlSeconds,
    rateLimits: {
      ...base.rateLimits,
      signInPerIp: 10_000,
      signInPerUserAddress: 10_000,
      signInPerUsername: 10_000,
      registerPerIp: 10_000,
      ...options.rateLimits,
    },
    // Tests run notification delivery themselves (server/modules/notifications/delivery.ts).
    deliveryIntervalMs: 0,
    // and ask the payment gateway about unpaid orders themselves (server/modules/payments/poller.ts).
    payments: { ...base.payments, pollIntervalMs: 0 },
    ...options.config,
  };
  const app = await buildApp({
    db: database.db,
    coordination: database,
    attachmentStore: attachmentStoreKindFor(database.kind),
    config,
    jwtSecret: testJwtSecret,
    logger: options.logger ?? false,
    checkResponses: true,
    modules: options.modules,
    entities: options.entities,
  }).catch(async (error: unknown) => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  await app.ready();

  const call: TestApp['call'] = ({ tenant, token, headers: extra, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(tenant ? { [headers.tenant]: tenant } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...extra,
      },
    });

  return {
    app,
    database,
    call,
    async signIn(tenant, username, password) {
      const response = await call({ method: 'POST', url: paths.authUser, tenant, payload: { username, password } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { jwtToken: string } }).data.jwtToken;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
