/**
 * /admin/mapping: per class, the subjects it takes and who teaches each, and its class teacher
 * (which decide what a teacher may mark and edit). Admins change them through the outbox (offline
 * too); teachers read. The chosen class is in the address so a reload comes back to it.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { classLabel as classNameLabel } from '../../../contract/class-label';
import { messages } from '../../../contract/messages';
import type { ClassRow, ClassSubjectRow, MutationResult, SubjectRow, TeacherRow } from '../../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { compareClasses } from '../../../contract/class-order';
import {
  DeleteConfirmDialog,
  ExportCsvButton,
  MirrorStatus,
  NoticeArea,
  RecordTable,
  recordsKitTexts,
  useConfirmedDelete,
  useNotice,
  useStaffAccess,
  useWriteReport,
  type Column,
} from '../../kit';
import { mappingTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import './mapping.css';
import { classesTable } from '../../../sync/modules/classes';
import { subjectsTable } from '../../../sync/modules/subjects';
import { teachersTable } from '../../../sync/modules/teachers';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { useLanguage } from '../../i18n';

interface MappingView extends ClassSubjectRow {
  /** The subject's name: what the remove question and its outcome name. */
  name: string;
  subjectLabel: string;
  subjectCode: string;
  teacherLabel: string;
}

const classLabel = (row: Pick<ClassRow, 'className' | 'classSection'>) => classNameLabel(row.className, row.classSection);
const teacherLabel = (row: TeacherRow) => `${`${row.firstName} ${row.lastName}`.trim()}${row.employeeId ? ` (${row.employeeId})` : ''}`;

function TeacherSelect({
  id,
  label,
  value,
  teachers,
  emptyLabel,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  teachers: readonly TeacherRow[];
  emptyLabel: string;
  onChange: (value: string) => void;
}) {
  useLanguage();
  return (
    <select id={id} aria-label={label} className="field-input" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{emptyLabel}</option>
      {teachers.map((teacher) => (
        <option key={teacher.id} value={teacher.id}>
          {teacherLabel(teacher)}
        </option>
      ))}
    </select>
  );
}

/** A subject's teacher: chosen in the row, written when Save is pressed (never per keystroke). */
function SubjectTeacherCell({ row, teachers, disabled, onSave }: { row: MappingView; teachers: readonly TeacherRow[]; disabled: boolean; onSave: (teacherId: string | null) => void }) {
  useLanguage();
  const stored = row.teacherId ?? '';
  const [choice, setChoice] = useState<{ base: string; value: string }>({ base: stored, value: stored });
  const value = choice.base === stored ? choice.value : stored;
  return (
    <span className="map-teacher">
      <TeacherSelect id={`teacher-${row.id}`} label={text.teacherFor({ subject: row.subjectLabel })} value={value} teachers={teachers} emptyLabel={text.noSubjectTeacher} onChange={(next) => setChoice({ base: stored, value: next })} />
      <button type="button" className="btn btn-secondary" aria-label={text.saveTeacherLabel({ subject: row.subjectLabel })} disabled={disabled || value === stored} onClick={() => onSave(value || null)}>
        {text.saveTeacher}
      </button>
    </span>
  );
}

