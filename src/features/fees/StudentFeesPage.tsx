/**
 * /student/fees: what the child owes now and since when (else the next due date), the year's
 * outstanding split into overdue and not yet due, each installment (a card each on a phone), what
 * is left of last year once it closed ("Previous year dues"), then the year's receipts that open
 * their print view; any past year by choosing it; per child for a parent (the child switcher as on /student/homework).
 * Where the school takes fees online, "Pay online" (PayOnline.tsx) between the dues and the receipts.
 * Read from the mirror, which holds only this family's fees, so it opens offline after one sync.
 */
import { useLanguage } from '../../i18n';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { academicYearLabel } from '../../../contract/admission';
import { receiptFeeYear } from '../../../contract/fee-dues';
import type { StudentDues } from '../../../contract/fees';
import { formatRupees } from '../../../contract/money';
import { ChildChooser, ClosedYearNote, LoadingStatus, useChosenStudent, useChosenYear, YearChooser } from '../../kit';
import { standingLines } from '../../kit/fee-standing';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { useSchoolCopy } from '../../kit/school-copy';
import { PayOnline } from './PayOnline';
import { compareReceipts, duesOf, installmentState, previousYearDues, readFeeMirror, receiptNumberOf, studentName, todayIso } from './queries';
import { feeTexts as text, feeTitles } from './texts';
import './fees.css';

export default function StudentFeesPage() {
  useLanguage();
  const mirror = useMirrorQuery(readFeeMirror, []);
  const students = useMemo(() => [...(mirror?.students ?? [])].sort((a, b) => studentName(a).localeCompare(studentName(b))), [mirror]);
  const student = useChosenStudent(students);
  const today = todayIso();
  const years = mirror?.years;
  const year = useChosenYear(years);
  const dues = useMemo(() => (mirror && student && year ? duesOf(mirror, student.id, today, year) : undefined), [mirror, student, today, year]);
  const previous = useMemo(() => (mirror && student && year === years?.current ? previousYearDues(mirror, student.id, today) : null), [mirror, student, today, year, years]);
  const receipts = useMemo(
    () => (mirror && student ? mirror.receipts.filter((row) => row.studentId === student.id && receiptFeeYear(row) === year).sort(compareReceipts) : []),
    [mirror, student, year],
  );
  const yearLabel = year === undefined ? '' : academicYearLabel(year);

  const lines = dues ? standingLines(dues, today) : undefined;
  const school = useSchoolCopy();

  return (
    <main className="page fee-page">
      <PageHeader title={feeTitles.fees} backTo="/student" />
      {!mirror && <LoadingStatus text={text.loading} />}
      {mirror && students.length === 0 && <p className="alert alert-info">{text.family.noStudent}</p>}
      <ChildChooser students={students} student={student} />
      <YearChooser years={years} year={year} />
      <ClosedYearNote years={years} year={year} />
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
              <DuesTable dues={dues} today={today} labelledBy="fee-family-dues" />
            </section>
          )}
          {previous && (
            <section aria-labelledby="fee-family-previous" className="fee-section fee-previous" data-owing>
              <h2 id="fee-family-previous">{text.family.previousHeading({ year: academicYearLabel(previous.academicYear) })}</h2>
              <p>{text.family.previousLeft({ amount: formatRupees(previous.totalOutstanding), year: academicYearLabel(previous.academicYear) })}</p>
              <DuesTable dues={previous} today={today} labelledBy="fee-family-previous" />
            </section>
          )}
          {year === years?.current && <PayOnline studentId={student.id} schoolName={school?.schoolName ?? ''} dues={dues} previous={previous} />}
          <section aria-labelledby="fee-family-receipts" className="fee-section">
            <h2 id="fee-family-receipts">{text.family.receiptsHeading}</h2>
            {receipts.length === 0 && <p>{year === years?.current ? text.family.noReceipts : text.family.noReceiptsThatYear({ year: yearLabel })}</p>}
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

/** A year's installments, a card each on a phone. */
function DuesTable({ dues, today, labelledBy }: { dues: StudentDues; today: string; labelledBy: string }) {
  return (
    <div className="fee-table-wrap">
      <table className={`fee-table ${stackTable.className}`} {...stackTable.table} aria-labelledby={labelledBy}>
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
  );
}
