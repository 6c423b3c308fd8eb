/**
 * `column = any($1::type[])`: a list of values as ONE array parameter. Drizzle's inArray makes a
 * parameter of each value, typed and built one by one: a run of 100 sheets asks about 3,000
 * students, which is that many parameters to build and send (PostgreSQL takes at most 65,535).
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import { arrayParam } from './array-param';

type ArrayType = 'uuid' | 'date' | 'text';

export function anyOf(column: Column, values: readonly string[], type: ArrayType): SQL {
  if (type === 'text') return sql`${column} = any(${sql.param([...values])}::text[])`;
  return sql`${column} = any(${arrayParam(values, type)})`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID, as a `uuid` column or a `uuid[]` parameter takes it. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
