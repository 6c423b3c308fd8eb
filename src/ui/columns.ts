import type { ReactNode } from 'react';

/** One column of a record list: shown by RecordTable, searched by useLocalSearch, exported to CSV. */
export interface Column<T> {
  key: string;
  header: string;
  /** What the table shows; defaults to `text(row)`. */
  cell?: (row: T) => ReactNode;
  /** The plain value searched and exported. */
  text: (row: T) => string;
  /** Extra class on the column's cells (e.g. 'rk-num' for right-aligned numbers). */
  className?: string;
}

export function cellOf<T>(column: Column<T>, row: T): ReactNode {
  return column.cell ? column.cell(row) : column.text(row);
}

/** The searchable columns of a list, in the contract's order, each with its header and value. */
export function searchColumnsOf<T, K extends string>(keys: readonly K[], headers: Record<K, string>, values: Record<K, (row: T) => string>): readonly Column<T>[] {
  return keys.map((key) => ({ key, header: headers[key], text: values[key] }));
}
