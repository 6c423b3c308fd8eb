/** Pages and column search the same way for every entity (docs/api.md: page, size, totalElements ...). */
import { sql } from 'drizzle-orm';
import type { Page, PageQuery } from '../../contract/envelope';
import { badRequest } from '../errors';

/** Escapes LIKE wildcards, so a searched value matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%value%` for ILIKE. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

/**
 * The size of the whole filtered set, on every row of the page: select it as `total` beside the
 * columns, and count and page are one query instead of two.
 */
export const totalCount = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * A page of `rows`, shaped by `content` when given. When the rows select `total: totalCount`, the
 * count rides on them and `total` runs only for a page past the end; a list whose order an index
 * gives reads its 20 rows without the window (which joins and counts the whole set) and counts
 * apart with `total` (docs/decisions.md "Lists as cheap as the classes page").
 */
export async function toPage<R extends object, T = Omit<R, 'total'>>(
  query: PageQuery,
  total: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<R[]>,
  content: (rows: Omit<R, 'total'>[]) => T[] | Promise<T[]> = (page) => page as unknown as T[],
): Promise<Page<T>> {
  const found = await rows(query.size, query.page * query.size);
  const carried = (found[0] as { total?: number } | undefined)?.total;
  const totalElements = carried ?? (found.length === 0 && query.page === 0 ? 0 : await total());
  const items = await content(found.map((row) => omitTotal(row)));
  return { content: items, page: query.page, size: query.size, totalElements, totalPages: Math.ceil(totalElements / query.size) };
}

function omitTotal<R extends object>(row: R): Omit<R, 'total'> {
  const { total: _total, ...rest } = row as R & { total?: number };
  return rest;
}

/** A page of a list already read whole (a school's few dozen fee heads, say). */
export function listPage<T>(items: readonly T[], query: PageQuery): Page<T> {
  const start = query.page * query.size;
  return {
    content: items.slice(start, start + query.size),
    page: query.page,
    size: query.size,
    totalElements: items.length,
    totalPages: Math.ceil(items.length / query.size),
  };
}

/** The declared searchable column named `column`, or a 400 (never SQL). */
export function searchableColumn<C extends string>(columns: readonly C[], column: string, message: string): C {
  const found = columns.find((name) => name === column);
  if (!found) throw badRequest(message);
  return found;
}
