/**
 * The certificate issue register (under the admission register): serial, kind, student, issue
 * date and who issued it, newest first, searchable and exportable, each with a reprint link to its
 * print page. An issue made on this device waits there for the school's serial.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../contract/messages';
import type { CertificateRow } from '../../../sync';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { allColumns, ExportCsvButton, Pager, RecordTable, recordsKitTexts, SearchBar, useLocalSearch, usePaging, type Column } from '../records-kit';
import { printDate } from './CertificateSheet';
import { printPath } from './links';
import { certificateRegister } from './queries';
import { recordsTexts } from './texts';

const text = recordsTexts.issued;

const columns: Column<CertificateRow>[] = [
  {
    key: 'serial',
    header: text.columns.serial,
    text: (row) => row.serial ?? recordsTexts.print.waitingSerial,
    cell: (row) => row.serial ?? <span className="rec-pending-badge">{recordsTexts.print.waitingSerial}</span>,
  },
  { key: 'kind', header: text.columns.kind, text: (row) => messages.certificates.titles[row.kind] },
  { key: 'studentName', header: text.columns.student, text: (row) => row.studentName },
  { key: 'issueDate', header: text.columns.issueDate, text: (row) => printDate(row.issueDate) },
  { key: 'issuedBy', header: text.columns.issuedBy, text: (row) => row.issuedBy },
];

export function CertificateRegister() {
  const rows = useMirrorQuery(certificateRegister, []);
  const [column, setColumn] = useState(allColumns);
  const [query, setQuery] = useState('');
  const found = useLocalSearch(rows ?? [], columns, column, query);
  const paging = usePaging(found.rows, 20, `${column}|${query}`);
  if (!rows) return null;
  return (
    <section className="rec-section-gap" aria-labelledby="rec-certificates-heading">
      <h2 id="rec-certificates-heading" className="rec-heading">
        {text.heading}
      </h2>
      <SearchBar
        columns={columns}
        column={column}
        onColumnChange={setColumn}
        query={query}
        onQueryChange={setQuery}
        status={query ? recordsKitTexts.search.results(found.rows.length) : undefined}
      />
      <div className="rec-toolbar">
        <div className="rec-toolbar-actions">
          <ExportCsvButton filename={text.csvName} columns={columns} rows={found.rows} />
        </div>
      </div>
      <RecordTable
        caption={text.heading}
        captionHidden
        columns={columns}
        rows={paging.pageRows}
        getRowId={(row) => row.id}
        emptyText={text.empty}
        actionsHeader={text.columns.actions}
        actions={(row) => (
          <Link className="btn btn-secondary" to={printPath(row.kind, row.studentId, row.id)}>
            {text.reprint}
            <span className="visually-hidden">
              {' '}
              {row.serial ?? recordsTexts.print.waitingSerial} {row.studentName}
            </span>
          </Link>
        )}
      />
      <Pager page={paging.page} pageCount={paging.pageCount} onPageChange={paging.setPage} total={paging.total} pageSize={paging.pageSize} />
    </section>
  );
}
