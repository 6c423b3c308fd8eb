/**
 * /student/fees: the child's dues (next due date and amount first), then the paid receipts that
 * open their print view; per child for a parent (the child switcher as on /student/homework).
 * Read from the mirror, which holds only this family's fees, so it opens offline after one sync.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '../../../contract/money';
import { t } from '../../i18n';
import { ChildChooser, LoadingStatus, useChosenStudent } from '../../kit';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { compareReceipts, duesOf, readFeeMirror, receiptNumberOf, studentName, todayIso } from './queries';
import { feeTexts as text } from './texts';
import './fees.css';

export default function StudentFeesPage() {
  const mirror = useMirrorQuery(readFeeMirror, []);
  const students = useMemo(() => [...(mirror?.students ?? [])].sort((a, b) => studentName(a).localeCompare(studentName(b))), [mirror]);
  const student = useChosenStudent(students);
  const today = todayIso();
  const dues = useMemo(() => (mirror && student ? duesOf(mirror, student.id, today) : undefined), [mirror, student, today]);
  const receipts = useMemo(() => (mirror && student ? mirror.receipts.filter((row) => row.studentId === student.id).sort(compareReceipts) : []), [mirror, student]);

  return (
    <main className="page fee-page">
      <PageHeader title={t.titles.fees} backTo="/student" />
      {!mirror && <LoadingStatus text={text.loading} />}
      {mirror && students.length === 0 && <p className="alert alert-info">{text.family.noStudent}</p>}
      <ChildChooser students={students} student={student} />
      {student && dues && (
        <>
          <section className="panel fee-summary" aria-labelledby="fee-family-summary">
            <h2 id="fee-family-summary">{studentName(student)}</h2>
            <p className="fee-next">{dues.nextDue ? text.family.nextDue(shortDate(dues.nextDue.dueDate) ?? '', formatRupees(dues.nextDue.amount)) : text.family.allPaid}</p>
            <p>{text.family.outstanding(formatRupees(dues.totalOutstanding))}</p>
          </section>
          {dues.installments.length > 0 && (
            <section aria-labelledby="fee-family-dues" className="fee-section">
              <h2 id="fee-family-dues">{text.family.duesHeading}</h2>
              <div className="fee-table-wrap">
                <table className="fee-table">
                  <thead>
                    <tr>
                      <th scope="col">{text.columns.head}</th>
                      <th scope="col">{text.columns.dueDate}</th>
                      <th scope="col" className="fee-num">
                        {text.columns.amount}
                      </th>
                      <th scope="col" className="fee-num">
                        {text.columns.concession}
                      </th>
                      <th scope="col" className="fee-num">
                        {text.columns.paid}
                      </th>
                      <th scope="col" className="fee-num">
                        {text.columns.fine}
                      </th>
                      <th scope="col" className="fee-num">
                        {text.columns.outstanding}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {dues.installments.map((line) => (
                      <tr key={line.installmentId} data-overdue={(line.dueDate < today && line.outstanding > 0) || undefined}>
                        <th scope="row">
                          {line.head} {line.label}
                        </th>
                        <td>{shortDate(line.dueDate)}</td>
                        <td className="fee-num">{formatRupees(line.amount)}</td>
                        <td className="fee-num">{formatRupees(line.concession)}</td>
                        <td className="fee-num">{formatRupees(line.paid)}</td>
                        <td className="fee-num">{formatRupees(line.fine)}</td>
                        <td className="fee-num">{formatRupees(line.outstanding)}</td>
                      </tr>
                    ))}
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
                  <Link to={`/student/fees/details/${row.id}`} aria-label={text.family.open(receiptNumberOf(row))}>
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
