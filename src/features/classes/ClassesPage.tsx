/**
 * /admin/classes (spec section 2): the school's classes from the mirror, 20 a page from page 0,
 * a class filter (one class name, all its sections), search by column (off while the filter is
 * on), add and edit in a dialog, delete after confirmation, upload and CSV export. Writes go
 * through the outbox, so they work offline. Teachers add classes and change only the ones they
 * teach; the server has the last word. Saves toast the spec's messages (section 8: class calls
 * toast, the school's refusal with its own message); the delete's outcome also stays in the notice.
 */
import { useMemo, useState } from 'react';
import type { LanguageCode } from '../../../contract/languages';
import { say, useLanguage } from '../../i18n';
import { classLabel } from '../../../contract/class-label';
import { messages } from '../../../contract/messages';
import type { ClassInput } from '../../../contract/class';
import type { ClassRow } from '../../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { compareClasses } from '../../../contract/class-order';
import {
  allColumns,
  DeleteConfirmDialog,
  EditRemoveButtons,
  ExportCsvButton,
  MirrorStatus,
  NoticeArea,
  PagerFor,
  RecordTable,
  recordsKitTexts,
  SearchBar,
  UploadPanel,
  useConfirmedDelete,
  useLocalSearch,
  useNotice,
  usePaging,
  useStaffAccess,
  useWriteReport,
  type Column,
} from '../../kit';
import { ClassFormDialog } from './ClassFormDialog';
import { useTaughtClassIds } from '../../kit/taught-classes';
import { classesTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { classesTable } from '../../../sync/modules/classes';
import { teachersTable } from '../../../sync/modules/teachers';
import { studentsTable } from '../../../sync/modules/students';

export interface ClassView extends ClassRow {
  /** "VI A": what the delete question and its outcome name. */
  name: string;
  teacherName: string;
  studentCount: number;
}

const nameOf = (row: { className: string; classSection: string }) => classLabel(row.className, row.classSection);

/** The table's columns in a language (their headers are read when made). */
function classColumns(_language: LanguageCode) {
  const searchColumns: Column<ClassView>[] = [
    { key: 'className', header: text.className, text: (row) => row.className },
    { key: 'classSection', header: text.classSection, text: (row) => row.classSection },
  ];
  const columns: Column<ClassView>[] = [
    ...searchColumns,
    { key: 'classTeacher', header: text.classTeacher, text: (row) => row.teacherName },
    { key: 'students', header: text.students, text: (row) => String(row.studentCount), className: 'rk-num' },
  ];
  const tableColumns: Column<ClassView>[] = columns.map((column) =>
    column.key === 'classTeacher'
      ? { ...column, cell: (row) => row.teacherName || <span className="rk-muted">{text.noClassTeacher}</span> }
      : column,
  );
  const deleteTexts = { confirmTitle: text.deleteTitle, confirmDelete: text.remove, cancel: recordsKitTexts.confirm.cancel, confirmBody: (name: string) => text.deleteQuestion({ name }) };
  return { searchColumns, columns, tableColumns, deleteTexts };
}

export default function ClassesPage() {
  const language = useLanguage();
  const { searchColumns, columns, tableColumns, deleteTexts } = useMemo(() => classColumns(language), [language]);
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const report = useWriteReport();
  const [notice, setNotice] = useNotice();
  const classes = useMirrorQuery((db) => db.tableOf(classesTable).orderBy('className').toArray(), []);
  const teachers = useMirrorQuery((db) => db.tableOf(teachersTable).toArray(), []);
  const studentClassIds = useMirrorQuery((db) => db.tableOf(studentsTable).orderBy('classId').keys(), []);
  const taught = useTaughtClassIds(access.isTeacher ? access.teacherId : null);

  const rows = useMemo<ClassView[]>(() => {
    const teacherNames = new Map((teachers ?? []).map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
    const counts = new Map<string, number>();
    for (const key of studentClassIds ?? []) counts.set(String(key), (counts.get(String(key)) ?? 0) + 1);
    return [...(classes ?? [])].sort(compareClasses).map((row) => ({
      ...row,
      name: nameOf(row),
      teacherName: (row.classTeacherId && teacherNames.get(row.classTeacherId)) || '',
      studentCount: counts.get(row.id) ?? 0,
    }));
  }, [classes, teachers, studentClassIds]);

  const classNames = useMemo(() => [...new Set(rows.map((row) => row.className))], [rows]);
  const [filter, setFilter] = useState('');
  const [column, setColumn] = useState(allColumns);
  const [query, setQuery] = useState('');
  const filtering = filter !== '' && classNames.includes(filter);
  const filtered = useMemo(() => (filtering ? rows.filter((row) => row.className === filter) : rows), [rows, filter, filtering]);
  const found = useLocalSearch(filtered, searchColumns, column, filtering ? '' : query);
  const paging = usePaging(found.rows, 20, `${filtering ? filter : ''}|${column}|${filtering ? '' : query}`);
  const [editing, setEditing] = useState<{ row: ClassRow | null } | null>(null);
  const removal = useConfirmedDelete<ClassView>({
    remove: engine ? (row) => engine.mutate('classes.delete', { id: row.id }) : null,
    deleted: messages.classes.deleted,
    cancelled: messages.students.deletionCancelled,
    failed: (_row, reason) => reason,
    fallbackReason: messages.classes.deleteFailed,
    setNotice,
  });

  // Unknown teacher id: the server decides, so the buttons stay.
  const mayChange = (row: ClassRow) => access.isAdmin || !access.isTeacher || !taught || taught.has(row.id);

  const save = async (input: ClassInput, editing: ClassRow | null): Promise<boolean> => {
    if (!engine) return false;
    setNotice(null);
    if (editing) return report.attempt(() => engine.mutate('classes.update', { ...input, id: editing.id }), messages.classes.updated, messages.classes.updateFailed);
    return report.attempt(() => engine.mutate('classes.create', input), messages.classes.added, messages.classes.addFailed);
  };

  const loading = classes === undefined;
  const confirming = removal.confirming;
  const anyChangeable = rows.some(mayChange);
  return (
    <main className="page records-page">
      <PageHeader
        title={staffTitles.classes}
        backTo="/admin"
        right={
          <button type="button" className="btn btn-primary" disabled={!engine} onClick={() => setEditing({ row: null })}>
            {text.add}
          </button>
        }
      />
      <MirrorStatus engine={engine} loaded={!loading} text={text} />
      <NoticeArea notice={notice} />
      {!loading && (
        <section className="panel">
          <div className="rk-toolbar">
            <div className="field rk-filter">
              <label className="field-label" htmlFor="classes-filter">
                {text.filterLabel}
              </label>
              <select id="classes-filter" className="field-input" value={filtering ? filter : ''} onChange={(event) => setFilter(event.target.value)}>
                <option value="">{text.allClasses}</option>
                {classNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <SearchBar
              columns={searchColumns}
              column={column}
              onColumnChange={setColumn}
              query={filtering ? '' : query}
              onQueryChange={setQuery}
              disabledReason={filtering ? text.searchDisabled : undefined}
              status={!filtering && query ? text.matches({ count: found.rows.length }) : undefined}
            />
            <ExportCsvButton filename="classes" columns={columns} rows={found.rows} />
          </div>
          {access.isTeacher && taught && rows.length > 0 && !rows.every(mayChange) && <p className="field-hint">{text.notYours}</p>}
          <RecordTable
            busy={found.stale}
            caption={text.caption}
            captionHidden
            columns={tableColumns}
            rows={paging.pageRows}
            getRowId={(row) => row.id}
            emptyText={rows.length === 0 ? text.empty : text.noMatches}
            actions={
              anyChangeable
                ? (row) =>
                    mayChange(row) ? (
                      <EditRemoveButtons
                        editText={text.edit}
                        editLabel={text.editLabel({ name: nameOf(row) })}
                        removeText={text.remove}
                        removeLabel={text.removeLabel({ name: nameOf(row) })}
                        disabled={!engine}
                        onEdit={() => setEditing({ row })}
                        onRemove={() => {
                          setNotice(null);
                          removal.ask(row);
                        }}
                      />
                    ) : null
                : undefined
            }
          />
          <PagerFor paging={paging} />
        </section>
      )}
      {access.isAdmin && <UploadPanel entity="classes" heading={text.uploadHeading} />}
      {editing && <ClassFormDialog editing={editing.row} classes={classes ?? []} onSave={(input) => save(input, editing.row)} onClose={() => setEditing(null)} />}
      <DeleteConfirmDialog flow={removal} texts={deleteTexts} blocked={(confirming?.studentCount ?? 0) > 0}>
        {confirming && confirming.studentCount > 0 && <p className="alert alert-warning">{say(messages.classes.hasStudents(confirming.studentCount))}</p>}
      </DeleteConfirmDialog>
    </main>
  );
}
