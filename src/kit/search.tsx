/**
 * Local search over the mirror: a column choice ("All columns" or one searchable column) and a
 * text. Every row's text is normalized once per rows change; typing filters against the deferred
 * query, so 3,000 rows search as you type without a timer.
 */
import { useDeferredValue, useId, useMemo } from 'react';
import type { Column } from '../ui/columns';
import { recordsKitTexts as text } from './texts';
import { useLanguage } from '../i18n';
import './records-kit.css';

export const allColumns = 'all';

/** Lower case, no accents, single spaces: "  Class  VI " and "class vi" match. */
export function normalizeText(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface LocalSearch<T> {
  rows: readonly T[];
  /** True while the list still shows the result of an older query. */
  stale: boolean;
}

/** `column` is a column key or `allColumns`; an empty query keeps every row. */
export function useLocalSearch<T>(rows: readonly T[], columns: readonly Column<T>[], column: string, query: string): LocalSearch<T> {
  const haystacks = useMemo(
    () =>
      rows.map((row) => {
        const byColumn = new Map<string, string>();
        for (const item of columns) byColumn.set(item.key, normalizeText(item.text(row)));
        return { row, byColumn, all: [...byColumn.values()].join('\u0000') };
      }),
    [rows, columns],
  );
  const deferred = useDeferredValue(query);
  const deferredColumn = useDeferredValue(column);
  const filtered = useMemo(() => {
    const needle = normalizeText(deferred);
    if (!needle) return rows;
    const known = deferredColumn !== allColumns && columns.some((item) => item.key === deferredColumn);
    return haystacks
      .filter((entry) => (known ? (entry.byColumn.get(deferredColumn) ?? '') : entry.all).includes(needle))
      .map((entry) => entry.row);
  }, [haystacks, rows, columns, deferred, deferredColumn]);
  return { rows: filtered, stale: deferred !== query || deferredColumn !== column };
}

export interface SearchBarProps {
  /** The searchable columns (key and header). */
  columns: readonly Pick<Column<unknown>, 'key' | 'header'>[];
  column: string;
  onColumnChange: (column: string) => void;
  query: string;
  onQueryChange: (query: string) => void;
  /** When set, both controls are disabled and this reason is shown. */
  disabledReason?: string;
  /** Announced politely after typing, e.g. the number of matches. */
  status?: string;
}

export function SearchBar({ columns, column, onColumnChange, query, onQueryChange, disabledReason, status }: SearchBarProps) {
  useLanguage();
  const id = useId();
  const disabled = Boolean(disabledReason);
  const reasonId = `${id}-reason`;
  return (
    <div className="rk-search" role="search">
      <div className="field rk-search-column">
        <label className="field-label" htmlFor={`${id}-column`}>
          {text.search.column}
        </label>
        <select
          id={`${id}-column`}
          className="field-input"
          value={column}
          disabled={disabled}
          aria-describedby={disabled ? reasonId : undefined}
          onChange={(event) => onColumnChange(event.target.value)}
        >
          <option value={allColumns}>{text.search.allColumns}</option>
          {columns.map((item) => (
            <option key={item.key} value={item.key}>
              {item.header}
            </option>
          ))}
        </select>
      </div>
      <div className="field rk-search-text">
        <label className="field-label" htmlFor={`${id}-query`}>
          {text.search.label}
        </label>
        <input
          id={`${id}-query`}
          className="field-input"
          type="search"
          autoComplete="off"
          placeholder={text.search.placeholder}
          value={query}
          disabled={disabled}
          aria-describedby={disabled ? reasonId : undefined}
          onChange={(event) => onQueryChange(event.target.value)}
        />
      </div>
      {disabledReason && (
        <p className="field-hint rk-search-reason" id={reasonId}>
          {disabledReason}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {status ?? ''}
      </p>
    </div>
  );
}
