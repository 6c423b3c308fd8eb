/**
 * /admin/students (spec section 2 "Students"): the students of the mirror in a table of the spec's
 * ten columns, 20 a page from page 0, a class filter and search by column as you type, CSV export
 * of what is shown, row selection with the spec's rules for Edit (exactly one) and Delete (at least
 * one, one at a time, confirmed), and the bulk upload (admins). Aadhaar numbers are masked in the
 * list and the export; the full number is only in the student's form.
 */
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../../contract/messages';
import { studentSearchColumns, type StudentSearchColumn } from '../../../contract/student';
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
import { mayChangeClass, useViewer, useWritableClasses } from './access';
import { classLabel, studentList, type StudentView } from './queries';
import { studentTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import type { LanguageCode } from '../../../contract/languages';
import { say, useLanguage } from '../../i18n';
import './students.css';

const allClasses = '';
const noClass = '-';

function admissionText(row: StudentView): string {
  if (row.admissionId) return row.admissionId;
  return row.admissionPending ? messages.admissions.pendingNumber : '';
}

/** The spec's columns, in its order, in the language of the moment. */
const studentColumns = (_language: LanguageCode): readonly Column<StudentView>[] => [
  {
    key: 'admissionId',
    header: text.columns.admissionId,
    text: admissionText,
    cell: (row) => (row.admissionPending && !row.admissionId ? <span className="st-pending">{say(messages.admissions.pendingNumber)}</span> : admissionText(row)),
  },
  { key: 'name', header: text.columns.name, text: (row) => row.name },
  { key: 'className', header: text.columns.className, text: (row) => classLabel(row) },
  { key: 'schoolName', header: text.columns.schoolName, text: (row) => row.schoolName },
  { key: 'rollNumber', header: text.columns.rollNumber, text: (row) => row.rollNumber, className: 'rk-num' },
  { key: 'phoneNumber', header: text.columns.phoneNumber, text: (row) => row.phoneNumber },
  { key: 'fatherName', header: text.columns.fatherName, text: (row) => row.fatherName },
  { key: 'motherName', header: text.columns.motherName, text: (row) => row.motherName },
  { key: 'address', header: text.columns.address, text: (row) => row.address },
  { key: 'aadhaarId', header: text.columns.aadhaarId, text: (row) => row.aadhaarMasked },
];

const searchValue: Record<StudentSearchColumn, (row: StudentView) => string> = {
  admissionId: admissionText,
  name: (row) => row.name,
  firstName: (row) => row.firstName,
  lastName: (row) => row.lastName,
  className: (row) => row.className,
  classSection: (row) => row.classSection,
  rollNumber: (row) => row.rollNumber,
  phoneNumber: (row) => row.phoneNumber,
  fatherName: (row) => row.fatherName,
  motherName: (row) => row.motherName,
  address: (row) => row.address,
  emailId: (row) => row.emailId,
  parentEmail: (row) => row.parentEmail,
  aadhaarId: (row) => row.aadhaarId,
  apaarId: (row) => row.apaarId,
};

export default function StudentsPage() {
  const language = useLanguage();
  const { columns, searchColumns } = useMemo(
    () => ({ columns: studentColumns(language), searchColumns: searchColumnsOf(studentSearchColumns, text.searchColumns, searchValue) }),
    [language],
  );
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const viewer = useViewer();
  const writable = useWritableClasses(viewer);
  const list = useMirrorQuery((db) => studentList(db, viewer.schoolName), [viewer.schoolName]);

  const [classFilter, setClassFilter] = useState(allClasses);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [notice, setNotice] = useNotice();
  const removal = useConfirmedDelete<StudentView>({
    remove: engine ? (student) => engine.mutate('students.delete', { id: student.id }) : null,
    deleted: messages.students.deleted,
    cancelled: messages.students.deletionCancelled,
    failed: (student, reason) => messages.students.deleteFailed(student.name, reason),
    fallbackReason: messages.students.operationFailed,
    setNotice,
    onDeleted: (student) =>
      setSelected((current) => {
        const next = new Set(current);
        next.delete(student.id);
        return next;
      }),
  });
  const [uploadOpen, setUploadOpen] = useState(false);

  const students = list?.students;
  const classes = list?.classes ?? [];
  const inClass = useMemo(() => {
    if (!students || classFilter === allClasses) return students ?? [];
    return students.filter((row) => (classFilter === noClass ? !row.classId : row.classId === classFilter));
  }, [students, classFilter]);
  const { query, found, paging, searchBar } = useSearchedPages(inClass, searchColumns, classFilter);

  // Only students still in the mirror count as selected (one deleted elsewhere drops out).
  const chosen = useMemo(() => (students ?? []).filter((row) => selected.has(row.id)), [students, selected]);

  const changeSelection = (ids: Set<string>) => {
    setSelected(ids);
    setNotice(null);
  };

  const edit = () => {
    if (chosen.length !== 1) {
      setNotice({ tone: 'error', text: messages.students.selectExactlyOne });
      return;
    }
    if (!mayChangeClass(writable, chosen[0]!.classId)) {
      setNotice({ tone: 'error', text: messages.students.notYourClass });
      return;
    }
    void navigate(`/admin/students/edit/${encodeURIComponent(chosen[0]!.id)}`);
  };

  const askDelete = () => {
    if (chosen.length === 0) {
      setNotice({ tone: 'error', text: messages.students.selectAtLeastOne });
      return;
    }
    if (chosen.length > 1) {
      setNotice({ tone: 'error', text: messages.students.selectOnlyOne });
      return;
    }
    const student = chosen[0]!;
    if (!mayChangeClass(writable, student.classId)) {
      setNotice({ tone: 'error', text: messages.students.notYourClass });
      return;
    }
    setNotice(null);
    removal.ask(student);
  };

  const loading = !engine || students === undefined;
  // A teacher with no class of their own is refused every student change (students/service.ts).
  const mayWrite = writable === null || (writable !== undefined && writable.size > 0);
  const filtered = classFilter !== allClasses || query.trim() !== '';
  const caption = filtered && students ? text.captionFiltered({ shown: found.rows.length, total: students.length }) : text.caption;
  return (
    <main className="page st-page">
      <PageHeader title={staffTitles.students} backTo="/admin" />
      {loading && <LoadingStatus text={text.loading} />}
      {!loading && (
        <>
          <div className="rk-list-actions" role="group" aria-label={text.actionsLabel}>
            {mayWrite && (
              <>
                <Link className="btn btn-primary" to="/admin/students/add">
                  {text.add}
                </Link>
                <button type="button" className="btn btn-secondary" onClick={edit}>
                  {text.edit}
                </button>
                <button type="button" className="btn btn-danger" onClick={askDelete}>
                  {text.remove}
                </button>
              </>
            )}
            {viewer.isAdmin && (
              <button type="button" className="btn btn-secondary" aria-expanded={uploadOpen} onClick={() => setUploadOpen((open) => !open)}>
                {uploadOpen ? text.hideUpload : text.upload}
              </button>
            )}
            <ExportCsvButton filename="students" columns={columns} rows={found.rows} />
            {chosen.length > 0 && <span className="rk-selection-count">{text.selected({ count: chosen.length })}</span>}
          </div>
          <NoticeArea notice={notice} className="st-notice" />
          <RejectedChanges table="students" unknownName={text.unknownName} deleteLine={(name, reason) => say(messages.students.deleteFailed(name, say(reason)))} />
          {viewer.isAdmin && uploadOpen && (
            <>
              <p className="rk-note">{text.uploadNote}</p>
              <UploadPanel entity="students" onImported={() => void engine?.syncNow()} />
            </>
          )}
          <div className="rk-filters">
            <div className="field">
              <label className="field-label" htmlFor="st-class-filter">
                {text.classFilter}
              </label>
              <select id="st-class-filter" className="field-input" value={classFilter} onChange={(event) => setClassFilter(event.target.value)}>
                <option value={allClasses}>{text.allClasses}</option>
                {classes.map((row) => (
                  <option key={row.id} value={row.id}>
                    {classLabel(row)}
                  </option>
                ))}
                <option value={noClass}>{text.noClass}</option>
              </select>
            </div>
            <SearchBar {...searchBar} status={filtered ? caption : undefined} />
          </div>
          <p className="rk-note">{text.aadhaarMaskedNote}</p>
          <RecordTable
            busy={found.stale}
            caption={caption}
            columns={columns}
            rows={paging.pageRows}
            getRowId={(row) => row.id}
            rowLabel={(row) => row.name}
            emptyText={students.length === 0 ? text.empty : text.noMatch}
            selectedIds={selected}
            onSelectionChange={changeSelection}
          />
          <PagerFor paging={paging} />
        </>
      )}
      <DeleteConfirmDialog flow={removal} texts={{ confirmTitle: text.confirmTitle, confirmDelete: text.confirmDelete, cancel: text.cancel, confirmBody: (name) => text.confirmBody({ name }) }} />
    </main>
  );
}
