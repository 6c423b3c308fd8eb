/**
 * Starts Kaksha: opens the database (migrations applied), optionally seeds the demo schools into an
 * empty database, serves API and app, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { configFromEnv, type ServerConfig } from './config';
import { openDatabase } from './db/client';
import { loadJwtSecret } from './modules/auth/tokens';
import { demoAccounts, demoPassword, seedDemoSchools } from './seed/demo';

export interface StartOptions {
  config?: ServerConfig;
  seedDemo?: boolean;
}

export async function start(options: StartOptions = {}) {
  const config = options.config ?? configFromEnv();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const seeded = options.seedDemo ? await seedDemoSchools(database.db) : false;
  const app = await buildApp({ db: database.db, config, jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir) });

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

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  const lines = [
    '',
    `Kaksha is running at ${url}`,
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (options.seedDemo) {
    lines.push(seeded ? 'Demo schools seeded into the empty database.' : 'Database already holds data; demo seed skipped.');
    lines.push(`Demo accounts (password ${demoPassword}) in schools greenvalley and riverside:`);
    for (const account of demoAccounts) lines.push(`  ${account.role.padEnd(8)} ${account.username}`);
  }
  console.log(lines.join('\n'));
  return { app, database, url };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  start({ seedDemo: process.env.SEED_DEMO === '1' }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
