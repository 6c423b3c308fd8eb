/** Pages and column search the same way for every entity (docs/api.md: page, size, totalElements ...). */
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

export async function toPage<T>(
  query: PageQuery,
  total: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [totalElements, content] = await Promise.all([total(), rows(query.size, query.page * query.size)]);
  return { content, page: query.page, size: query.size, totalElements, totalPages: Math.ceil(totalElements / query.size) };
}

/** The declared searchable column named `column`, or a 400 (never SQL). */
export function searchableColumn<C extends string>(columns: readonly C[], column: string, message: string): C {
  const found = columns.find((name) => name === column);
  if (!found) throw badRequest(message);
  return found;
}
