/**
 * /admin/mark-attendance: pick a class and a date (today by default), everyone is present until
 * changed, one tap per student, mark everyone, remarks, Save. Saving is one engine mutation for the
 * class and date (the outbox merges later saves of the same sheet while they wait), so it works the
 * same offline; the sheet says whether it has reached the school. Only the marks she touched are
 * hers: the others go as the sheet started them (marks nobody chose), and a mark the school already
 * has stands over those. A mark of hers the school kept another over shows both on its row, and
 * she chooses (choices.ts). Class and date live in the
 * address, so a reload (online or not) comes back to the same sheet. A teacher is offered only the
 * classes they may mark (the server's canMarkClass, attendance/permissions.ts), so nothing is saved
 * offline that the school would refuse. On a Sunday or a holiday of the class (the events on the
 * device, contract/working-days.ts) the page says so and asks before saving.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { attendanceStatuses, type AttendanceStatus } from '../../../contract/attendance';
import { messages } from '../../../contract/messages';
import { holidayOn, isSunday } from '../../../contract/working-days';
import { StorageFullError, type AttendanceRow, type StudentRow } from '../../../sync';
import { say, t, useLanguage } from '../../i18n';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { bottomBarRef } from '../../ui/bottom-bar';
import { ClosedYearNote, ClosedYearReadNote, ConfirmDialog, useSchoolYears } from '../../kit';
import { academicYearOf } from '../../../contract/admission';
import { useOnline } from '../../kit/use-online';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { inClosedYear, readSchoolSheet } from './school-reads';
import { readHolidays } from '../../kit/events-week';
import { mayChangeClassOf, useChangeableClassIds } from '../../kit/taught-classes';
import { longDate } from '../../ui/dates';
import { isIsoDate, today, totalsOf } from './attendance-math';
import { ClassPicker } from './ClassPicker';
import { MarkRow, type Mark } from './MarkRow';
import { choicesOf, keepSchools, keepYours, type MarkChoice } from './choices';
import { approvedLeaveOn, classList, classStudents, sheetView } from './queries';
import { SheetStatus } from './SheetStatus';
import { attendanceTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { useUnsavedGuard } from './use-unsaved-guard';
import './attendance.css';

/** A save quicker than this never shows "Saving…" (a flash of it reads as a flicker). */
const savingShownAfterMs = 150;

const defaultMark: Mark = { status: 'present', remark: '' };
const leaveMark: Mark = { status: 'leave', remark: '' };
const noLeave: ReadonlySet<string> = new Set();

// One Mark per stored record, so a row's `mark` stays the same object and MarkRow's memo holds.
const savedMarks = new WeakMap<AttendanceRow, Mark>();

function savedMark(record: AttendanceRow | undefined): Mark {
  if (!record) return defaultMark;
  let mark = savedMarks.get(record);
  if (!mark) savedMarks.set(record, (mark = { status: record.status, remark: record.remark ?? '' }));
  return mark;
}

const sameMark = (a: Mark, b: Mark) => a.status === b.status && a.remark.trim() === b.remark.trim();

interface Draft {
  key: string;
  marks: ReadonlyMap<string, Mark>;
  /** The marks as they were last saved (written to the device). */
  saved: ReadonlyMap<string, Mark>;
}

