/**
 * Builds the Fastify app (tests call this and use `inject`; main.ts listens).
 * Order matters: security headers, validation and errors, access control, then the modules.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Coordination, Db } from './db/client';
import { foldLiveCounts, liveCountsFoldIntervalMs } from './db/live-counts';
import { analyzeChangedTables, statisticsIntervalMs } from './db/statistics';
import { registerBackgroundLoop } from './module-kit/background-loop';
import { type AttachmentStoreKind, databaseAttachmentStore, digestInUseByAny } from './files/attachment-store';
import { fileAttachmentStore } from './files/file-store';
import { deriveKeys } from './keys';
import { TokenService } from './tokens';
import { syncedEntities, type SyncedEntity } from '../contract/sync';
import { checkBatchWrites } from './module-kit/batch-writes';
import type { ServerModule } from './module-kit/module';
import { checkSyncSources } from './module-kit/sync-source';
import { serverModules } from './modules';
import { authenticateOperator } from './modules/operators/authenticate';
import { purgeTombstones } from './modules/sync/purge';
import { registerAccessControl } from './plugins/access';
import { AccessLogController, requestForLog } from './plugins/access-log';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling, sendNotFound } from './plugins/errors';
import { purgeIdempotencyKeys, registerIdempotency } from './plugins/idempotency';
import { registerInputGuards, rewriteMalformedUrl } from './plugins/input-guards';
import { registerMaintenance } from './plugins/maintenance';
import { registerNoStore } from './plugins/no-store';
import { databaseRateLimitStore, purgeRateLimitWindows, type RateLimitStore } from './plugins/rate-limit';
import { registerResponseSchemas } from './plugins/response-schemas';
import { registerRouteCatalogue } from './plugins/route-catalogue';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerZodValidation } from './plugins/zod-validation';
import { registerStaticApp } from './static-app';
import './types';

export interface BuildOptions {
  db: Db;
  config: ServerConfig;
  jwtSecret: string;
  /**
   * The database's change feed and task locks (server/db/client.ts). Without it the session cache
   * never trusts itself (every request reads the user) and maintenance runs without a lock.
   */
  coordination?: Coordination;
  /** Check every answer against its route's response schema (the API tests; see plugins/response-schemas.ts). */
  checkResponses?: boolean;
  /** pino options, or false for silence in tests. */
  logger?: boolean | object;
  /** The modules served (default: the registry, server/modules/index.ts; tests/fixtures/module adds one). */
  modules?: readonly ServerModule[];
  /** The entities the pull may send (default: the registry, contract/sync-entities.ts). */
  entities?: readonly SyncedEntity[];
  /**
   * Where attached files' bytes go: 'files' under DATA_DIR (embedded PGlite) or 'database'
   * (PostgreSQL); main.ts chooses by the database (attachmentStoreKindFor). Default 'database',
   * right on either database with any number of processes.
   */
  attachmentStore?: AttachmentStoreKind;
}

export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.jwtToken',
  'req.body.fcmToken',
  'res.headers["set-cookie"]',
];

/** The largest request body (JSON) the API reads; uploads have their own limit (imports/limits.ts). */
export const requestBodyLimit = 256 * 1024;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const modules = options.modules ?? serverModules;
  const entities = options.entities ?? syncedEntities;
  const syncSources = modules.flatMap((module) => module.syncSources ?? []);
  checkSyncSources(syncSources, entities);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: redactedLogPaths, censor: '[redacted]' },
            serializers: { req: requestForLog },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: requestBodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    rewriteUrl: rewriteMalformedUrl,
    // Route parameters of any length a request line can carry (Node caps it at 16 KiB) reach the
    // route, whose schema answers a 400 in the envelope; past the router's default of 100
    // characters Fastify would answer a bare 414 without the security headers.
    routerOptions: { maxParamLength: 16 * 1024 },
    logController: new AccessLogController(),
  });

  app.decorate('db', options.db);
  app.decorate('config', config);
  app.decorate('coordination', options.coordination);
  app.decorate('tokens', new TokenService(options.jwtSecret, config.tokenTtlSeconds));
  app.decorate('keys', deriveKeys(options.jwtSecret, config.secretsKey));
  // Bytes go only when no module's row names them (homework's attachments, leave's certificates).
  const digestInUse = digestInUseByAny(modules.flatMap((module) => (module.attachmentDigests ? [module.attachmentDigests] : [])));
  const attachmentStore =
    options.attachmentStore === 'files' ? fileAttachmentStore(options.db, config.dataDir, app.log, digestInUse) : databaseAttachmentStore(options.db, config.dataDir, digestInUse);
  app.decorate('attachmentStore', attachmentStore);
  app.addHook('onClose', () => attachmentStore.settle());
  // Chosen once: routes call rateLimitBy and never ask which store counts (docs/deployment.md).
  const rateLimitStore: RateLimitStore = config.redisUrl
    ? await (await import('./plugins/rate-limit-redis')).openRedisRateLimitStore(config.redisUrl, config.redisKeyPrefix, app.log)
    : databaseRateLimitStore(options.db);
  app.decorate('rateLimitStore', rateLimitStore);
  app.addHook('onClose', () => rateLimitStore.close());

  registerZodValidation(app);
  registerResponseSchemas(app, options.checkResponses ?? false);
  registerErrorHandling(app);
  registerInputGuards(app);
  registerRouteCatalogue(app);

  registerSecurityHeaders(app, config);
  registerNoStore(app);

  registerAccessControl(app, options.coordination, authenticateOperator);
  registerIdempotency(app);
  // After idempotency's onSend (which reads the answer as JSON), before any route.
  registerCompression(app);
  registerMaintenance(app, options.coordination, [
    { name: 'idempotency-keys', run: (db) => purgeIdempotencyKeys(db) },
    { name: 'rate-limit-windows', run: (db) => purgeRateLimitWindows(db) },
    { name: 'tombstones', run: (db) => purgeTombstones(db, undefined, (err, table) => app.log.error({ err, table }, 'tombstone purge failed')) },
  ]);
  registerBackgroundLoop(app, { name: 'live-row-counts', intervalMs: liveCountsFoldIntervalMs, runAtStart: true, work: () => foldLiveCounts(app.db) });
  // PostgreSQL's autovacuum keeps the planner's statistics; PGlite has none (server/db/statistics.ts).
  if (options.coordination?.kind === 'pglite') {
    registerBackgroundLoop(app, {
      name: 'statistics',
      intervalMs: statisticsIntervalMs,
      runAtStart: true,
      work: async () => {
        const analyzed = await analyzeChangedTables(app.db);
        if (analyzed.length > 0) app.log.info({ analyzed }, 'planner statistics gathered');
      },
    });
  }

  checkBatchWrites(app, modules.flatMap((module) => module.batchWrites ?? []));
  await app.register(
    async (api) => {
      api.decorate('serverModules', modules);
      api.decorate('syncedEntities', entities);
      api.decorate('syncSources', syncSources);
      api.decorate('importers', modules.flatMap((module) => module.importers ?? []));
      for (const module of modules) {
        await api.register(async (scope) => {
          scope.decorate('moduleName', module.name);
          await scope.register(module.routes);
        });
      }
      api.setNotFoundHandler(sendNotFound);
    },
    { prefix: '/api' },
  );

  if (config.staticDir) await registerStaticApp(app, config.staticDir);
  else app.setNotFoundHandler(sendNotFound);

  return app;
}
