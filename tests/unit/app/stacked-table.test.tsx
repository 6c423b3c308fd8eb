/**
 * A record table stacked on a phone (RecordTable's `stackOnPhone`, src/kit/stacked-table.ts): its
 * parts state their roles, since a phone's card layout changes their CSS display, and each cell
 * carries its column's header for the card's label; a table not stacked is left as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RecordTable, type Column } from '../../../src/kit';
import { renderRoute, type Rendered } from './dom';

interface Row {
  id: string;
  number: string;
  amount: string;
}

const columns: Column<Row>[] = [
  { key: 'number', header: 'Receipt no.', text: (row) => row.number },
  { key: 'amount', header: 'Amount', text: (row) => row.amount },
];
const rows: Row[] = [
  { id: 'a', number: 'RCPT/2026-27/00001', amount: '₹12,500.00' },
  { id: 'b', number: 'RCPT/2026-27/00002', amount: '₹5,500.00' },
];

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function show(stackOnPhone: boolean) {
  view = await renderRoute(
    '/list',
    <RecordTable caption="Receipts" columns={columns} rows={rows} getRowId={(row) => row.id} emptyText="None" actions={() => <a href="/x">View</a>} stackOnPhone={stackOnPhone} />,
    '/list',
  );
  return view.container.querySelector('table')!;
}

describe('a record table stacked on a phone', () => {
  it('states its roles and labels each cell with its column', async () => {
    const table = await show(true);
    expect(table.classList.contains('stack-table')).toBe(true);
    expect(table.getAttribute('role')).toBe('table');
    expect(Array.from(table.querySelectorAll('thead th')).map((th) => th.getAttribute('role'))).toEqual(['columnheader', 'columnheader', 'columnheader']);
    const first = table.querySelector('tbody tr')!;
    expect(first.getAttribute('role')).toBe('row');
    expect(first.querySelector('th')?.getAttribute('role')).toBe('rowheader');
    expect(first.querySelector('th')?.textContent).toBe('RCPT/2026-27/00001');
    expect(Array.from(first.querySelectorAll('td')).map((td) => [td.getAttribute('role'), td.getAttribute('data-label'), td.textContent])).toEqual([
      ['cell', 'Amount', '₹12,500.00'],
      ['cell', null, 'View'],
    ]);
  });

  it('leaves a table that scrolls sideways as it was', async () => {
    const table = await show(false);
    expect(table.classList.contains('stack-table')).toBe(false);
    expect(table.querySelectorAll('[role], [data-label]')).toHaveLength(0);
  });
});