export default function MappingPage() {
  useLanguage();
  const engine = useSyncEngine();
  const { isAdmin } = useStaffAccess();
  const report = useWriteReport();
  const [notice, setNotice] = useNotice();
  const [params, setParams] = useSearchParams();
  const classId = params.get('classId') ?? '';

  const classes = useMirrorQuery((db) => db.tableOf(classesTable).toArray().then((rows) => rows.sort(compareClasses)), []);
  const subjects = useMirrorQuery((db) => db.tableOf(subjectsTable).orderBy('subjectName').toArray(), []);
  const teachers = useMirrorQuery(
    (db) => db.tableOf(teachersTable).toArray().then((rows) => rows.sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`))),
    [],
  );
  const mapped = useMirrorQuery((db) => (classId ? db.tableOf(classSubjectsTable).where('classId').equals(classId).toArray() : []), [classId]);
  const chosen = classes?.find((row) => row.id === classId);

  const subjectById = useMemo(() => new Map((subjects ?? []).map((row) => [row.id, row])), [subjects]);
  const teacherById = useMemo(() => new Map((teachers ?? []).map((row) => [row.id, row])), [teachers]);
  const rows = useMemo<MappingView[]>(
    () =>
      (mapped ?? [])
        .map((row) => {
          const subject: SubjectRow | undefined = subjectById.get(row.subjectId);
          const teacher = row.teacherId ? teacherById.get(row.teacherId) : undefined;
          return {
            ...row,
            name: subject?.subjectName ?? row.subjectName,
            subjectLabel: subject?.subjectName ?? row.subjectName,
            subjectCode: subject?.subjectCode ?? '',
            teacherLabel: teacher ? teacherLabel(teacher) : (row.teacherName ?? ''),
          };
        })
        .sort((a, b) => a.subjectLabel.localeCompare(b.subjectLabel)),
    [mapped, subjectById, teacherById],
  );
  const available = useMemo(() => {
    const taken = new Set(rows.map((row) => row.subjectId));
    return (subjects ?? []).filter((row) => !taken.has(row.id));
  }, [rows, subjects]);

  const [classTeacherChoice, setClassTeacherChoice] = useState<{ key: string; value: string } | null>(null);
  const storedClassTeacher = chosen?.classTeacherId ?? '';
  const classTeacherKey = `${classId}|${storedClassTeacher}`;
  const classTeacherValue = classTeacherChoice?.key === classTeacherKey ? classTeacherChoice.value : storedClassTeacher;
  const [newSubject, setNewSubject] = useState('');
  const [newTeacher, setNewTeacher] = useState('');
  const removal = useConfirmedDelete<MappingView>({
    remove: engine ? (row) => engine.mutate('classSubjects.delete', { id: row.id }) : null,
    deleted: messages.classSubjects.deleted,
    cancelled: messages.students.deletionCancelled,
    failed: (_row, reason) => reason,
    fallbackReason: messages.network.unexpected,
    setNotice,
  });

  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('classId', id);
    else next.delete('classId');
    setParams(next, { replace: true });
    setNewSubject('');
    setNewTeacher('');
    setNotice(null);
  };

  const write = (run: () => Promise<MutationResult>, success: string) => {
    setNotice(null);
    return engine ? report.attempt(run, success) : Promise.resolve(false);
  };

  const saveClassTeacher = () => {
    if (!engine || !chosen) return;
    const teacherId = classTeacherValue || null;
    void write(() => engine.mutate('classes.setClassTeacher', { classId: chosen.id, teacherId }), teacherId ? messages.classSubjects.classTeacherSet : messages.classSubjects.classTeacherCleared);
  };

  const addSubject = async () => {
    if (!engine || !chosen || !newSubject || !available.some((row) => row.id === newSubject)) return;
    const done = await write(
      () => engine.mutate('classSubjects.create', { classId: chosen.id, subjectId: newSubject, teacherId: newTeacher || null }),
      messages.classSubjects.added,
    );
    if (done) {
      setNewSubject('');
      setNewTeacher('');
    }
  };

  const columns: Column<MappingView>[] = [
    { key: 'subject', header: text.subject, text: (row) => row.subjectLabel },
    { key: 'code', header: text.code, text: (row) => row.subjectCode },
    {
      key: 'teacher',
      header: text.teacher,
      text: (row) => row.teacherLabel,
      className: 'rk-wrap',
      cell: (row) =>
        isAdmin ? (
          <SubjectTeacherCell
            key={`${row.id}|${row.teacherId ?? ''}`}
            row={row}
            teachers={teachers ?? []}
            disabled={!engine}
            onSave={(teacherId) =>
              void write(() => engine!.mutate('classSubjects.update', { id: row.id, classId: row.classId, subjectId: row.subjectId, teacherId }), messages.classSubjects.updated)
            }
          />
        ) : (
          row.teacherLabel || <span className="rk-muted">{text.noSubjectTeacher}</span>
        ),
    },
  ];

  const loading = classes === undefined;
  const classTeacher = chosen?.classTeacherId ? teacherById.get(chosen.classTeacherId) : undefined;
  return (
    <main className="page records-page map-page">
      <PageHeader title={staffTitles.mapping} backTo="/admin" />
      <MirrorStatus engine={engine} loaded={!loading} text={text} />
      <NoticeArea notice={notice} />
      {!loading && classes.length === 0 && <p className="alert alert-info">{text.noClasses}</p>}
      {!loading && classes.length > 0 && (
        <section className="panel">
          <div className="field map-class">
            <label className="field-label" htmlFor="map-class">
              {text.classLabel}
            </label>
            <select id="map-class" className="field-input" value={chosen ? classId : ''} onChange={(event) => choose(event.target.value)}>
              <option value="">{text.chooseClass}</option>
              {classes.map((row) => (
                <option key={row.id} value={row.id}>
                  {classLabel(row)}
                </option>
              ))}
            </select>
          </div>
          {!chosen && <p className="field-hint">{text.chooseClassHint}</p>}
          {!isAdmin && <p className="field-hint">{text.readOnly}</p>}
        </section>
      )}
      {chosen && (
        <>
          <section className="panel" aria-labelledby="map-class-teacher">
            <h2 id="map-class-teacher">{text.classTeacherHeading}</h2>
            {isAdmin ? (
              <div className="map-row">
                <label className="visually-hidden" htmlFor="map-class-teacher-select">
                  {text.classTeacherLabel}
                </label>
                <select
                  id="map-class-teacher-select"
                  className="field-input"
                  value={classTeacherValue}
                  onChange={(event) => setClassTeacherChoice({ key: classTeacherKey, value: event.target.value })}
                >
                  <option value="">{text.noTeacherOption}</option>
                  {(teachers ?? []).map((teacher) => (
                    <option key={teacher.id} value={teacher.id}>
                      {teacherLabel(teacher)}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn btn-primary" disabled={!engine || classTeacherValue === storedClassTeacher} onClick={saveClassTeacher}>
                  {text.saveClassTeacher}
                </button>
              </div>
            ) : (
              <p>{classTeacher ? teacherLabel(classTeacher) : text.noTeacher}</p>
            )}
          </section>
          <section className="panel">
            <div className="rk-toolbar map-toolbar">
              <ExportCsvButton filename={`class-${classLabel(chosen).replace(/\s+/g, '-')}-subjects`} columns={columns} rows={rows} />
            </div>
            <RecordTable
              caption={text.subjectsCaption({ name: classLabel(chosen) })}
              columns={columns}
              rows={rows}
              getRowId={(row) => row.id}
              emptyText={text.empty}
              actions={
                isAdmin
                  ? (row) => (
                      <button type="button" className="btn btn-danger" aria-label={text.removeLabel({ subject: row.subjectLabel })} disabled={!engine} onClick={() => removal.ask(row)}>
                        {text.remove}
                      </button>
                    )
                  : undefined
              }
            />
            {isAdmin && (
              <form
                className="map-add"
                aria-labelledby="map-add-heading"
                onSubmit={(event) => {
                  event.preventDefault();
                  void addSubject();
                }}
              >
                <h3 id="map-add-heading">{text.addHeading}</h3>
                {(subjects ?? []).length === 0 && <p className="field-hint">{text.noSubjects}</p>}
                {(subjects ?? []).length > 0 && available.length === 0 && <p className="field-hint">{text.allSubjectsAdded}</p>}
                {available.length > 0 && (
                  <div className="map-row">
                    <div className="field">
                      <label className="field-label" htmlFor="map-add-subject">
                        {text.addSubject}
                      </label>
                      <select id="map-add-subject" className="field-input" value={newSubject} onChange={(event) => setNewSubject(event.target.value)}>
                        <option value="">{text.chooseSubject}</option>
                        {available.map((row) => (
                          <option key={row.id} value={row.id}>
                            {row.subjectName}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="field">
                      <label className="field-label" htmlFor="map-add-teacher">
                        {text.addTeacher}
                      </label>
                      <TeacherSelect id="map-add-teacher" label={text.addTeacher} value={newTeacher} teachers={teachers ?? []} emptyLabel={text.noSubjectTeacher} onChange={setNewTeacher} />
                    </div>
                    <button type="submit" className="btn btn-primary" disabled={!engine || !newSubject}>
                      {text.add}
                    </button>
                  </div>
                )}
              </form>
            )}
          </section>
        </>
      )}
      <DeleteConfirmDialog
        flow={removal}
        texts={{
          confirmTitle: text.removeTitle,
          confirmDelete: text.remove,
          cancel: recordsKitTexts.confirm.cancel,
          confirmBody: (subject) => text.removeQuestion({ subject, name: chosen ? classLabel(chosen) : '' }),
        }}
      />
    </main>
  );
}
