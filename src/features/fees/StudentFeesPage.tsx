/**
 * /student/fees: what the child owes now and since when (else the next due date), the year's
 * outstanding split into overdue and not yet due, each installment (a card each on a phone), then
 * the paid receipts that open their print view; per child for a parent (the child switcher as on /student/homework).
 * Read from the mirror, which holds only this family's fees, so it opens offline after one sync.
 */
import { useLanguage } from '../../i18n';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '../../../contract/money';
import { ChildChooser, LoadingStatus, useChosenStudent } from '../../kit';
import { standingLines } from '../../kit/fee-standing';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { compareReceipts, duesOf, installmentState, readFeeMirror, receiptNumberOf, studentName, todayIso } from './queries';
import { feeTexts as text, feeTitles } from './texts';
import './fees.css';

export default function StudentFeesPage() {
  useLanguage();
  const mirror = useMirrorQuery(readFeeMirror, []);
  const students = useMemo(() => [...(mirror?.students ?? [])].sort((a, b) => studentName(a).localeCompare(studentName(b))), [mirror]);
  const student = useChosenStudent(students);
  const today = todayIso();
  const dues = useMemo(() => (mirror && student ? duesOf(mirror, student.id, today) : undefined), [mirror, student, today]);
  const receipts = useMemo(() => (mirror && student ? mirror.receipts.filter((row) => row.studentId === student.id).sort(compareReceipts) : []), [mirror, student]);

  const lines = dues ? standingLines(dues, today) : undefined;

  return (
    <main className="page fee-page">
      <PageHeader title={feeTitles.fees} backTo="/student" />
      {!mirror && <LoadingStatus text={text.loading} />}
      {mirror && students.length === 0 && <p className="alert alert-info">{text.family.noStudent}</p>}
      <ChildChooser students={students} student={student} />
      {student && dues && lines && (
        <>
          <section className="panel fee-summary" aria-labelledby="fee-family-summary" data-owing={lines.owing || undefined}>
            <h2 id="fee-family-summary">{studentName(student)}</h2>
            <p className="fee-next">{lines.owedNow}</p>
            {lines.year && <p>{lines.year}</p>}
          </section>
          {dues.installments.length > 0 && (
            <section aria-labelledby="fee-family-dues" className="fee-section">
              <h2 id="fee-family-dues">{text.family.duesHeading}</h2>
              <div className="fee-table-wrap">
                <table className={`fee-table ${stackTable.className}`} {...stackTable.table} aria-labelledby="fee-family-dues">
                  <thead {...stackTable.rowgroup}>
                    <tr {...stackTable.row}>
                      <th scope="col" {...stackTable.columnheader}>
                        {text.columns.head}
                      </th>
                      <th scope="col" {...stackTable.columnheader}>
                        {text.columns.dueDate}
                      </th>
                      <th scope="col" {...stackTable.columnheader}>
                        {text.columns.state}
                      </th>
                      <th scope="col" className="fee-num" {...stackTable.columnheader}>
                        {text.columns.amount}
                      </th>
                      <th scope="col" className="fee-num" {...stackTable.columnheader}>
                        {text.columns.concession}
                      </th>
                      <th scope="col" className="fee-num" {...stackTable.columnheader}>
                        {text.columns.paid}
                      </th>
                      <th scope="col" className="fee-num" {...stackTable.columnheader}>
                        {text.columns.fine}
                      </th>
                      <th scope="col" className="fee-num" {...stackTable.columnheader}>
                        {text.columns.outstanding}
                      </th>
                    </tr>
                  </thead>
                  <tbody {...stackTable.rowgroup}>
                    {dues.installments.map((line) => {
                      const state = installmentState(line, today);
                      return (
                        <tr key={line.installmentId} data-overdue={state === 'overdue' || undefined} {...stackTable.row}>
                          <th scope="row" {...stackRowHeader()}>
                            {line.head} {line.label}
                          </th>
                          <td {...stackCell(text.columns.dueDate)}>{shortDate(line.dueDate)}</td>
                          <td {...stackCell(text.columns.state)}>{text.installmentStates[state]}</td>
                          <td className="fee-num" {...stackCell(text.columns.amount)}>
                            {formatRupees(line.amount)}
                          </td>
                          <td className="fee-num" {...stackCell(text.columns.concession)}>
                            {formatRupees(line.concession)}
                          </td>
                          <td className="fee-num" {...stackCell(text.columns.paid)}>
                            {formatRupees(line.paid)}
                          </td>
                          <td className="fee-num" {...stackCell(text.columns.fine)}>
                            {formatRupees(line.fine)}
                          </td>
                          <td className="fee-num" {...stackCell(text.columns.outstanding)}>
                            {formatRupees(line.outstanding)}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </section>
          )}
          <section aria-labelledby="fee-family-receipts" className="fee-section">
            <h2 id="fee-family-receipts">{text.family.receiptsHeading}</h2>
            {receipts.length === 0 && <p>{text.family.noReceipts}</p>}
            <ul className="fee-receipt-list">
              {receipts.map((row) => (
                <li key={row.id} className="panel" data-status={row.status}>
                  <Link to={`/student/fees/details/${row.id}`} aria-label={text.family.open({ number: receiptNumberOf(row) })}>
                    {receiptNumberOf(row)}
                  </Link>{' '}
                  · {shortDate(row.paidOn)} · {formatRupees(row.total)}
                  {row.status === 'cancelled' && <span className="fee-badge"> {text.statuses.cancelled}</span>}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </main>
  );
}
