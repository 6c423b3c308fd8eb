/**
 * Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL is given.
 * Both speak the same dialect, run the same migrations and return the same Drizzle type.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ChangeHub, changeChannel, listenOnPoolConnection, listenOnPostgres, type ChangeFeed } from './changes';

/**
 * The database as every query sees it. Queries name their tables (core-tables.ts, service-tables.ts,
 * each module's tables.ts), so the client is opened without a schema object and imports no module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** What several processes on one database share besides the data (docs/deployment.md). */
export interface Coordination {
  /** The change feed (server/db/changes.ts), started on first use and closed with the database. */
  changes(): Pick<ChangeFeed, 'subscribe'>;
  /**
   * Runs `work` unless another process runs the task of that name right now (a PostgreSQL
   * advisory lock held for the duration); answers whether it ran.
   */
  runExclusive(name: string, work: () => Promise<unknown>): Promise<boolean>;
  /** Which database: embedded PGlite has no autovacuum, so the server gathers its statistics itself. */
  kind: 'pglite' | 'postgres';
}

export interface Database extends Coordination {
  db: Db;
  /** Opens the pool's connections before the first requests come (a server about to listen). */
  warm(): Promise<void>;
  /** Embedded PGlite only: its whole data directory as one archive (a backup, or a template for `snapshot`). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * `poolSize`: connections per process (default 10); processes × pool must fit the server's limit.
 * `snapshot`: an in-memory database starts from this dump of another (`dumpDataDir()`), skipping
 * PGlite's initdb and the migrations it already has.
 */
export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string } | { memory: true; snapshot?: Blob };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The 64-bit advisory lock id of a named task. */
export function advisoryLockId(name: string): string {
  return createHash('sha256').update(`kaksha-task\0${name}`).digest().readBigInt64BE(0).toString();
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Several processes (or machines) starting at once migrate one at a time.
    const migrator = new pg.Client({ connectionString: target.url });
    await migrator.connect();
    try {
      await migrator.query('select pg_advisory_lock($1)', [advisoryLockId('migrate')]);
      await migrate(drizzle(migrator), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    const hub = new ChangeHub();
    const size = target.poolSize ?? 10;
    // Connections stay open once made (min = max): a quiet hour would otherwise close them all, and
    // the 9 am burst, every class's sheet at once, would first wait for ten new backends.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: size,
      min: size,
      onConnect: (client) => listenOnPoolConnection(client, hub),
    });
    // An idle connection that breaks (server restart, terminated backend) is dropped by the pool and
    // replaced on next use; without a listener its 'error' event would end the process.
    pool.on('error', () => {});
    const db = drizzle(pool);
    let feed: ChangeFeed | undefined;
    return {
      db,
      kind: 'postgres',
      changes: () => (feed ??= listenOnPostgres(target.url, hub)),
      async warm() {
        const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
        for (const client of clients) client.release();
      },
      async runExclusive(name, work) {
        const client = await pool.connect();
        const lock = advisoryLockId(name);
        try {
          const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [lock]);
          if (!rows[0]?.locked) return false;
          try {
            await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [lock]);
          }
          return true;
        } finally {
          client.release();
        }
      },
      async close() {
        await feed?.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(path.join(target.dataDir, 'pglite'));
  } else {
    client = target.snapshot ? new PGlite({ loadDataDir: target.snapshot }) : new PGlite();
  }
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  // One process owns PGlite: the feed is always live and a task never runs twice at once elsewhere.
  const hub = new ChangeHub();
  let unlisten: Promise<() => Promise<void>> | undefined;
  return {
    db,
    kind: 'pglite',
    changes() {
      unlisten ??= client.listen(changeChannel, (payload) => hub.changed(payload)).then((stop) => {
        hub.setListening(true);
        return stop;
      });
      return { subscribe: (handlers) => hub.subscribe(handlers) };
    },
    async runExclusive(_name, work) {
      await work();
      return true;
    },
    warm: () => Promise.resolve(),
    dump: () => client.dumpDataDir('none'),
    async close() {
      if (unlisten) await (await unlisten)();
      await client.close();
    },
  };
}
