/**
 * A list of values as ONE array parameter (`$1::uuid[]`). The driver writes an array parameter
 * element by element, quoting and escaping each; for values that can hold no character an array
 * literal treats specially (UUIDs, dates, ISO times) the literal is written here in one join,
 * after each value is checked by its type's pattern, and any other list still goes through the driver.
 * A 9 am burst sends arrays of 7,500 ids several times per group of sheets.
 */
import { sql, type SQL } from 'drizzle-orm';

export type PlainArrayType = 'uuid' | 'date' | 'timestamptz';

/** A plain element of each type: no comma, brace, quote, space or backslash; never the word NULL. */
const plainElement: Record<PlainArrayType, RegExp> = {
  uuid: /^[0-9A-Fa-f-]+$/,
  date: /^[0-9-]+$/,
  timestamptz: /^[0-9TZ:.+-]+$/,
};

/** Whether every value reads back as itself from a literal joined with commas. */
function allPlain(values: readonly (string | null)[], type: PlainArrayType): boolean {
  const plain = plainElement[type];
  for (const value of values) if (value !== null && !plain.test(value)) return false;
  return true;
}

/** `values` as an array parameter cast to `type[]`; a null element is SQL NULL. */
export function arrayParam(values: readonly (string | null)[], type: PlainArrayType): SQL {
  const param = allPlain(values, type)
    ? sql.param(`{${values.map((value) => (value === null ? 'NULL' : value)).join(',')}}`)
    : sql.param([...values]);
  return sql`${param}::${sql.raw(type)}[]`;
}
