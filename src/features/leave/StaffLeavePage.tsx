/**
 * /admin/leave: what waits for this person's decision (an admin: every application; a teacher: her
 * class's as class teacher), approved or declined with a note, offline too; a teacher's own
 * application with what is left of each type; her applications and their states; for an admin the
 * school's balances (allowed, taken, left per teacher and type), exported as CSV. Balances are the
 * school's (read online); everything else is the device's copy. An application's file opens for
 * those who decide it (an admin; the class teacher for her class's) and for its applicant.
 */
import { useMemo, useState } from 'react';
import { leaveMessages, type LeaveApplication, type LeaveBalance } from '../../../contract/leave';
import { readLeaveBalances } from '../../kit/leave-balances';
import { useLanguage } from '../../i18n';
import { ExportCsvButton, LoadingStatus, useStaffAccess, useWriteReport, type Column } from '../../kit';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { useOnline } from '../../kit/use-online';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { classesTable } from '../../../sync/modules/classes';
import { leaveTable } from '../../../sync/modules/leave';
import { studentsTable } from '../../../sync/modules/students';
import { teachersTable } from '../../../sync/modules/teachers';
import { LeaveForm } from './LeaveForm';
import { byNewest, LeaveLine, OwnLeaveList } from './parts';
import { leaveTexts as text, leaveTitles } from './texts';
import './leave.css';

