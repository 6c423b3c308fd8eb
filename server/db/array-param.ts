/**
 * A list of values as ONE array parameter (`$1::uuid[]`). The driver writes an array parameter
 * element by element, quoting and escaping each; for values that can hold no character an array
 * literal treats specially (UUIDs, dates, ISO times) the literal is written here in one join,
 * checked by one pattern, and any other list still goes through the driver. A 9 am burst sends
 * arrays of 7,500 ids several times per group of sheets.
 */
import { sql, type SQL } from 'drizzle-orm';

export type PlainArrayType = 'uuid' | 'date' | 'timestamptz';

const plainElement: Record<PlainArrayType, string> = {
  uuid: '[0-9A-Fa-f-]+',
  date: '[0-9-]+',
  timestamptz: '[0-9TZ:.+-]+',
};

const literalPattern = Object.fromEntries(
  Object.entries(plainElement).map(([type, element]) => [type, new RegExp(`^\\{(?:(?:${element}|NULL)(?:,(?:${element}|NULL))*)?\\}$`)]),
) as Record<PlainArrayType, RegExp>;

function commasIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf(','); at !== -1; at = text.indexOf(',', at + 1)) count += 1;
  return count;
}

/**
 * Whether `literal`, joined from `values`, reads back as exactly those values: only plain
 * characters, no element that is empty or spells NULL, and no comma but the ones between elements.
 */
function isExactLiteral(literal: string, values: readonly (string | null)[], type: PlainArrayType): boolean {
  return literalPattern[type].test(literal) && !values.includes('NULL') && commasIn(literal) === Math.max(0, values.length - 1);
}

/** `values` as an array parameter cast to `type[]`; a null element is SQL NULL. */
export function arrayParam(values: readonly (string | null)[], type: PlainArrayType): SQL {
  const literal = `{${values.map((value) => (value === null ? 'NULL' : value)).join(',')}}`;
  const param = isExactLiteral(literal, values, type) ? sql.param(literal) : sql.param([...values]);
  return sql`${param}::${sql.raw(type)}[]`;
}
