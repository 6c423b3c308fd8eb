/**
 * The shared records list kit: every list screen (classes, subjects, mapping, students, teachers,
 * admissions, accounts) builds on these pieces, reading rows from the mirror.
 *
 * Columns — one definition per list, used by the table, the search and the CSV export:
 *   const columns: Column<ClassRow>[] = [
 *     { key: 'className', header: 'Class', text: (row) => row.className },
 *     { key: 'students', header: 'Students', text: (row) => String(count(row)), className: 'rk-num' },
 *     // `cell(row)` renders something richer than `text(row)` (links, badges) when given.
 *   ];
 *
 * Search (local, as you type, fast over 3,000 rows; keep `rows` and `columns` stable, i.e. module-level
 * columns and memoized rows, since each row's text is normalized again whenever either changes):
 *   const [column, setColumn] = useState(allColumns);  const [query, setQuery] = useState('');
 *   const found = useLocalSearch(rows, searchColumns, column, query);   // found.rows, found.stale
 *   <SearchBar columns={searchColumns} column={column} onColumnChange={setColumn} query={query}
 *     onQueryChange={setQuery} disabledReason={filterActive ? '…why…' : undefined} status={…} />
 *
 * Paging (spec: page size 20, from page 0; back to page 0 when resetKey changes):
 *   const paging = usePaging(found.rows, 20, `${column}|${query}`);
 *   <RecordTable caption="Classes" columns={columns} rows={paging.pageRows} getRowId={(r) => r.id}
 *     emptyText="No classes yet." selectedIds={ids} onSelectionChange={setIds} actions={(r) => …} />
 *   <Pager page={paging.page} pageCount={paging.pageCount} onPageChange={paging.setPage}
 *     total={paging.total} pageSize={paging.pageSize} />
 *
 * Export exactly the rows shown after search/filter (papaparse loads on click; BOM; cells starting
 * with = + - @ get a leading '): <ExportCsvButton filename="classes" columns={columns} rows={found.rows} />
 *
 * Upload (classes | students | teachers; server parses; progress bar; per-row report; templates;
 * disabled offline): <UploadPanel entity="classes" onImported={(result) => …} />
 *
 * Role: const { isAdmin, isTeacher, teacherId } = useStaffAccess();  (hide or disable what the server refuses)
 *
 * A family screen's child (?studentId=, else the first; the select shows for two or more):
 *   const student = useChosenStudent(students);  <ChildChooser students={students} student={student} />
 *
 * Confirm: <ConfirmDialog open title confirmLabel onConfirm onCancel>question</ConfirmDialog>
 * (Cancel has focus; Escape and outside click cancel; focus returns to the opener.)
 *
 * A list page's frame (classes, subjects, mapping, students, teachers, admissions):
 *   {loading && <LoadingStatus text="Reading this device's copy…" />}
 *   const [notice, setNotice] = useNotice();  <NoticeArea notice={notice} />   (what stays on the page)
 *   const removal = useConfirmedDelete({ remove, deleted, cancelled, failed, fallbackReason, setNotice });
 *   <DeleteConfirmDialog flow={removal} texts={…} blocked={…}>why it cannot go</DeleteConfirmDialog>
 *
 * After a write through sync/ (the one way to tell how a write went): const report = useWriteReport();
 *   await report.attempt(() => engine.mutate('classes.create', input), messages.classes.added, messages.classes.addFailed);
 * Online it toasts the message; offline it adds "saved on this device, will reach the school when
 * you are online"; if the school later refuses that change, its message toasts as an error.
 */
export { searchColumnsOf, type Column } from '../ui/columns';
export { RecordTable, type RecordTableProps } from './RecordTable';
export { usePaging, Pager, defaultPageSize, type Paging, type PagerProps } from './paging';
export { useSearchedPages, PagerFor } from './searched-pages';
export { SearchBar, useLocalSearch, allColumns, normalizeText, type SearchBarProps, type LocalSearch } from './search';
export { ExportCsvButton, type ExportCsvButtonProps } from './ExportCsvButton';
export { recordsCsv, saveFile } from '../ui/csv';
export { UploadPanel, type UploadPanelProps } from './UploadPanel';
export { uploadFile, readUploadAnswer, authHeaders, type UploadOutcome } from './upload';
export { RejectedChanges, type RejectedChangesProps } from './RejectedChanges';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { useWriteReport, mutationErrorMessage, type WriteReport } from './write-report';
export { recordsKitTexts } from './texts';
export { useStaffAccess, type StaffAccess } from './access';
export { GenderField } from './GenderField';
export { ChildChooser, useChosenStudent } from './ChildChooser';
export { ClosedYearNote, ClosedYearReadNote, useChosenYear, YearChooser } from './YearChooser';
export { useSchoolYears, type SchoolYears } from './school-year';
export { useConfirmedDelete, DeleteConfirmDialog, type ConfirmedDeleteOptions, type DeleteTexts } from './confirmed-delete';
export { RecordFormDialog, type DialogField, type RecordFormDialogProps } from './RecordFormDialog';
export { fieldErrors, issuesByField, focusFirstInvalid, useFocusFirstError, type FieldErrors } from './form-errors';
export {
  LoadingStatus,
  MirrorStatus,
  RecordPageMessage,
  LoadProblem,
  useNotice,
  NoticeArea,
  deleteFailureReason,
  useRecordForm,
  FormAlert,
  FormActions,
  EditRemoveButtons,
  type Notice,
} from './record-page';