export default function StaffLeavePage() {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const online = useOnline();
  const { isAdmin, teacherId } = useStaffAccess();
  const mirror = useMirrorQuery(
    async (db) => ({
      leave: await db.tableOf(leaveTable).toArray(),
      students: await db.tableOf(studentsTable).toArray(),
      classes: await db.tableOf(classesTable).toArray(),
      teachers: await db.tableOf(teachersTable).toArray(),
    }),
    [],
  );
  const balances = useSchoolFetch((signal) => readLeaveBalances(isAdmin ? null : teacherId, signal), isAdmin || Boolean(teacherId), online, `${isAdmin}|${teacherId}`);
  const [notes, setNotes] = useState<Record<string, string>>({});

  const nameOf = useMemo(() => {
    const students = new Map(mirror?.students.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
    const teachers = new Map(mirror?.teachers.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
    const classes = new Map(mirror?.classes.map((row) => [row.id, [row.className, row.classSection].filter(Boolean).join(' ')]));
    return (row: LeaveApplication) =>
      row.studentId ? [students.get(row.studentId) ?? '', row.classId ? classes.get(row.classId) : ''].filter(Boolean).join(' · ') : (teachers.get(row.teacherId ?? '') ?? '');
  }, [mirror]);

  const mine = useMemo(() => (mirror && teacherId ? mirror.leave.filter((row) => row.teacherId === teacherId).sort(byNewest) : []), [mirror, teacherId]);
  const myClasses = useMemo(() => new Set(mirror?.classes.filter((row) => teacherId && row.classTeacherId === teacherId).map((row) => row.id)), [mirror, teacherId]);
  /** The school's rule for opening an application's file, as far as staff go (server/modules/leave/routes.ts). */
  const mayOpenFile = (row: LeaveApplication) => isAdmin || (Boolean(teacherId) && row.teacherId === teacherId) || Boolean(row.studentId && row.classId && myClasses.has(row.classId));
  const toDecide = useMemo(
    () =>
      (mirror?.leave ?? [])
        .filter((row) => row.status === 'waiting' && row.rev > 0 && (isAdmin ? row.teacherId !== teacherId || !row.teacherId : Boolean(row.studentId && row.classId && myClasses.has(row.classId))))
        .sort((a, b) => a.from.localeCompare(b.from)),
    [mirror, isAdmin, teacherId, myClasses],
  );
  const others = useMemo(
    () => (mirror?.leave ?? []).filter((row) => row.teacherId !== teacherId && !toDecide.includes(row)).sort(byNewest),
    [mirror, teacherId, toDecide],
  );

  const decide = (row: LeaveApplication, decision: 'approved' | 'declined') => {
    if (!engine) return;
    const note = notes[row.id]?.trim();
    void report.attempt(() => engine.mutate('leave.decide', { id: row.id, decision, ...(note ? { note } : {}) }), decision === 'approved' ? leaveMessages.approved : leaveMessages.declined);
  };

  const teacherNames = new Map(mirror?.teachers.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
  const columns: Column<LeaveBalance>[] = [
    { key: 'teacher', header: text.balances.teacher, text: (row) => teacherNames.get(row.teacherId) ?? row.teacherId },
    { key: 'kind', header: text.balances.kind, text: (row) => text.kinds[row.kind] },
    { key: 'allowed', header: text.balances.allowed, text: (row) => String(row.allowed) },
    { key: 'taken', header: text.balances.taken, text: (row) => String(row.taken) },
    { key: 'left', header: text.balances.left, text: (row) => String(row.left) },
  ];
  const myBalances = balances.status === 'ok' ? balances.value.filter((row) => row.teacherId === teacherId) : [];

  return (
    <main className="page leave-page">
      <PageHeader title={leaveTitles.leave} backTo="/admin" />
      {!mirror && <LoadingStatus text={text.loading} />}
      {mirror && (
        <section className="leave-section" aria-labelledby="leave-decide">
          <h2 id="leave-decide">{text.decide.heading}</h2>
          {toDecide.length === 0 && <p className="panel">{text.decide.none}</p>}
          <ul className="leave-list">
            {toDecide.map((row) => (
              <li key={row.id} className="panel">
                <LeaveLine row={row} who={nameOf(row)} mayOpenFile={mayOpenFile(row)} />
                <div className="leave-decide">
                  <TextField label={text.decide.note} value={notes[row.id] ?? ''} onChange={(event) => setNotes((current) => ({ ...current, [row.id]: event.target.value }))} />
                  <button type="button" className="btn btn-primary" aria-label={`${text.decide.approve} · ${text.decide.of({ name: nameOf(row) })}`} onClick={() => decide(row, 'approved')}>
                    {text.decide.approve}
                  </button>
                  <button type="button" className="btn btn-secondary" aria-label={`${text.decide.decline} · ${text.decide.of({ name: nameOf(row) })}`} onClick={() => decide(row, 'declined')}>
                    {text.decide.decline}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {mirror && teacherId && (
        <LeaveForm who={{ teacherId }} staff>
          {balances.status === 'ok' ? (
            <ul className="leave-balances">
              {myBalances.map((row) => (
                <li key={row.kind}>{text.apply.left({ kind: text.kinds[row.kind], left: row.left, allowed: row.allowed })}</li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">{text.apply.balancesOffline}</p>
          )}
        </LeaveForm>
      )}
      {mirror && !teacherId && !isAdmin && <p className="alert alert-info">{text.apply.noTeacher}</p>}
      {mine.length > 0 && <OwnLeaveList rows={mine} heading={text.list.mine} headingId="leave-mine" />}
      {others.length > 0 && (
        <section className="leave-section" aria-labelledby="leave-others">
          <h2 id="leave-others">{text.list.heading}</h2>
          <ul className="leave-list">
            {others.map((row) => (
              <li key={row.id} className="panel" data-status={row.status}>
                <LeaveLine row={row} who={nameOf(row)} mayOpenFile={mayOpenFile(row)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {isAdmin && (
        <section className="leave-section" aria-labelledby="leave-balances">
          <h2 id="leave-balances">{text.balances.heading}</h2>
          {balances.status !== 'ok' ? (
            <p className="field-hint">{text.balances.offline}</p>
          ) : (
            <>
              <ExportCsvButton filename={text.balances.csvName} columns={columns} rows={balances.value} />
              <table className={`fee-table ${stackTable.className}`} {...stackTable.table}>
                <caption className="visually-hidden">{text.balances.heading}</caption>
                <thead {...stackTable.rowgroup}>
                  <tr {...stackTable.row}>
                    {columns.map((column) => (
                      <th key={column.key} scope="col" {...stackTable.columnheader}>
                        {column.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody {...stackTable.rowgroup}>
                  {balances.value.map((row) => (
                    <tr key={`${row.teacherId}|${row.kind}`} {...stackTable.row}>
                      <th scope="row" {...stackRowHeader()}>
                        {columns[0]!.text(row)}
                      </th>
                      {columns.slice(1).map((column) => (
                        <td key={column.key} {...stackCell(column.header)}>
                          {column.text(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      )}
    </main>
  );
}
