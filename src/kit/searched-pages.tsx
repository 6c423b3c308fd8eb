/** A list's search (column and text) and its pages of 20, and the pager for them. */
import { useState } from 'react';
import type { Column } from '../ui/columns';
import { defaultPageSize, Pager, usePaging, type Paging } from './paging';
import { allColumns, useLocalSearch, type SearchBarProps } from './search';

/**
 * `columns` must stay the same between renders (module level or memoized). A change of
 * `filterKey` (the list's own filters) or of the search sends the list back to page 0.
 */
export function useSearchedPages<T>(rows: readonly T[], columns: readonly Column<T>[], filterKey = '') {
  const [column, setColumn] = useState<string>(allColumns);
  const [query, setQuery] = useState('');
  const found = useLocalSearch(rows, columns, column, query);
  const paging = usePaging(found.rows, defaultPageSize, `${filterKey}|${column}|${query}`);
  const searchBar: SearchBarProps = { columns, column, onColumnChange: setColumn, query, onQueryChange: setQuery };
  return { query, found, paging, searchBar };
}

export function PagerFor<T>({ paging }: { paging: Paging<T> }) {
  return <Pager page={paging.page} pageCount={paging.pageCount} onPageChange={paging.setPage} total={paging.total} pageSize={paging.pageSize} />;
}
