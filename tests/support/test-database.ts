/**
 * A fresh database per test file: embedded PGlite in memory, or, when TEST_DATABASE_URL is set,
 * a new database created on that PostgreSQL server and dropped afterwards.
 *
 * Both start from a migrated template made once per set of migrations, not from an empty database:
 * PGlite loads a dump (`.tmp/db-templates/pglite-<hash>.tar`, written by the first file that needs
 * it), PostgreSQL copies a template database (`kaksha_template_<hash>`). Migrating from nothing
 * costs seconds a file; the copy a fraction of that.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { advisoryLockId, openDatabase, type Database } from '../../server/db/client';

const root = path.resolve(import.meta.dirname, '..', '..');
const migrationsFolder = path.join(root, 'server', 'db', 'migrations');
const templatesFolder = path.join(root, '.tmp', 'db-templates');

/** Names the migrations as they are now: a changed or added migration makes a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ memory: true, snapshot: await pgliteTemplate() });
  return openScratchDatabase(serverUrl, 'kaksha_test', await postgresTemplate(serverUrl));
}

let pgliteSnapshot: Promise<Blob> | undefined;

async function pgliteTemplate(): Promise<Blob> {
  pgliteSnapshot ??= (async () => {
    const file = path.join(templatesFolder, `pglite-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ memory: true });
    try {
      const dump = await database.dump!();
      mkdirSync(templatesFolder, { recursive: true });
      // Another worker may write the same file meanwhile: each writes its own and renames it in whole.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return pgliteSnapshot;
}

const postgresTemplates = new Map<string, Promise<string>>();

/** The migrated template database on that server, made once by whichever process gets there first. */
function postgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = makePostgresTemplate(serverUrl);
    postgresTemplates.set(serverUrl, template);
  }
  return template;
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `kaksha_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [advisoryLockId('test-template')]);
    const { rows } = await admin.query<{ ready: boolean }>('select datistemplate as ready from pg_database where datname = $1', [name]);
    if (rows[0]?.ready) return name;
    // Templates of other migrations are dropped a day after they were made: another checkout on this
    // server may still be using one now.
    const stale = await admin.query<{ datname: string; made: string | null }>(
      "select datname, shobj_description(oid, 'pg_database') as made from pg_database where datname like 'kaksha\\_template\\_%' and datname <> $1",
      [name],
    );
    for (const { datname, made } of stale.rows) {
      if (Number(made) > Date.now() - 86_400_000) continue;
      await admin.query(`ALTER DATABASE ${datname} WITH is_template false`);
      await admin.query(`DROP DATABASE ${datname} WITH (FORCE)`);
    }
    // A run that stopped half-way leaves a database that is not marked a template yet: start over.
    if (rows.length > 0) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await database.close();
    await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
    await admin.query(`ALTER DATABASE ${name} WITH is_template true ALLOW_CONNECTIONS false`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [advisoryLockId('test-template')]).catch(() => undefined);
    await admin.end();
  }
}

/**
 * A new database on the PostgreSQL server `serverUrl` names (never that database itself), dropped on
 * close; a copy of `template` when given.
 */
export async function openScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<Database & { url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
