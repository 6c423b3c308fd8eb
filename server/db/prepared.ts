/**
 * Statements a hot route runs with only its values changing, built once per database instead of on
 * every request: Drizzle building a page query was a fifth of a signed-in list request's CPU
 * (`bench:api`), and on PostgreSQL a named statement is also parsed once per connection.
 * Values go in as `sql.placeholder(name)`; `build` runs on first use for each database.
 */
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
