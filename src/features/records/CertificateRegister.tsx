/**
 * The certificate issue register (under the admission register): serial, kind, student, issue
 * date and who issued it, newest first, searchable and exportable, each with a reprint link to its
 * print page. An issue made on this device waits there for the school's serial.
 */
import { useMemo } from 'react';
import { say, useLanguage } from '../../i18n';
import { Link } from 'react-router';
import { messages } from '../../../contract/messages';
import type { CertificateRow } from '../../../sync';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PagerFor, RecordTable, useSearchedPages, type Column } from '../../kit';
import { printPath } from './links';
import { certificateRegister } from './queries';
import { SearchAndExport } from './SearchAndExport';
import { recordsTexts } from './texts';
import { shortDate } from '../../ui/dates';

const text = recordsTexts.issued;

/** The register's columns, in the language of the moment. */
function certificateColumns(): Column<CertificateRow>[] {
  return [
  {
    key: 'serial',
    header: text.columns.serial,
    text: (row) => row.serial ?? recordsTexts.print.waitingSerial,
    cell: (row) => row.serial ?? <span className="rec-pending-badge">{recordsTexts.print.waitingSerial}</span>,
  },
  { key: 'kind', header: text.columns.kind, text: (row) => say(messages.certificates.titles[row.kind]) },
  { key: 'studentName', header: text.columns.student, text: (row) => row.studentName },
  { key: 'issueDate', header: text.columns.issueDate, text: (row) => shortDate(row.issueDate) ?? '' },
  { key: 'issuedBy', header: text.columns.issuedBy, text: (row) => row.issuedBy },
  ];
}

export function CertificateRegister() {
  const rows = useMirrorQuery(certificateRegister, []);
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the headers change with the language
  const columns = useMemo(() => certificateColumns(), [language]);
  const { found, paging, searchBar } = useSearchedPages(rows ?? [], columns);
  if (!rows) return null;
  return (
    <section className="rec-section-gap" aria-labelledby="rec-certificates-heading">
      <h2 id="rec-certificates-heading" className="rec-heading">
        {text.heading}
      </h2>
      <SearchAndExport searchBar={searchBar} found={found.rows} columns={columns} csvName={text.csvName} />
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
      <PagerFor paging={paging} />
    </section>
  );
}
