/** Fees collected against dues this year and the last published exam's pass share per class (lowest first). */
import { Link } from 'react-router';
import { formatRupees } from '../../../../contract/money';
import { classWithSection } from '../../../kit/profile-rows';
import { useMirrorQuery } from '../../../sync-binding/use-mirror-query';
import { dashboardTexts, standingTexts as text } from './texts';
import { readExamStanding, readFeeStanding } from './standing';
import { useLanguage } from '../../../i18n';

const classesShown = 8;

export function StandingPanel({ today }: { today: string }) {
  useLanguage();
  // Two queries, the last exam's (a thousand results) first: the fees' (every receipt of the school)
  // starts once it is read, so the exam never waits behind the receipts.
  const exam = useMirrorQuery((db) => readExamStanding(db), []);
  const examRead = exam !== undefined;
  const fees = useMirrorQuery((db) => (examRead ? readFeeStanding(db, today) : undefined), [today, examRead]);
  return (
    <>
      <section className="panel glance-panel" aria-labelledby="glance-fee-standing">
        <h3 id="glance-fee-standing">{text.feesHeading}</h3>
        {!fees ? (
          <p role="status" className="glance-note">
            {dashboardTexts.loading}
          </p>
        ) : fees.percent === null ? (
          <p>{text.nothingDue}</p>
        ) : (
          <>
            <p className="glance-big">
              <Link to="/admin/fee">{text.collected({ percent: fees.percent })}</Link>
            </p>
            <p>{text.ofDue({ collected: formatRupees(fees.collected), due: formatRupees(fees.dueByToday) })}</p>
            <div className="class-bar" aria-hidden="true">
              <span style={{ width: `${fees.percent}%` }} />
            </div>
            <p className="glance-note">{text.defaulters({ count: fees.defaulters })}</p>
          </>
        )}
      </section>
      {examRead && (
        <section className="panel glance-panel" aria-labelledby="glance-exam-standing">
          <h3 id="glance-exam-standing">{exam ? text.examHeading({ name: exam.exam.name }) : text.examHeadingNone}</h3>
          {!exam || exam.classes.length === 0 ? (
            <p>{text.noResults}</p>
          ) : (
            <table className="glance-table">
              <caption className="visually-hidden">{text.examCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.klass}</th>
                  <th scope="col">{text.pass}</th>
                  <th scope="col">{text.average}</th>
                </tr>
              </thead>
              <tbody>
                {exam.classes.slice(0, classesShown).map((row) => (
                  <tr key={row.klass.id}>
                    <th scope="row">
                      <Link to="/admin/exams">{classWithSection(row.klass.className, row.klass.classSection) ?? row.klass.className}</Link>
                    </th>
                    <td>
                      {row.passPercent}% ({row.passed}/{row.students})
                    </td>
                    <td className="glance-amount">{row.average}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </>
  );
}
