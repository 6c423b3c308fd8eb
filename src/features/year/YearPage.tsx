/**
 * /admin/year: the school's current year and its past ones; for an admin, the next year's dry run,
 * worked out when asked (it reads a whole school's dues)
 * (where each class goes, each student's outcome, proposed from the year's published results),
 * changed class by class and student by student, then started in one go; the undo within its
 * window; the students who left at the end of last year, each with their transfer certificate to
 * issue. The years come from the device's copy; the dry run, the start and the undo need the school.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { academicYearLabel } from '../../../contract/admission';
import { compareClasses } from '../../../contract/class-order';
import { formatRupees } from '../../../contract/money';
import { yearOutcomes, type RolloverPreview, type YearOutcome } from '../../../contract/years';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { schoolYearsTable, studentYearsTable } from '../../../sync/modules/years';
import { say, useLanguage } from '../../i18n';
import { ConfirmDialog, LoadingStatus, useSchoolYears, useStaffAccess } from '../../kit';
import { staffTitles as titles } from '../../kit/staff-titles';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { useOnline } from '../../kit/use-online';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDateTime } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { yearTexts as text } from './texts';
import { previewTurnover, startYear, undoYear, type Choices } from './year-service';
import './year.css';

interface ClassOption {
  id: string;
  label: string;
}

const labelOf = (row: { className: string; classSection?: string | null }) => [row.className, row.classSection].filter(Boolean).join(' ');

export default function YearPage() {
  useLanguage();
  const { isAdmin } = useStaffAccess();
  const years = useSchoolYears();
  const online = useOnline() !== false;
  const openRow = useMirrorQuery((db) => db.tableOf(schoolYearsTable).where('academicYear').equals(years?.current ?? -1).first(), [years?.current]);
  const classes = useMirrorQuery(async (db) => (await db.tableOf(classesTable).toArray()).sort(compareClasses).map((row) => ({ id: row.id, label: labelOf(row) })), []);

  return (
    <main className="page year-page">
      <PageHeader title={titles.year} backTo="/admin" />
      {!years && <LoadingStatus text={text.checking} />}
      {years && (
        <section className="panel" aria-labelledby="year-current">
          <h2 id="year-current">{text.current({ year: academicYearLabel(years.current) })}</h2>
          {years.years.some((one) => one.closed) && (
            <>
              <h3>{text.pastHeading}</h3>
              <ul className="year-past">
                {years.years
                  .filter((one) => one.closed)
                  .map((one) => (
                    <li key={one.academicYear}>{text.pastLine({ year: one.label })}</li>
                  ))}
              </ul>
            </>
          )}
        </section>
      )}
      {!isAdmin && <p className="alert alert-info">{text.adminsOnly}</p>}
      {isAdmin && years && openRow?.undoUntil && new Date(openRow.undoUntil) > new Date() && <UndoPanel year={years.current} until={openRow.undoUntil} online={online} />}
      {isAdmin && years && <Leavers year={years.current - 1} />}
      {isAdmin && years && classes && <Turnover key={years.current} toYear={years.current + 1} classes={classes} online={online} />}
    </main>
  );
}

function UndoPanel({ year, until, online }: { year: number; until: string; online: boolean }) {
  const engine = useSyncEngine();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = academicYearLabel(year);
  const undo = async () => {
    setBusy(true);
    const answer = await undoYear(year);
    setBusy(false);
    setAsking(false);
    if (!answer.ok) return void toast.error(say(answer.message));
    if (answer.message) toast.success(say(answer.message));
    await engine?.syncNow();
  };
  return (
    <section className="panel" aria-labelledby="year-undo">
      <h2 id="year-undo">{text.undoHeading({ year: label })}</h2>
      <p>{text.undoBody({ time: shortDateTime(until) })}</p>
      {!online && <p className="alert alert-info">{text.offline}</p>}
      <button type="button" className="btn btn-secondary" disabled={!online || busy} onClick={() => setAsking(true)}>
        {text.undoHeading({ year: label })}
      </button>
      <ConfirmDialog open={asking} title={text.undoHeading({ year: label })} confirmLabel={text.undoHeading({ year: label })} busy={busy} onConfirm={() => void undo()} onCancel={() => setAsking(false)}>
        <p>{text.undoConfirmBody({ year: label })}</p>
      </ConfirmDialog>
    </section>
  );
}

/** Who left at the end of `year`, each with the link to issue their transfer certificate. */
function Leavers({ year }: { year: number }) {
  const leavers = useMirrorQuery(
    async (db) => {
      const rows = (await db.tableOf(studentYearsTable).where('academicYear').equals(year).toArray()).filter((row) => row.outcome === 'leaving');
      const people = await db.tableOf(studentsTable).bulkGet(rows.map((row) => row.studentId));
      return people.flatMap((one) => (one ? [{ id: one.id, name: `${one.firstName} ${one.lastName}`.trim() }] : [])).sort((a, b) => a.name.localeCompare(b.name));
    },
    [year],
  );
  if (!leavers || leavers.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="year-leavers">
      <h2 id="year-leavers">{text.leaversHeading({ year: academicYearLabel(year) })}</h2>
      <p>{text.leaversIntro}</p>
      <ul className="year-leavers">
        {leavers.map((one) => (
          <li key={one.id}>
            <Link to={`/admin/records/printtc/${one.id}`}>{text.issueTc({ name: one.name })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Turnover({ toYear, classes, online }: { toYear: number; classes: readonly ClassOption[]; online: boolean }) {
  const engine = useSyncEngine();
  const [targets, setTargets] = useState<ReadonlyMap<string, string | null>>(new Map());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, { outcome: YearOutcome; toClassId?: string }>>(new Map());
  const [preview, setPreview] = useState<RolloverPreview | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // Worked out when the admin asks (a whole school's dues), then again after each change.
  const [wanted, setWanted] = useState(false);
  const choices: Choices = useMemo(
    () => ({
      toYear,
      classes: [...targets].map(([fromClassId, toClassId]) => ({ fromClassId, toClassId })),
      overrides: [...outcomes].map(([studentId, one]) => ({ studentId, outcome: one.outcome, ...(one.toClassId ? { toClassId: one.toClassId } : {}) })),
    }),
    [toYear, targets, outcomes],
  );

  useEffect(() => {
    if (!online || !wanted) return;
    const controller = new AbortController();
    previewTurnover(choices, controller.signal).then(
      (answer) => {
        if (answer.ok) {
          setPreview(answer.data);
          setProblem(undefined);
        } else setProblem(answer.message);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [choices, online, wanted]);

  const label = academicYearLabel(toYear);
  const classLabel = (id: string | null) => classes.find((one) => one.id === id)?.label ?? '';
  const counts = preview ? Object.fromEntries(yearOutcomes.map((outcome) => [outcome, preview.students.filter((one) => one.outcome === outcome).length])) : {};

  const start = async () => {
    setBusy(true);
    const answer = await startYear(choices);
    setBusy(false);
    setAsking(false);
    if (!answer.ok) return void toast.error(say(answer.message));
    if (answer.message) toast.success(say(answer.message));
    await engine?.syncNow();
  };

  const setTarget = (fromClassId: string, value: string) =>
    setTargets((now) => {
      const next = new Map(now);
      if (value === 'default') next.delete(fromClassId);
      else next.set(fromClassId, value === 'leave' ? null : value);
      return next;
    });
  const setOutcome = (studentId: string, outcome: YearOutcome | 'default', toClassId?: string) =>
    setOutcomes((now) => {
      const next = new Map(now);
      if (outcome === 'default') next.delete(studentId);
      else next.set(studentId, { outcome, ...(outcome !== 'leaving' && toClassId ? { toClassId } : {}) });
      return next;
    });

  return (
    <section className="panel year-turnover" aria-labelledby="year-start" aria-busy={online && wanted && !preview && !problem}>
      <h2 id="year-start">{text.startHeading({ year: label })}</h2>
      <p>{text.startIntro}</p>
      {!online && <p className="alert alert-info">{text.offline}</p>}
      {!wanted && (
        <button type="button" className="btn btn-primary" disabled={!online} onClick={() => setWanted(true)}>
          {text.prepare}
        </button>
      )}
      {online && wanted && !preview && !problem && <LoadingStatus text={text.checking} />}
      {problem && (
        <p className="alert alert-error" role="alert">
          {say(problem)}
        </p>
      )}
      {preview && (
        <>
          <ul className="year-summary" aria-live="polite">
            <li>{text.summary({ promoted: counts.promoted ?? 0, detained: counts.detained ?? 0, leaving: counts.leaving ?? 0 })}</li>
            {preview.newClasses.length > 0 && <li>{text.newClasses({ names: preview.newClasses.map(labelOf).join(', ') })}</li>}
            <li>{text.structures({ count: preview.structuresCopied })}</li>
            <li>{text.duesCarried({ amount: formatRupees(preview.duesCarried) })}</li>
          </ul>

          <h3 id="year-classes">{text.classesHeading}</h3>
          <table className={`year-table ${stackTable.className}`} {...stackTable.table} aria-labelledby="year-classes">
            <thead {...stackTable.rowgroup}>
              <tr {...stackTable.row}>
                <th scope="col" {...stackTable.columnheader}>
                  {text.columns.from}
                </th>
                <th scope="col" {...stackTable.columnheader}>
                  {text.columns.to}
                </th>
                <th scope="col" className="year-num" {...stackTable.columnheader}>
                  {text.columns.students}
                </th>
              </tr>
            </thead>
            <tbody {...stackTable.rowgroup}>
              {preview.classes.map((row) => {
                const from = labelOf({ className: row.fromClassName, classSection: row.fromClassSection });
                const chosen = targets.get(row.fromClassId);
                const value = chosen === undefined ? 'default' : chosen === null ? 'leave' : chosen;
                const proposed = row.toClassId === null && row.toClassName ? text.newClass({ name: labelOf({ className: row.toClassName, classSection: row.toClassSection }) }) : undefined;
                return (
                  <tr key={row.fromClassId} {...stackTable.row}>
                    <th scope="row" {...stackRowHeader()}>
                      {from}
                    </th>
                    <td {...stackCell(text.columns.to)}>
                      <select className="field-input" aria-label={text.targetOf({ className: from })} value={value} onChange={(event) => setTarget(row.fromClassId, event.target.value)}>
                        {chosen === undefined && <option value="default">{proposed ?? (row.toClassId ? classLabel(row.toClassId) : text.leaves)}</option>}
                        {chosen !== undefined && <option value="default">{text.asProposed}</option>}
                        {classes.map((one) => (
                          <option key={one.id} value={one.id}>
                            {one.label}
                          </option>
                        ))}
                        <option value="leave">{text.leaves}</option>
                      </select>
                    </td>
                    <td className="year-num" {...stackCell(text.columns.students)}>
                      {row.students}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>

          <h3>{text.studentsHeading}</h3>
          {preview.classes
            .filter((row) => row.students > 0)
            .map((row) => (
              <ClassStudents key={row.fromClassId} preview={preview} fromClassId={row.fromClassId} title={text.studentsOf({ className: labelOf({ className: row.fromClassName, classSection: row.fromClassSection }), count: row.students })} classes={classes} chosen={outcomes} onChange={setOutcome} />
            ))}

          <button type="button" className="btn btn-primary year-start" disabled={!online || busy || Boolean(problem)} onClick={() => setAsking(true)}>
            {text.start({ year: label })}
          </button>
          <ConfirmDialog open={asking} danger={false} title={text.confirmTitle({ year: label })} confirmLabel={text.start({ year: label })} busy={busy} onConfirm={() => void start()} onCancel={() => setAsking(false)}>
            <p>{text.confirmBody({ year: label, from: academicYearLabel(toYear - 1) })}</p>
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}

/** One class's students, drawn only while open (a school's whole roll would be thousands of selects). */
function ClassStudents(props: {
  preview: RolloverPreview;
  fromClassId: string;
  title: string;
  classes: readonly ClassOption[];
  chosen: ReadonlyMap<string, { outcome: YearOutcome; toClassId?: string }>;
  onChange: (studentId: string, outcome: YearOutcome | 'default', toClassId?: string) => void;
}) {
  const { preview, fromClassId, title, classes, chosen, onChange } = props;
  const [open, setOpen] = useState(false);
  const students = preview.students.filter((one) => one.fromClassId === fromClassId);
  const classRow = preview.classes.find((row) => row.fromClassId === fromClassId);
  const classLabel = (id: string | null | undefined) => classes.find((one) => one.id === id)?.label ?? '';
  // Where a student goes unless a class is chosen for them: with the class, in the same class, or nowhere.
  const defaultTarget = (outcome: YearOutcome) => {
    if (outcome === 'leaving') return text.leaves;
    if (outcome === 'detained') return classLabel(fromClassId);
    if (classRow?.toClassId) return classLabel(classRow.toClassId);
    if (classRow?.toClassName) return text.newClass({ name: labelOf({ className: classRow.toClassName, classSection: classRow.toClassSection }) });
    return text.leaves;
  };
  return (
    <details className="year-class" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{title}</summary>
      {open && (
        <table className={`year-table ${stackTable.className}`} {...stackTable.table} aria-label={title}>
          <thead {...stackTable.rowgroup}>
            <tr {...stackTable.row}>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.student}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.result}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.outcome}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.toClass}
              </th>
            </tr>
          </thead>
          <tbody {...stackTable.rowgroup}>
            {students.map((one) => {
              const mine = chosen.get(one.studentId);
              return (
                <tr key={one.studentId} data-outcome={one.outcome} {...stackTable.row}>
                  <th scope="row" {...stackRowHeader()}>
                    {one.name}
                  </th>
                  <td {...stackCell(text.columns.result)}>{text.results[one.result ?? 'none']}</td>
                  <td {...stackCell(text.columns.outcome)}>
                    <select className="field-input" aria-label={text.outcomeOf({ name: one.name })} value={one.outcome} onChange={(event) => onChange(one.studentId, event.target.value as YearOutcome, mine?.toClassId)}>
                      {yearOutcomes.map((outcome) => (
                        <option key={outcome} value={outcome}>
                          {text.outcomes[outcome]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td {...stackCell(text.columns.toClass)}>
                    <select
                      className="field-input"
                      aria-label={text.classOf({ name: one.name })}
                      value={mine?.toClassId ?? ''}
                      disabled={one.outcome === 'leaving'}
                      onChange={(event) => onChange(one.studentId, one.outcome, event.target.value || undefined)}
                    >
                      <option value="">{defaultTarget(one.outcome)}</option>
                      {classes.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </details>
  );
}
