/**
 * Statements a hot route runs with only its values changing, built once per database instead of on
 * every request: Drizzle building a page query was a fifth of a signed-in list request's CPU
 * (`bench:api`), and on PostgreSQL a named statement is also parsed once per connection.
 * Values go in as `sql.placeholder(name)`; `build` runs on first use for each database.
 */
import { Placeholder, sql } from 'drizzle-orm';
import type { Db } from './client';

export function preparedOn<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** What a page statement reads: its LIMIT and OFFSET, and its name made distinct for each size. */
export interface PageBounds {
  limit: number | Placeholder;
  offset: number | Placeholder;
  name: (base: string) => string;
}

/** A number written into the statement's text (drizzle's types name numbers and placeholders only). */
function literal(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a page bound: ${value}`);
  return sql.raw(String(value)) as unknown as number;
}

/**
 * A page statement for a list read in an index's order, its first page of each size a statement of
 * its own with the size written into its text: with LIMIT and OFFSET as parameters PostgreSQL
 * cannot cost a generic plan for it (it assumes a tenth of the rows), so it planned the statement
 * afresh on every execution, which was most of the server's time for such a page
 * (docs/decisions.md "Lists as cheap as the classes page"). Later pages take both as
 * placeholders `limit` and `offset`. Sizes are bounded by the contract's page size.
 */
export function preparedPages<T>(build: (db: Db, bounds: PageBounds) => T): (db: Db, limit: number, offset: number) => T {
  const later = preparedOn((db) => build(db, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), name: (base) => base }));
  const firsts = new WeakMap<Db, Map<number, T>>();
  return (db, limit, offset) => {
    if (offset !== 0) return later(db);
    let bySize = firsts.get(db);
    if (bySize === undefined) {
      bySize = new Map();
      firsts.set(db, bySize);
    }
    let statement = bySize.get(limit);
    if (statement === undefined) {
      statement = build(db, { limit: literal(limit), offset: literal(0), name: (base) => `${base}_first_${limit}` });
      bySize.set(limit, statement);
    }
    return statement;
  };
}

interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<{ rows: T[] }>;
}

/** The PGlite client under `db`; undefined on PostgreSQL. */
function pgliteOf(db: Db): PgliteClient | undefined {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === 'object' && client !== null && 'execProtocol' in client ? (client as unknown as PgliteClient) : undefined;
}

/** EXECUTE's arguments written into its text: PGlite's query binds no parameters to it. */
function argument(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`not a statement argument: ${String(value)}`);
}

/**
 * On PGlite, a statement prepared by name once (SQL PREPARE) and run by EXECUTE, its rows as arrays
 * of the columns in order: PGlite plans every query it is given, and for a page joining several
 * tables the planning was about half of the query's cost, while a named statement runs a generic
 * plan once PostgreSQL has made it (docs/decisions.md "Lists as cheap as the classes page").
 * `query` gives the statement's text with `$n` parameters in the order of `params`, placeholders
 * among them. Undefined on PostgreSQL, where drizzle's named statements already do this.
 */
export function pgliteNamed(name: string, query: (db: Db) => { sql: string; params: unknown[] }) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  const prepared = new WeakMap<Db, { params: unknown[]; ready: Promise<unknown> }>();
  return (db: Db): ((values: Record<string, unknown>) => Promise<unknown[][]>) | undefined => {
    const client = pgliteOf(db);
    if (client === undefined) return undefined;
    let statement = prepared.get(db);
    if (statement === undefined) {
      const { sql: text, params } = query(db);
      const ready = client.query(`prepare ${name} as ${text}`).catch((error: unknown) => {
        prepared.delete(db);
        throw error;
      });
      statement = { params, ready };
      prepared.set(db, statement);
    }
    const { params, ready } = statement;
    return async (values) => {
      await ready;
      const args = params.map((param) => argument(param instanceof Placeholder ? values[param.name] : param));
      return (await client.query<unknown[]>(`execute ${name}(${args.join(', ')})`, [], { rowMode: 'array' })).rows;
    };
  };
}
