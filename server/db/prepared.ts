/**
 * Statements a hot route runs with only its values changing, built once per database instead of on
 * every request: Drizzle building a page query was a fifth of a signed-in list request's CPU
 * (`bench:api`), and on PostgreSQL a named statement is also parsed once per connection.
 * Values go in as `sql.placeholder(name)`; `build` runs on first use for each database.
 */
import { sql, type Placeholder } from 'drizzle-orm';
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
