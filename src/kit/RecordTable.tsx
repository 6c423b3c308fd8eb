/**
 * An accessible record table: caption, column headers with scope, the first column as row header,
 * optional selection checkboxes (select-all covers the rows shown). On a phone the table scrolls
 * sideways inside a focusable region with its first column kept in view, or, with `stackOnPhone`,
 * shows each row as a card of labelled values.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cellOf, type Column } from '../ui/columns';
import { stackCell, stackRowHeader, stackTable } from './stacked-table';
import { recordsKitTexts as text } from './texts';
import { useLanguage } from '../i18n';
import './records-kit.css';

export interface RecordTableProps<T> {
  caption: string;
  /** Show the caption to screen readers only. */
  captionHidden?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  emptyText: string;
  /** Selection: pass both to show checkboxes. */
  selectedIds?: ReadonlySet<string>;
  onSelectionChange?: (ids: Set<string>) => void;
  /** Names a row for its checkbox label (defaults to the first column's text). */
  rowLabel?: (row: T) => string;
  /** Buttons for one row (edit, delete ...), in a last column. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** The rows shown are about to change (a search still filtering): sets aria-busy. */
  busy?: boolean;
  /** On a phone, each row a card of labelled values instead of a table scrolling sideways (stacked-table.ts). */
  stackOnPhone?: boolean;
}

function SelectAll({ state, onChange }: { state: 'none' | 'some' | 'all'; onChange: (checked: boolean) => void }) {
  useLanguage();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={text.selectAll}
      checked={state === 'all'}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

export function RecordTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  getRowId,
  emptyText,
  selectedIds,
  onSelectionChange,
  rowLabel,
  actions,
  actionsHeader = text.actions,
  busy = false,
  stackOnPhone = false,
}: RecordTableProps<T>) {
  useLanguage();
  const captionId = useId();
  const selectable = Boolean(selectedIds && onSelectionChange);
  const [first, ...rest] = columns;
  const labelOf = (row: T) => rowLabel?.(row) ?? (first ? first.text(row) : getRowId(row));
  const ids = rows.map(getRowId);
  const chosen = selectedIds ? ids.filter((id) => selectedIds.has(id)).length : 0;
  const allState = chosen === 0 ? 'none' : chosen === ids.length ? 'all' : 'some';

  const toggle = (id: string, checked: boolean) => {
    if (!selectedIds || !onSelectionChange) return;
    const next = new Set(selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectionChange(next);
  };
  const toggleAll = (checked: boolean) => {
    if (!selectedIds || !onSelectionChange) return;
    const next = new Set(selectedIds);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    onSelectionChange(next);
  };

  const columnCount = columns.length + (selectable ? 1 : 0) + (actions ? 1 : 0);
  // Stacked, the table's parts state their roles and each cell its column (src/kit/stacked-table.ts).
  const roles = stackOnPhone ? stackTable : undefined;
  const cell = (label: string) => (stackOnPhone ? stackCell(label) : undefined);
  return (
    <div className={`rk-scroll${selectable ? ' rk-selectable' : ''}${stackOnPhone ? ' rk-stacked' : ''}`} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`rk-table${stackOnPhone ? ` ${stackTable.className}` : ''}`} aria-busy={busy || undefined} {...roles?.table}>
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : undefined}>
          {caption}
        </caption>
        <thead {...roles?.rowgroup}>
          <tr {...roles?.row}>
            {selectable && (
              <th scope="col" className="rk-check" {...roles?.columnheader}>
                {rows.length > 0 && <SelectAll state={allState} onChange={toggleAll} />}
              </th>
            )}
            {columns.map((column) => (
              <th scope="col" key={column.key} className={column.className} {...roles?.columnheader}>
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" {...roles?.columnheader}>
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody {...roles?.rowgroup}>
          {rows.length === 0 && (
            <tr {...roles?.row}>
              <td colSpan={columnCount} className="rk-empty" {...(stackOnPhone ? { role: 'cell' } : {})}>
                <span>{emptyText}</span>
              </td>
            </tr>
          )}
          {rows.map((row) => {
            const id = getRowId(row);
            const selected = selectedIds?.has(id) ?? false;
            return (
              <tr key={id} className={selected ? 'rk-selected' : undefined} {...roles?.row}>
                {selectable && (
                  <td className="rk-check" {...(stackOnPhone ? { role: 'cell' } : {})}>
                    <input
                      type="checkbox"
                      aria-label={text.selectRow({ label: labelOf(row) })}
                      checked={selected}
                      onChange={(event) => toggle(id, event.target.checked)}
                    />
                  </td>
                )}
                {first && (
                  <th scope="row" className={first.className} {...(stackOnPhone ? stackRowHeader() : {})}>
                    {cellOf(first, row)}
                  </th>
                )}
                {rest.map((column) => (
                  <td key={column.key} className={column.className} {...cell(column.header)}>
                    {cellOf(column, row)}
                  </td>
                ))}
                {actions && (
                  <td className="rk-actions" {...(stackOnPhone ? { role: 'cell' } : {})}>
                    {actions(row)}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
