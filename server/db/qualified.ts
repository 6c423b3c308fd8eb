/**
 * A column written with its table's name. Drizzle leaves a one-table query's columns unqualified,
 * which inside a correlated subquery would bind them to the subquery's own tables (`tenant_id =
 * tenant_id`, always true): a subquery column of a page (homework's attachments, a receipt's items)
 * names every column through this.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
