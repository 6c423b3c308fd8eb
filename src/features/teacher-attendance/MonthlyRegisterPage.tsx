/**
 * /admin/teacher-attendance/monthly/{monthYear} (`11-2026`): the staff register of a month, staff
 * down and days across, Sundays and holidays shaded, totals per person (half days count as half),
 * exported as CSV and printed on one A4 landscape page. Worked out from the mirror (admins hold
 * every mark, a teacher their own), so it opens offline.
 */
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { monthOfMonthYear, monthYearOf } from '../../../contract/teacher-attendance';
import { MirrorStatus, recordsCsv, saveFile, useStaffAccess, type Column } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { monthYear as monthName, shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { readStaffMirror, todayIso } from './queries';
import { buildRegister, markCode, shiftMonth } from './register';
import { teacherAttendanceTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { useLanguage } from '../../i18n';
import './teacher-attendance.css';

type Row = ReturnType<typeof buildRegister>['teachers'][number];

export default function MonthlyRegisterPage() {
  useLanguage();
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const { monthYear = '' } = useParams();
  const month = monthOfMonthYear(monthYear);
  const mirror = useMirrorQuery(readStaffMirror, []);
  const register = useMemo(() => {
    if (!mirror || !month) return null;
    const people = access.isAdmin ? mirror.teachers : mirror.teachers.filter((row) => row.id === access.teacherId);
    return buildRegister(month, people, mirror.marks, mirror.events, todayIso());
  }, [mirror, month, access.isAdmin, access.teacherId]);

  const columns = useMemo<Column<Row>[]>(() => {
    if (!register) return [];
    const m = text.monthly;
    return [
      { key: 'name', header: m.name, text: (row) => `${row.firstName} ${row.lastName}`.trim() },
      { key: 'employeeId', header: m.employeeId, text: (row) => row.employeeId ?? '' },
      ...register.days.map((day) => ({
        key: day.date,
        header: day.date.slice(8),
        text: (row: Row) => markCode(row.records.find((record) => record.date === day.date)),
      })),
      { key: 'present', header: m.present, text: (row) => String(row.totals.present) },
      { key: 'absent', header: m.absent, text: (row) => String(row.totals.absent) },
      { key: 'halfDays', header: m.halfDays, text: (row) => String(row.totals.halfDays) },
      { key: 'casual', header: m.casual, text: (row) => String(row.totals.leave.casual) },
      { key: 'sick', header: m.sick, text: (row) => String(row.totals.leave.sick) },
      { key: 'earned', header: m.earned, text: (row) => String(row.totals.leave.earned) },
      { key: 'other', header: m.other, text: (row) => String(row.totals.leave.other) },
      { key: 'attended', header: m.attended, text: (row) => String(row.totals.attended) },
      { key: 'unmarked', header: m.unmarked, text: (row) => String(row.totals.unmarked) },
    ];
  }, [register]);

  const exportCsv = async () => {
    if (!register || !month) return;
    saveFile(await recordsCsv(columns, register.teachers), `staff-register-${monthYear}.csv`);
  };

  const title = staffTitles.teacherAttendanceMonthly;
  return (
    <main className="page ta-page ta-register-page">
      <PageHeader title={title} backTo="/admin/teacher-attendance" />
      {!month && <p className="alert alert-warning">{text.monthly.badMonth}</p>}
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {month && register && (
        <>
          <nav className="panel ta-controls no-print" aria-label={text.monthly.caption({ month: monthName(month) })}>
            <Link className="btn btn-secondary" to={`/admin/teacher-attendance/monthly/${monthYearOf(shiftMonth(month, -1))}`}>
              {text.monthly.previous}
            </Link>
            <Link className="btn btn-secondary" to={`/admin/teacher-attendance/monthly/${monthYearOf(shiftMonth(month, 1))}`}>
              {text.monthly.next}
            </Link>
            <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()}>
              {text.monthly.csv}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              {text.monthly.print}
            </button>
          </nav>
          <div className="ta-register-scroll">
            <table className="ta-register">
              <caption>
                {text.monthly.caption({ month: monthName(month) })} · {text.monthly.workingDays({ count: register.workingDays })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{text.monthly.name}</th>
                  {register.days.map((day) => (
                    <th
                      scope="col"
                      key={day.date}
                      data-off={!day.working || undefined}
                      title={day.holiday ? text.monthly.holidayTitle({ date: shortDate(day.date) ?? day.date, title: day.holiday }) : (shortDate(day.date) ?? undefined)}
                    >
                      {Number(day.date.slice(8))}
                    </th>
                  ))}
                  {columns.slice(2 + register.days.length).map((column) => (
                    <th scope="col" key={column.key} className="ta-total">
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {register.teachers.map((row) => (
                  <tr key={row.teacherId}>
                    <th scope="row">
                      {row.firstName} {row.lastName}
                    </th>
                    {register.days.map((day) => (
                      <td key={day.date} data-off={!day.working || undefined}>
                        {markCode(row.records.find((record) => record.date === day.date))}
                      </td>
                    ))}
                    {columns.slice(2 + register.days.length).map((column) => (
                      <td key={column.key} className="ta-total">
                        {column.text(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="field-hint">{text.monthly.legend}</p>
        </>
      )}
    </main>
  );
}
