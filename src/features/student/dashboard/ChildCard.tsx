/** One child's day on the family dashboard: each line opens its screen for this child. */
import { Link } from 'react-router';
import { formatRupees } from '../../../../contract/money';
import type { SubjectRow } from '../../../../sync';
import { shortDate } from '../../../ui/dates';
import type { ChildDay } from './child-day';
import { childDayTexts as text } from './texts';

const shownHomework = 3;

function attendanceLine(day: ChildDay['today']): { line: string; alert: boolean } {
  if (day.kind === 'marked') return { line: text.status[day.status], alert: day.status === 'absent' };
  if (day.kind === 'holiday') return { line: text.holiday(day.title), alert: false };
  if (day.kind === 'sunday') return { line: text.sunday, alert: false };
  return { line: text.notMarked, alert: false };
}

export function ChildCard({ child, subjects, className }: { child: ChildDay; subjects: readonly SubjectRow[]; className: string }) {
  const { student } = child;
  const of = (path: string) => `/student/${path}?studentId=${student.id}`;
  const headingId = `child-${student.id}`;
  const attendance = attendanceLine(child.today);
  const subjectName = (id: string) => subjects.find((row) => row.id === id)?.subjectName ?? '';
  const hidden = child.homework.length - shownHomework;
  return (
    <section className="panel glance-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {student.firstName} {student.lastName}
        {className && <span className="glance-count"> · {className}</span>}
      </h3>
      <dl className="child-day">
        <div className={attendance.alert ? 'glance-alert' : undefined}>
          <dt>{text.attendance}</dt>
          <dd>
            <Link to={of('attendance')}>{attendance.line}</Link>
          </dd>
        </div>
        <div>
          <dt>{text.homework}</dt>
          <dd>
            {child.homework.length === 0 ? (
              <Link to={of('homework')}>{text.noHomework}</Link>
            ) : (
              <ul className="glance-list">
                {child.homework.slice(0, shownHomework).map(({ row, done }) => (
                  <li key={row.id}>
                    <Link to={of('homework')}>
                      {[subjectName(row.subjectId), row.title].filter(Boolean).join(' · ')}, {text.dueOn(shortDate(row.dueDate) ?? row.dueDate)} ({done ? text.done : text.notDone})
                    </Link>
                  </li>
                ))}
                {hidden > 0 && (
                  <li>
                    <Link to={of('homework')}>{text.homeworkMore(hidden)}</Link>
                  </li>
                )}
              </ul>
            )}
          </dd>
        </div>
        <div className={child.dues && child.dues.overdue > 0 ? 'glance-alert' : undefined}>
          <dt>{text.fees}</dt>
          <dd>
            <Link to={of('fees')}>
              {!child.dues
                ? text.noFees
                : child.dues.nextDue
                  ? text.nextDue(shortDate(child.dues.nextDue.dueDate) ?? '', formatRupees(child.dues.nextDue.amount))
                  : text.allPaid}
            </Link>
            {child.dues && child.dues.totalOutstanding > 0 && <span className="glance-note"> {text.outstanding(formatRupees(child.dues.totalOutstanding))}</span>}
          </dd>
        </div>
        <div>
          <dt>{text.result}</dt>
          <dd>
            <Link to={of('results')}>
              {child.latestResult
                ? text.resultLine(
                    child.latestResult.exam?.name ?? '',
                    child.latestResult.result.percentage.toFixed(1),
                    child.latestResult.result.grade,
                    text.outcome[child.latestResult.result.result],
                  )
                : text.noResult}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{text.exam}</dt>
          <dd>
            <Link to={of('exams')}>
              {child.nextPaper
                ? text.paperLine(child.nextPaper.exam.name, subjectName(child.nextPaper.subjectId), shortDate(child.nextPaper.date) ?? '', child.nextPaper.startTime)
                : text.noExam}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}
