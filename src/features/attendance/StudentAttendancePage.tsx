/**
 * /student/attendance: the month calendar and percentage of the signed-in student, or of the
 * parent's chosen child, read from the mirror (which holds only what the server lets this user
 * see: a student's own records, a parent's children's), so it opens offline. Sundays and the
 * class's holidays (the events on the device) show as days off, and the month says how many
 * working days it has had (contract/working-days.ts).
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { attendanceStatuses } from '../../../contract/attendance';
import { holidayOn, isSunday, workingDaysSoFar } from '../../../contract/working-days';
import type { EventRow } from '../../../sync/modules/events';
import { ChildChooser, useChosenStudent } from '../../kit/ChildChooser';
import { readHolidays } from '../../kit/events-week';
import type { AttendanceRow } from '../../../sync';
import { t, useLanguage } from '../../i18n';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { weekdayName } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { calendarWeeks, formatDay, formatMonth, formatPercentage, isMonth, monthDates, monthOf, shiftMonth, today, totalsOf } from './attendance-math';
import { MonthNav } from './MonthNav';
import { allStudents, studentMonth } from './queries';
import { attendanceTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { ClosedYearNote, ClosedYearReadNote, useSchoolYears } from '../../kit';
import { academicYearOf } from '../../../contract/admission';
import { useOnline } from '../../kit/use-online';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { inClosedYear, readSchoolStudentMonth } from './school-reads';
import './attendance.css';

/** Why a day of the month is not a working day for a class: a holiday's title, or Sunday. */
function daysOff(month: string, holidays: readonly EventRow[], classId: string | null | undefined): Map<string, string> {
  const off = new Map<string, string>();
  for (const date of monthDates(month)) {
    const holiday = holidayOn(date, holidays, classId ?? undefined);
    if (holiday) off.set(date, holiday.title);
    else if (isSunday(date)) off.set(date, text.sunday);
  }
  return off;
}

function MonthCalendar({ month, records, off }: { month: string; records: ReadonlyMap<string, AttendanceRow>; off: ReadonlyMap<string, string> }) {
  useLanguage();
  const captionId = useId();
  const now = today();
  // Monday first, as a school's calendar is laid out.
  const calendarWeekdays = [1, 2, 3, 4, 5, 6, 0].map((day) => weekdayName(day, 'short'));
  return (
    <table className="att-calendar" aria-labelledby={captionId}>
      <caption id={captionId}>{text.student.calendar({ month: formatMonth(month) })}</caption>
      <thead>
        <tr>
          {calendarWeekdays.map((day) => (
            <th key={day} scope="col">
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {calendarWeeks(month).map((week) => (
          <tr key={week.find(Boolean) ?? 'pad'}>
            {week.map((day, index) => {
              if (!day) return <td key={`pad-${index}`} className="att-cal-pad" />;
              const record = records.get(day);
              const offDay = record ? undefined : off.get(day);
              // A day still to come is not "not marked": it has not happened.
              const coming = !record && !offDay && day > now;
              const status = record ? t.attendanceStatus[record.status] : (offDay ?? (coming ? text.student.toCome : text.student.notMarked));
              return (
                <td key={day} data-status={record?.status ?? (offDay ? 'off' : coming ? 'future' : 'none')} data-today={day === now || undefined}>
                  <span className="att-cal-day" aria-hidden="true">
                    {Number(day.slice(8))}
                  </span>
                  {record && (
                    <span className="att-cal-mark" aria-hidden="true">
                      {text.short[record.status]}
                    </span>
                  )}
                  {offDay && offDay !== text.sunday && (
                    <span className="att-cal-mark" aria-hidden="true" title={offDay}>
                      {text.student.offShort}
                    </span>
                  )}
                  <span className="visually-hidden">
                    {formatDay(day)}: {status}
                    {record?.remark ? `. ${text.student.remark({ text: record.remark })}` : ''}
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function StudentAttendancePage() {
  useLanguage();
  const [params, setParams] = useSearchParams();
  const monthParam = params.get('month');
  const month = isMonth(monthParam) ? monthParam : monthOf(today());
  const students = useMirrorQuery(allStudents, []);
  const student = useChosenStudent(students);
  const studentId = student?.id ?? '';
  const key = `${studentId}|${month}`;
  const result = useMirrorQuery(async (db) => ({ key, rows: studentId ? await studentMonth(db, studentId, month) : [] }), [
    key,
    studentId,
    month,
  ]);
  // A closed year's month is read from the school while online (a device that synced since holds none of it).
  const years = useSchoolYears();
  const online = useOnline();
  const fromSchool = useSchoolFetch((signal) => readSchoolStudentMonth(studentId, month, signal), inClosedYear(years, `${month}-01`) && Boolean(studentId), online, key);
  const mirrored = result?.key === key ? result.rows : undefined;
  const rows = fromSchool.status === 'ok' ? fromSchool.value : mirrored;
  const totals = totalsOf(rows ?? []);
  const holidays = useMirrorQuery(readHolidays, []);
  const off = daysOff(month, holidays ?? [], student?.classId);
  const open = workingDaysSoFar(month, today(), holidays ?? [], student?.classId ?? undefined);
  const markedDays = (rows ?? []).filter((row) => open.includes(row.date)).length;

  const chooseMonth = (next: string) => {
    const search = new URLSearchParams(params);
    search.set('month', next);
    setParams(search, { replace: true });
  };

  return (
    <main className="page att-page">
      <PageHeader title={staffTitles.attendance} backTo="/student" />
      {students === undefined && <p className="loading-label">{text.loadingMirror}</p>}
      {students?.length === 0 && <p className="alert alert-info">{text.student.noStudent}</p>}
      <ChildChooser students={students} student={student} className="att-controls" />
      {student && (
        <section className="panel" aria-labelledby="att-student-month">
          <div className="att-month-head">
            <h2 id="att-student-month">
              {students && students.length > 1 ? `${student.firstName} ${student.lastName} · ` : ''}
              {formatMonth(month)}
            </h2>
            <MonthNav onShift={(by) => chooseMonth(shiftMonth(month, by))} />
          </div>
          <p className="att-figure">
            <span className="att-figure-value">{formatPercentage(totals.percentage)}</span>{' '}
            <span className="att-figure-label">
              {text.student.monthPercentage} · {text.report.markedDays({ count: markedDays })} · {text.student.workingDays({ count: open.length })}
            </span>
          </p>
          <p className="att-counts">
            {attendanceStatuses.map((status) => (
              <span key={status} data-status={status}>
                <abbr title={t.attendanceStatus[status]}>{text.short[status]}</abbr> {t.attendanceStatus[status]} {totals[status]}
              </span>
            ))}
          </p>
          <ClosedYearNote years={years} year={academicYearOf(`${month}-01`)} />
          {!(fromSchool.status === 'offline' && rows && rows.length > 0) && (
            <ClosedYearReadNote fetched={fromSchool} years={years} year={academicYearOf(`${month}-01`)} />
          )}
          {rows && <MonthCalendar month={month} records={new Map(rows.map((row) => [row.date, row]))} off={off} />}
        </section>
      )}
    </main>
  );
}
