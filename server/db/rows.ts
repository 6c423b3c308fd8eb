/** Raw SQL results read the same way on PGlite and node-postgres (both put them in `rows`). */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
