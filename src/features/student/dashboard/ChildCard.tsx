/** One child's day on the family dashboard: each line opens its screen for this child. */
import { useLanguage } from '../../../i18n';
import { Link } from 'react-router';
import type { SubjectRow } from '../../../../sync';
import { standingLines } from '../../../kit/fee-standing';
import { clockTime, shortDate } from '../../../ui/dates';
import type { ChildDay } from './child-day';
import { childDayTexts as text } from './texts';

const shownHomework = 3;

function attendanceLine(day: ChildDay['today']): { line: string; alert: boolean } {
  if (day.kind === 'marked') return { line: text.status[day.status], alert: day.status === 'absent' };
  if (day.kind === 'holiday') return { line: text.holiday({ title: day.title }), alert: false };
  if (day.kind === 'sunday') return { line: text.sunday, alert: false };
  return { line: text.notMarked, alert: false };
}

export function ChildCard({ child, subjects, className }: { child: ChildDay; subjects: readonly SubjectRow[]; className: string }) {
  useLanguage();
  const { student } = child;
  const of = (path: string) => `/student/${path}?studentId=${student.id}`;
  const headingId = `child-${student.id}`;
  const attendance = attendanceLine(child.today);
  const subjectName = (id: string) => subjects.find((row) => row.id === id)?.subjectName ?? '';
  const hidden = child.homework.length - shownHomework;
  const fees = child.dues ? standingLines(child.dues, child.day) : null;
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
                {child.homework.slice(0, shownHomework).map(({ row, done, overdue }) => (
                  <li key={row.id} className={overdue ? 'glance-alert' : undefined}>
                    <Link to={of('homework')}>
                      {[subjectName(row.subjectId), row.title].filter(Boolean).join(' · ')}, {text.dueOn({ date: shortDate(row.dueDate) ?? row.dueDate })} (
                      {done ? text.done : overdue ? text.overdue : text.notDone})
                    </Link>
                  </li>
                ))}
                {hidden > 0 && (
                  <li>
                    <Link to={of('homework')}>{text.homeworkMore({ count: hidden })}</Link>
                  </li>
                )}
              </ul>
            )}
          </dd>
        </div>
        <div className={fees?.owing ? 'glance-alert' : undefined}>
          <dt>{text.fees}</dt>
          <dd>
            <Link to={of('fees')}>{fees ? fees.owedNow : text.noFees}</Link>
            {fees?.year && <span className="glance-note"> {fees.year}</span>}
          </dd>
        </div>
        <div>
          <dt>{text.result}</dt>
          <dd>
            <Link to={of('results')}>
              {child.latestResult
                ? text.resultLine({
                    exam: child.latestResult.exam?.name ?? '',
                    percent: child.latestResult.result.percentage.toFixed(1),
                    grade: child.latestResult.result.grade,
                    outcome: text.outcome[child.latestResult.result.result],
                  })
                : text.noResult}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{text.exam}</dt>
          <dd>
            <Link to={of('exams')}>
              {child.nextPaper
                ? text.paperLine({ exam: child.nextPaper.exam.name, subject: subjectName(child.nextPaper.subjectId), date: shortDate(child.nextPaper.date) ?? '', time: clockTime(child.nextPaper.startTime) })
                : text.noExam}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}
