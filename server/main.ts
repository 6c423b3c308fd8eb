/**
 * Starts Kaksha: opens the database (migrations applied), optionally seeds the demo schools into an
 * empty database, serves API and app, and shuts down cleanly on SIGINT/SIGTERM.
 *
 * WEB_CONCURRENCY=N (PostgreSQL only) runs N worker processes on the one port (node:cluster): the
 * primary migrates, seeds and settles the JWT secret once, then forks the workers and replaces one
 * that dies. What the workers share lives in PostgreSQL (docs/deployment.md).
 */
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { configFromEnv, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { StartRefused } from './errors';
import { attachmentStoreKindFor, removeStaleIncoming } from './files/attachment-store';
import { moveBlobsToFiles } from './files/file-store';
import { loadJwtSecret } from './tokens';
import { demoAccounts, demoPassword, seedDemoSchools } from './seed/demo';

export interface StartOptions {
  config?: ServerConfig;
  seedDemo?: boolean;
}

export const embeddedConcurrencyRefusal =
  'WEB_CONCURRENCY above 1 needs PostgreSQL: the embedded PGlite database belongs to one process. ' +
  'Set DATABASE_URL to a PostgreSQL database, or leave WEB_CONCURRENCY unset (1).';

function openConfigured(config: ServerConfig): Promise<Database> {
  return openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolSize: config.databasePoolSize } : { dataDir: config.dataDir });
}

function banner(config: ServerConfig, database: Database['kind'], seedDemo: boolean, seeded: boolean): string {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `Kaksha is running at http://${shownHost}:${config.port}`,
    `Database: ${database === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.webConcurrency > 1) lines.push(`Worker processes: ${config.webConcurrency} (WEB_CONCURRENCY)`);
  if (seedDemo) {
    lines.push(seeded ? 'Demo schools seeded into the empty database.' : 'Database already holds data; demo seed skipped.');
    lines.push(`Demo accounts (password ${demoPassword}) in schools greenvalley and riverside:`);
    for (const account of demoAccounts) lines.push(`  ${account.role.padEnd(8)} ${account.username}`);
  }
  return lines.join('\n');
}

export async function start(options: StartOptions = {}) {
  const config = options.config ?? configFromEnv();
  if (config.webConcurrency > 1) {
    if (!config.databaseUrl) throw new Error(embeddedConcurrencyRefusal);
    if (cluster.isPrimary) return startPrimary(config, options.seedDemo ?? false);
    return serve(config, { seedDemo: false, quiet: true });
  }
  return serve(config, { seedDemo: options.seedDemo ?? false, quiet: false });
}

async function refuseUnansweredRedis(config: ServerConfig): Promise<void> {
  if (config.redisUrl) await (await import('./plugins/rate-limit-redis')).ensureRedisAnswers(config.redisUrl);
}

/** One process serving the app: the only one, or a cluster worker. */
async function serve(config: ServerConfig, options: { seedDemo: boolean; quiet: boolean }) {
  await refuseUnansweredRedis(config);
  const database = await openConfigured(config);
  const seeded = options.seedDemo ? await seedDemoSchools(database.db) : false;
  const attachmentStore = attachmentStoreKindFor(database.kind);
  // Bytes an upgrade (migration 0022) or the seed left in the database go to their files now.
  if (attachmentStore === 'files') await moveBlobsToFiles(database.db, config.dataDir);
  await removeStaleIncoming(config.dataDir);
  const app = await buildApp({
    db: database.db,
    coordination: database,
    attachmentStore,
    config,
    jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await database.warm();
  await app.listen({ port: config.port, host: config.host });
  if (!options.quiet) console.log(banner(config, database.kind, options.seedDemo, seeded));
  return { app, database, url: `http://${config.host}:${config.port}` };
}

/** The cluster's primary: prepares the database once, then keeps N workers running. */
async function startPrimary(config: ServerConfig, seedDemo: boolean) {
  await refuseUnansweredRedis(config);
  const database = await openConfigured(config);
  let seeded = false;
  try {
    seeded = seedDemo ? await seedDemoSchools(database.db) : false;
  } finally {
    await database.close();
  }
  // Workers started together must sign with one secret; generate (or read) it here, once.
  const env = { JWT_SECRET: loadJwtSecret(config.jwtSecret, config.dataDir) };

  let stopping = false;
  const fork = () => cluster.fork(env);
  const listened = new Set<number>();
  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    if (listened.size === config.webConcurrency) console.log(banner(config, database.kind, seedDemo, seeded));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker.id)) {
      // It failed while starting (its error is above): another would fail the same way.
      console.error(`Worker ${worker.process.pid} could not start (${signal ?? code}); stopping.`);
      process.exitCode = 1;
      stop('SIGTERM');
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit();
    for (const worker of workers) {
      worker?.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit();
      });
      worker?.process.kill(signal);
    }
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
  return { url: `http://${config.host}:${config.port}` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  start({ seedDemo: process.env.SEED_DEMO === '1' }).catch((error: unknown) => {
    const refused = error instanceof StartRefused || (error instanceof Error && error.message === embeddedConcurrencyRefusal);
    console.error(refused ? (error as Error).message : error);
    process.exit(1);
  });
}
