/**
 * /admin/attendance: a class's day (who was present, absent, late, on leave) and month (the class's
 * percentage, a bar per day, each student's counts and percentage), all from the mirror, so it
 * reads the same offline. Class and day live in the address; the month is the day's month. Staff
 * read every class (the server's staffRead); "Mark this day" shows only for a class the user may
 * mark (attendance/permissions.ts). Sundays and the class's holidays (the events on the device) are
 * days off: shaded in the month and left out of its working days (contract/working-days.ts).
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { attendanceStatuses } from '../../../contract/attendance';
import { holidayOn, isSunday, workingDaysSoFar } from '../../../contract/working-days';
import { readHolidays } from '../../kit/events-week';
import type { AttendanceRow, StudentRow } from '../../../sync';
import { t, useLanguage } from '../../i18n';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { mayChangeClassOf, useChangeableClassIds } from '../../kit/taught-classes';
import { formatDay, formatMonth, formatPercentage, isIsoDate, monthDates, monthOf, shiftDate, today, totalsOf } from './attendance-math';
import { ClassPicker } from './ClassPicker';
import { MonthChart } from './MonthChart';
import { MonthNav } from './MonthNav';
import { classList, classMonth, classStudents } from './queries';
import { attendanceTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { ClosedYearNote, ClosedYearReadNote, useSchoolYears } from '../../kit';
import { academicYearOf } from '../../../contract/admission';
import { useOnline } from '../../kit/use-online';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { inClosedYear, readSchoolClassMonth } from './school-reads';
import './attendance.css';

const threshold = 75;

function studentName(student: Pick<StudentRow, 'firstName' | 'lastName'>) {
  return `${student.firstName} ${student.lastName}`.trim();
}

export default function ClassAttendancePage() {
  useLanguage();
  const [params, setParams] = useSearchParams();
  const classes = useMirrorQuery(classList, []);
  const markable = useChangeableClassIds();
  const chosen = params.get('classId') ?? '';
  const classId = chosen || classes?.[0]?.id || '';
  const dateParam = params.get('date');
  const date = isIsoDate(dateParam) ? dateParam : today();
  const month = monthOf(date);
  const key = `${classId}|${month}`;

  const data = useMirrorQuery(
    async (db) => ({
      key,
      students: classId ? await classStudents(db, classId, `${month}-01`) : [],
      records: classId ? await classMonth(db, classId, month) : [],
    }),
    [key, classId, month],
  );
  // A closed year's month is read from the school while online (a device that synced since holds none of it).
  const years = useSchoolYears();
  const closedMonth = inClosedYear(years, `${month}-01`);
  const online = useOnline();
  const fromSchool = useSchoolFetch((signal) => readSchoolClassMonth(classId, month, signal), closedMonth && Boolean(classId), online, key);
  const ready = useMemo(() => {
    const mirrored = data?.key === key ? data : undefined;
    return mirrored && fromSchool.status === 'ok' ? { ...mirrored, records: fromSchool.value } : mirrored;
  }, [data, key, fromSchool]);
  const holidays = useMirrorQuery(readHolidays, []);

  const summary = useMemo(() => {
    if (!ready) return null;
    const byDate = new Map<string, AttendanceRow[]>();
    const byStudent = new Map<string, AttendanceRow[]>();
    for (const record of ready.records) {
      byDate.set(record.date, [...(byDate.get(record.date) ?? []), record]);
      byStudent.set(record.studentId, [...(byStudent.get(record.studentId) ?? []), record]);
    }
    const days = monthDates(month).map((day) => {
      const rows = byDate.get(day);
      const off = holidayOn(day, holidays ?? [], classId)?.title ?? (isSunday(day) ? text.sunday : undefined);
      return { date: day, percentage: rows ? totalsOf(rows).percentage : null, off };
    });
    const open = workingDaysSoFar(month, today(), holidays ?? [], classId);
    // Marks on a day off (saved "anyway") stay in the table; the count beside the working days is of working days.
    const markedDays = open.filter((day) => byDate.has(day)).length;
    const known = new Set(ready.students.map((student) => student.id));
    // A student who left the class keeps their marks of this month in the table.
    const extra = [...byStudent.keys()].filter((id) => !known.has(id));
    return { byDate, byStudent, days, month: totalsOf(ready.records), markedDays, workingDays: open.length, extra };
  }, [ready, month, holidays, classId]);

  const choose = (next: { classId?: string; date?: string }) => {
    const search = new URLSearchParams(params);
    if (next.classId !== undefined) search.set('classId', next.classId);
    if (next.date !== undefined) search.set('date', next.date);
    setParams(search, { replace: true });
  };

  const dayRows = summary?.byDate.get(date) ?? [];
  const dayTotals = totalsOf(dayRows);
  const dayByStudent = new Map(dayRows.map((row) => [row.studentId, row]));
  const markLink = `/admin/mark-attendance?classId=${encodeURIComponent(classId)}&date=${date}`;

  return (
    <main className="page att-page">
      <PageHeader title={staffTitles.attendance} backTo="/admin" />
      {classes === undefined && <p className="loading-label">{text.loadingMirror}</p>}
      {classes?.length === 0 && <p className="alert alert-info">{text.noClasses}</p>}
      {classes && classes.length > 0 && (
        <section className="panel att-controls" aria-label={text.controlsLabel}>
          <ClassPicker classes={classes} value={classId} onChange={(id) => choose({ classId: id })} />
          <div className="field att-field">
            <label className="field-label" htmlFor="att-report-date">
              {text.dateLabel}
            </label>
            <input
              id="att-report-date"
              className="field-input"
              type="date"
              value={date}
              onChange={(event) => isIsoDate(event.target.value) && choose({ date: event.target.value })}
            />
          </div>
        </section>
      )}

      <ClosedYearNote years={years} year={academicYearOf(date)} />
      {classId && !(fromSchool.status === 'offline' && ready && ready.records.length > 0) && (
        <ClosedYearReadNote fetched={fromSchool} years={years} year={academicYearOf(date)} />
      )}
      {ready && summary && (
        <>
          <section className="panel" aria-labelledby="att-day-heading">
            <div className="att-month-head">
              <h2 id="att-day-heading">{text.report.dayHeading({ date: formatDay(date) })}</h2>
              {mayChangeClassOf(markable, classId) && (
                <Link className="btn btn-primary att-mark-link" to={markLink}>
                  {text.report.markThisDay}
                </Link>
              )}
            </div>
            {dayRows.length === 0 ? (
              <p className="att-empty">{date > today() ? text.report.dayToCome : text.report.dayNotMarked}</p>
            ) : (
              <>
                <p className="att-figure">
                  <span className="att-figure-value">{formatPercentage(dayTotals.percentage)}</span>{' '}
                  <span className="att-figure-label">{text.report.dayPercentage}</span>
                </p>
                <p className="att-counts">
                  {attendanceStatuses.map((status) => (
                    <span key={status} data-status={status}>
                      {t.attendanceStatus[status]} {dayTotals[status]}
                    </span>
                  ))}
                </p>
                <ul className="att-daylist">
                  {ready.students.map((student) => {
                    const record = dayByStudent.get(student.id);
                    return (
                      <li key={student.id} data-status={record?.status ?? 'none'}>
                        <span>{studentName(student)}</span>
                        <span className="att-day-status">
                          {record ? t.attendanceStatus[record.status] : text.report.notMarked}
                          {record?.remark ? ` · ${record.remark}` : ''}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </section>

          <section className="panel" aria-labelledby="att-month-heading">
            <div className="att-month-head">
              <h2 id="att-month-heading">{text.report.monthHeading({ month: formatMonth(month) })}</h2>
              <MonthNav onShift={(by) => choose({ date: shiftDate(date, by) })} />
            </div>
            {summary.byDate.size === 0 ? (
              <p className="att-empty">{text.report.monthNotMarked}</p>
            ) : (
              <>
                <p className="att-figure">
                  <span className="att-figure-value">{formatPercentage(summary.month.percentage)}</span>{' '}
                  <span className="att-figure-label">
                    {text.report.classPercentage} · {text.report.markedDays({ count: summary.markedDays })} · {text.student.workingDays({ count: summary.workingDays })}
                  </span>
                </p>
                <MonthChart month={formatMonth(month)} days={summary.days} selected={date} onSelect={(day) => choose({ date: day })} />
                <div className="att-table-wrap">
                  <table className="att-table">
                    <caption className="visually-hidden">{text.report.studentsHeading}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{text.report.student}</th>
                        {attendanceStatuses.map((status) => (
                          <th key={status} scope="col">
                            <abbr title={t.attendanceStatus[status]}>{text.short[status]}</abbr>
                          </th>
                        ))}
                        <th scope="col">{text.report.percent}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...ready.students.map((student) => ({ id: student.id, name: studentName(student) })), ...summary.extra.map((id) => ({ id, name: id.slice(0, 8) }))].map(
                        ({ id, name }) => {
                          const totals = totalsOf(summary.byStudent.get(id) ?? []);
                          const low = totals.percentage !== null && totals.percentage < threshold;
                          return (
                            <tr key={id} data-low={low || undefined}>
                              <th scope="row">{name}</th>
                              {attendanceStatuses.map((status) => (
                                <td key={status}>{totals[status]}</td>
                              ))}
                              <td>
                                {formatPercentage(totals.percentage)}
                                {low && <span className="visually-hidden"> ({text.report.belowThreshold})</span>}
                              </td>
                            </tr>
                          );
                        },
                      )}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        </>
      )}
    </main>
  );
}
