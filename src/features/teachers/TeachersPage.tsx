/**
 * /admin/teachers: the teachers of the mirror with the classes they teach (class teacher, or a
 * subject there), 20 a page from page 0, search by column as you type, CSV export of what is
 * shown. Admins add, edit, delete (confirmed) and upload; teachers read the list (the server
 * refuses their writes, so the buttons are not shown to them).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../contract/messages';
import { teacherSearchColumns, type TeacherSearchColumn } from '../../../contract/teacher';
import { useSessionSnapshot } from '../../session/use-session';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import {
  DeleteConfirmDialog,
  ExportCsvButton,
  LoadingStatus,
  NoticeArea,
  PagerFor,
  RecordTable,
  SearchBar,
  UploadPanel,
  useConfirmedDelete,
  useNotice,
  useSearchedPages,
  type Column,
  RejectedChanges,
  searchColumnsOf,
} from '../../kit';
import { teacherList, type TeacherView } from './queries';
import { teacherTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import type { LanguageCode } from '../../../contract/languages';
import { say, useLanguage } from '../../i18n';
import './teachers.css';

const classesText = (row: TeacherView) => row.classes.map((item) => (item.classTeacher ? text.classTeacherOf({ label: item.label }) : item.label)).join(', ');

/** The columns in a language (their headers are read when made). */
const teacherColumns = (_language: LanguageCode): readonly Column<TeacherView>[] => [
  { key: 'employeeId', header: text.columns.employeeId, text: (row) => row.employeeId },
  { key: 'name', header: text.columns.name, text: (row) => row.name },
  { key: 'emailId', header: text.columns.emailId, text: (row) => row.emailId },
  { key: 'phoneNumber', header: text.columns.phoneNumber, text: (row) => row.phoneNumber },
  { key: 'subjects', header: text.columns.subjects, text: (row) => row.subjects },
  {
    key: 'classes',
    header: text.columns.classes,
    text: classesText,
    cell: (row) =>
      row.classes.length === 0 ? (
        ''
      ) : (
        <ul className="tc-classes">
          {row.classes.map((item) => (
            <li key={item.id}>{item.classTeacher ? text.classTeacherOf({ label: item.label }) : item.label}</li>
          ))}
        </ul>
      ),
  },
];

const searchValue: Record<TeacherSearchColumn, (row: TeacherView) => string> = {
  employeeId: (row) => row.employeeId,
  name: (row) => row.name,
  firstName: (row) => row.firstName,
  lastName: (row) => row.lastName,
  emailId: (row) => row.emailId,
  phoneNumber: (row) => row.phoneNumber,
  subjects: (row) => row.subjects,
};

export default function TeachersPage() {
  const language = useLanguage();
  const { columns, searchColumns } = useMemo(
    () => ({ columns: teacherColumns(language), searchColumns: searchColumnsOf(teacherSearchColumns, text.searchColumns, searchValue) }),
    [language],
  );
  const engine = useSyncEngine();
  const isAdmin = useSessionSnapshot().session?.role === 'admin';
  const teachers = useMirrorQuery(teacherList, []);
  const [notice, setNotice] = useNotice();
  const removal = useConfirmedDelete<TeacherView>({
    remove: engine ? (teacher) => engine.mutate('teachers.delete', { id: teacher.id }) : null,
    deleted: messages.teachers.deleted,
    cancelled: text.deletionCancelled,
    failed: (teacher, reason) => text.deleteFailed({ name: teacher.name, error: say(reason) }),
    fallbackReason: messages.students.operationFailed,
    setNotice,
  });
  const [uploadOpen, setUploadOpen] = useState(false);

  const { found, paging, searchBar } = useSearchedPages(teachers ?? [], searchColumns);

  const loading = !engine || teachers === undefined;
  return (
    <main className="page tc-page">
      <PageHeader title={staffTitles.teachers} backTo="/admin" />
      {loading && <LoadingStatus text={text.loading} />}
      {!loading && (
        <>
          {isAdmin ? (
            <div className="rk-list-actions">
              <Link className="btn btn-primary" to="/admin/teachers/add">
                {text.add}
              </Link>
              <button type="button" className="btn btn-secondary" aria-expanded={uploadOpen} onClick={() => setUploadOpen((open) => !open)}>
                {uploadOpen ? text.hideUpload : text.upload}
              </button>
              <ExportCsvButton filename="teachers" columns={columns} rows={found.rows} />
            </div>
          ) : (
            <div className="rk-list-actions">
              <p className="rk-note tc-read-only">{text.readOnly}</p>
              <ExportCsvButton filename="teachers" columns={columns} rows={found.rows} />
            </div>
          )}
          <NoticeArea notice={notice} />
          <RejectedChanges table="teachers" unknownName={text.unknownName} />
          {isAdmin && uploadOpen && (
            <>
              <p className="rk-note">{text.uploadNote}</p>
              <UploadPanel entity="teachers" onImported={() => void engine?.syncNow()} />
            </>
          )}
          <SearchBar {...searchBar} />
          <RecordTable
            busy={found.stale}
            caption={text.caption}
            columns={columns}
            rows={paging.pageRows}
            getRowId={(row) => row.id}
            emptyText={teachers.length === 0 ? text.empty : text.noMatch}
            actions={
              isAdmin
                ? (row) => (
                    <span className="tc-row-actions">
                      <Link className="btn btn-secondary" to={`/admin/teachers/edit/${encodeURIComponent(row.id)}`} aria-label={text.editOne({ name: row.name })}>
                        {text.edit}
                      </Link>
                      <button type="button" className="btn btn-danger" aria-label={text.removeOne({ name: row.name })} onClick={() => removal.ask(row)}>
                        {text.remove}
                      </button>
                    </span>
                  )
                : undefined
            }
          />
          <PagerFor paging={paging} />
        </>
      )}
      <DeleteConfirmDialog flow={removal} texts={{ confirmTitle: text.confirmTitle, confirmDelete: text.confirmDelete, cancel: text.cancel, confirmBody: (name) => text.confirmBody({ name }) }} />
    </main>
  );
}