export default function MarkAttendancePage() {
  useLanguage();
  const engine = useSyncEngine();
  const [params, setParams] = useSearchParams();
  const chosenId = params.get('classId') ?? '';
  const markable = useChangeableClassIds();
  const allClasses = useMirrorQuery(classList, []);
  const classes = useMemo(
    () => (allClasses && markable !== undefined ? allClasses.filter((row) => mayChangeClassOf(markable, row.id)) : undefined),
    [allClasses, markable],
  );
  const notMarkable = Boolean(chosenId && classes && !classes.some((row) => row.id === chosenId));
  const classId = classes && !notMarkable ? chosenId : '';
  const dateParam = params.get('date');
  const maxDate = today();
  const date = isIsoDate(dateParam) ? dateParam : maxDate;
  const sheetKey = `${classId}|${date}`;

  const studentsResult = useMirrorQuery(async (db) => ({ classId, date, rows: classId ? await classStudents(db, classId, date) : [] }), [classId, date]);
  // A closed year's days are read, not marked here (docs/decisions.md "The school year").
  const years = useSchoolYears();
  const closedYear = inClosedYear(years, date);
  // Its days are read from the school while online (a device that synced since holds none).
  const online = useOnline();
  const fromSchool = useSchoolFetch((signal) => readSchoolSheet(classId, date, signal), closedYear && Boolean(classId), online, sheetKey);
  const sheetResult = useMirrorQuery(async (db) => ({ key: sheetKey, view: classId ? await sheetView(db, classId, date) : null }), [
    sheetKey,
    classId,
    date,
  ]);
  const students: StudentRow[] | undefined = studentsResult?.classId === classId && studentsResult.date === date ? studentsResult.rows : undefined;
  const holiday = useMirrorQuery(async (db) => holidayOn(date, await readHolidays(db), classId || undefined)?.title ?? null, [date, classId]);
  const offDay = holiday ?? (isSunday(date) ? text.sunday : null);
  const [asking, setAsking] = useState(false);
  const chosenClass = classes?.find((row) => row.id === classId);
  const chosenName = chosenClass ? [chosenClass.className, chosenClass.classSection].filter(Boolean).join(' ') : '';
  const view = sheetResult?.key === sheetKey ? sheetResult.view : undefined;

  // Taps not saved yet. A save keeps them as `saved` until the mirror shows the same marks, so the
  // sheet never flickers back to the old marks while the change is being written.
  const [draft, setDraft] = useState<Draft>({ key: sheetKey, marks: new Map(), saved: new Map() });
  const edits = useMemo(() => (draft.key === sheetKey ? draft.marks : new Map<string, Mark>()), [draft, sheetKey]);
  const saved = useMemo(() => (draft.key === sheetKey ? draft.saved : new Map<string, Mark>()), [draft, sheetKey]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const records = fromSchool.status === 'ok' ? fromSchool.value.records : view?.records;
  // A child on approved leave that day starts as "leave" (docs/decisions.md "Leave"); she can still change it.
  const leaveResult = useMirrorQuery(async (db) => ({ date, ids: await approvedLeaveOn(db, date) }), [date]);
  const onLeave = leaveResult?.date === date ? leaveResult.ids : noLeave;
  const startMark = useCallback((id: string) => (records?.has(id) || !onLeave.has(id) ? savedMark(records?.get(id)) : leaveMark), [records, onLeave]);
  const markOf = useCallback((id: string) => edits.get(id) ?? startMark(id), [edits, startMark]);
  const changed = useMemo(
    () => (students ?? []).filter((student) => !records?.has(student.id) || !sameMark(markOf(student.id), savedMark(records.get(student.id)))),
    [students, records, markOf],
  );
  const isEdited = useCallback(
    (id: string) => {
      const mark = edits.get(id);
      if (!mark || sameMark(mark, startMark(id))) return false;
      const written = saved.get(id);
      return !written || !sameMark(mark, written);
    },
    [edits, saved, startMark],
  );
  const edited = useMemo(() => [...edits.keys()].filter(isEdited).length, [edits, isEdited]);
  const totals = totalsOf((students ?? []).map((student) => markOf(student.id)));
  // Marks she chose that met other marks at the school: both on the student's row, and she chooses.
  const choices = useMemo(() => choicesOf(view?.conflicts ?? []), [view]);
  // The notices the rows show (a student no longer in the class keeps the sheet's own notice).
  const onRows = useMemo(() => new Set((students ?? []).map((student) => student.id).filter((id) => choices.has(id))), [students, choices]);
  const choose = useCallback(
    (choice: MarkChoice, keep: 'yours' | 'school') => {
      if (!engine || !classId) return;
      const done = keep === 'yours' ? keepYours(engine, classId, date, choice) : keepSchools(engine, choice);
      done.catch((caught: unknown) => setError(caught instanceof StorageFullError ? caught.message : messages.network.unexpected));
    },
    [engine, classId, date],
  );

  const guard = useUnsavedGuard(edited > 0 && !saving);

  // Once the mirror shows a saved mark, the mirror governs again (a later pull may change it).
  useEffect(() => {
    if (!records) return;
    setDraft((current) => {
      if (current.key !== sheetKey || current.saved.size === 0) return current;
      const marks = new Map(current.marks);
      const written = new Map(current.saved);
      for (const [id, mark] of current.saved) {
        const shown = marks.get(id);
        if (!shown || !sameMark(shown, mark)) continue;
        if (!sameMark(mark, savedMark(records.get(id)))) continue;
        marks.delete(id);
        written.delete(id);
      }
      return written.size === current.saved.size ? current : { key: current.key, marks, saved: written };
    });
  }, [records, sheetKey]);

  const setMark = useCallback(
    (studentId: string, mark: Mark) =>
      setDraft((current) => {
        const same = current.key === sheetKey;
        const marks = new Map(same ? current.marks : []);
        marks.set(studentId, mark);
        return { key: sheetKey, marks, saved: same ? current.saved : new Map() };
      }),
    [sheetKey],
  );

  const markEveryone = (status: AttendanceStatus) =>
    setDraft((current) => ({
      key: sheetKey,
      marks: new Map((students ?? []).map((student) => [student.id, { ...markOf(student.id), status }])),
      saved: current.key === sheetKey ? current.saved : new Map(),
    }));

  const chooseSheet = (next: { classId?: string; date?: string }) => {
    const search = new URLSearchParams(params);
    if (next.classId !== undefined) search.set('classId', next.classId);
    if (next.date !== undefined) search.set('date', next.date);
    setError(null);
    setParams(search, { replace: true });
  };

  const future = date > maxDate;
  const writing = useRef(false);
  const save = async (confirmed = false) => {
    if (!engine || !classId || changed.length === 0 || future || closedYear || writing.current) return;
    if (offDay && !confirmed) {
      setAsking(true);
      return;
    }
    writing.current = true;
    setAsking(false);
    setError(null);
    // The page changes nothing until the sheet is on the device, unless that takes long enough to
    // be seen: a re-render and repaint first would hold the tap's transaction back by their
    // length (docs/decisions.md, "One frame from tap to disk").
    const slow = setTimeout(() => setSaving(true), savingShownAfterMs);
    try {
      await engine.mutate('attendance.markSheet', {
        classId,
        date,
        // A student she did not touch is sent as the sheet started them, a mark nobody chose: where
        // the school already has a mark, the school's stands without a notice.
        entries: changed.map((student) => {
          const mark = markOf(student.id);
          return { studentId: student.id, status: mark.status, remark: mark.remark.trim(), ...(edits.has(student.id) ? {} : { assumed: true }) };
        }),
      });
      setDraft((current) => (current.key === sheetKey ? { ...current, saved: new Map(current.marks) } : current));
      toast.success(text.savedHere);
    } catch (caught) {
      setError(caught instanceof StorageFullError ? caught.message : messages.network.unexpected);
    } finally {
      clearTimeout(slow);
      writing.current = false;
      setSaving(false);
    }
  };

  const loading = !engine || classes === undefined;
  return (
    <main className="page att-page">
      <PageHeader title={staffTitles.markAttendance} backTo="/admin/attendance" />
      {loading && <p className="loading-label">{text.loadingMirror}</p>}
      {!loading && classes.length === 0 && (
        <p className="alert alert-info">{allClasses && allClasses.length > 0 ? text.noTaughtClasses : text.noClasses}</p>
      )}
      {!loading && notMarkable && classes.length > 0 && (
        <p className="alert alert-warning" role="alert">
          {say(messages.attendance.notYourClass)}
        </p>
      )}
      {!loading && classes.length > 0 && (
        <section className="panel att-controls" aria-label={text.controlsLabel}>
          <ClassPicker classes={classes} value={classId} onChange={(id) => chooseSheet({ classId: id })} />
          <div className="field att-field">
            <label className="field-label" htmlFor="att-date">
              {text.dateLabel}
            </label>
            <input
              id="att-date"
              className="field-input"
              type="date"
              max={maxDate}
              value={date}
              onChange={(event) => isIsoDate(event.target.value) && chooseSheet({ date: event.target.value })}
            />
          </div>
        </section>
      )}
      {!loading && classes.length > 0 && !classId && !notMarkable && <p className="att-hint">{text.chooseClassHint}</p>}
      {classId && view && <SheetStatus view={view} engine={engine} onRows={onRows} />}
      {future && <p className="alert alert-warning">{text.futureDate}</p>}
      <ClosedYearNote years={years} year={academicYearOf(date)} />
      {classId && !(fromSchool.status === 'offline' && records && records.size > 0) && <ClosedYearReadNote fetched={fromSchool} years={years} year={academicYearOf(date)} />}
      {!future && offDay && <p className="alert alert-warning">{text.offDay({ date: longDate(date) ?? date, what: offDay })}</p>}
      {classId && students && students.length === 0 && <p className="alert alert-info">{text.noStudents}</p>}
      {classId && students && students.length > 0 && view && (
        <>
          <div className="att-markall" role="group" aria-label={text.markAll}>
            <span className="att-markall-label" aria-hidden="true">
              {text.markAll}
            </span>
            {attendanceStatuses.map((status) => (
              <button
                key={status}
                type="button"
                className="btn btn-secondary att-markall-button"
                data-status={status}
                aria-label={text.markAllAs({ status })}
                onClick={() => markEveryone(status)}
              >
                <span className="mark-short" aria-hidden="true">
                  {text.short[status]}
                </span>
                <span className="mark-long" aria-hidden="true">
                  {t.attendanceStatus[status]}
                </span>
              </button>
            ))}
          </div>
          <ul className="mark-list" aria-label={staffTitles.markAttendance}>
            {students.map((student) => (
              <MarkRow
                key={`${sheetKey}|${student.id}`}
                studentId={student.id}
                name={`${student.firstName} ${student.lastName}`.trim()}
                roll={typeof student.rollNumber === 'string' || typeof student.rollNumber === 'number' ? String(student.rollNumber) : null}
                mark={markOf(student.id)}
                edited={isEdited(student.id)}
                choice={choices.get(student.id)}
                onChoose={choose}
                onChange={setMark}
              />
            ))}
          </ul>
          <div className="att-savebar" ref={bottomBarRef}>
            <p className="att-counts" aria-label={text.counts}>
              {attendanceStatuses.map((status) => (
                <span key={status} data-status={status}>
                  <abbr title={t.attendanceStatus[status]}>{text.short[status]}</abbr> {totals[status]}
                </span>
              ))}
              {edited > 0 && <span className="att-unsaved">{text.unsaved({ count: edited })}</span>}
            </p>
            {error && (
              <p className="alert alert-error att-error" role="alert">
                {error}
              </p>
            )}
            <button
              type="button"
              className="btn btn-primary att-save"
              disabled={saving || changed.length === 0 || future || closedYear}
              onClick={() => void save()}
            >
              {saving ? text.saving : records && records.size > 0 ? text.saveChanges : text.save}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={text.offDayTitle}
        confirmLabel={text.offDayConfirm}
        danger={false}
        onConfirm={() => void save(true)}
        onCancel={() => setAsking(false)}
      >
        {text.offDayQuestion({ date: longDate(date) ?? date, what: offDay ?? '', className: chosenName })}
      </ConfirmDialog>
      {guard}
    </main>
  );
}
