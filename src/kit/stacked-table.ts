/**
 * A table whose rows become cards on a phone (below 40rem; desktops keep the table): give the
 * table `stackTable.className` and its parts these props. Each cell then shows its column's header
 * beside its value (`data-label`, shown by CSS and hidden from screen readers, who hear the header
 * from the table), and the header row stays for screen readers only. A CSS display other than a
 * table's own drops the table's meaning in some browsers, so its parts state their roles.
 */
import './stacked-table.css';

export const stackTable = {
  className: 'stack-table',
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader' },
} as const;

/** A data cell under the column `label`. */
export function stackCell(label: string) {
  return { role: 'cell', 'data-label': label } as const;
}

/** The cell naming the row (the card's title on a phone). */
export function stackRowHeader(label?: string) {
  return label === undefined ? ({ role: 'rowheader' } as const) : ({ role: 'rowheader', 'data-label': label } as const);
}
