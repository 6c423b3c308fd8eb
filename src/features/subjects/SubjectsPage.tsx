/**
 * /admin/subjects: the school's subjects from the mirror, 20 a page from page 0, search by column,
 * CSV export; admins add, edit and delete (through the outbox, so offline too), teachers read. A
 * subject still taught in a class cannot be deleted: the dialog says so from the mirror, and the
 * school's own refusal shows when it answers.
 */
import { useMemo, useState } from 'react';
import { messages } from '../../../contract/messages';
import type { SubjectRow } from '../../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import {
  DeleteConfirmDialog,
  EditRemoveButtons,
  ExportCsvButton,
  MirrorStatus,
  NoticeArea,
  PagerFor,
  RecordTable,
  recordsKitTexts,
  SearchBar,
  useConfirmedDelete,
  useNotice,
  useSearchedPages,
  useStaffAccess,
  useWriteReport,
  type Column,
} from '../../kit';
import { SubjectFormDialog, type SubjectValues } from './SubjectFormDialog';
import { subjectsTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { subjectsTable } from '../../../sync/modules/subjects';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import type { LanguageCode } from '../../../contract/languages';
import { say, useLanguage } from '../../i18n';

interface SubjectView extends SubjectRow {
  /** What the delete question and its outcome name. */
  name: string;
  classCount: number;
}

/** The table's columns and the delete dialog's words in a language (read when made). */
function subjectColumns(_language: LanguageCode) {
  const searchColumns: Column<SubjectView>[] = [
    { key: 'subjectName', header: text.subjectName, text: (row) => row.subjectName },
    { key: 'subjectCode', header: text.subjectCode, text: (row) => row.subjectCode ?? '' },
  ];

  const columns: Column<SubjectView>[] = [
    ...searchColumns,
    { key: 'classes', header: text.classes, text: (row) => String(row.classCount), className: 'rk-num' },
  ];

  const deleteTexts = { confirmTitle: text.deleteTitle, confirmDelete: text.remove, cancel: recordsKitTexts.confirm.cancel, confirmBody: (name: string) => text.deleteQuestion({ name }) };
  return { searchColumns, columns, deleteTexts };
}

export default function SubjectsPage() {
  const language = useLanguage();
  const { searchColumns, columns, deleteTexts } = useMemo(() => subjectColumns(language), [language]);
  const engine = useSyncEngine();
  const { isAdmin } = useStaffAccess();
  const report = useWriteReport();
  const [notice, setNotice] = useNotice();
  const subjects = useMirrorQuery((db) => db.tableOf(subjectsTable).orderBy('subjectName').toArray(), []);
  const mappedSubjectIds = useMirrorQuery((db) => db.tableOf(classSubjectsTable).toArray().then((rows) => rows.map((row) => row.subjectId)), []);

  const rows = useMemo<SubjectView[]>(() => {
    const counts = new Map<string, number>();
    for (const id of mappedSubjectIds ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...(subjects ?? [])]
      .sort((a, b) => a.subjectName.localeCompare(b.subjectName))
      .map((row) => ({ ...row, name: row.subjectName, classCount: counts.get(row.id) ?? 0 }));
  }, [subjects, mappedSubjectIds]);

  const { query, found, paging, searchBar } = useSearchedPages(rows, searchColumns);
  const [editing, setEditing] = useState<{ row: SubjectRow | null } | null>(null);
  const removal = useConfirmedDelete<SubjectView>({
    remove: engine ? (row) => engine.mutate('subjects.delete', { id: row.id }) : null,
    deleted: messages.subjects.deleted,
    cancelled: messages.students.deletionCancelled,
    failed: (_row, reason) => reason,
    fallbackReason: messages.network.unexpected,
    setNotice,
  });

  const save = async (values: SubjectValues, editing: SubjectRow | null): Promise<boolean> => {
    if (!engine) return false;
    setNotice(null);
    if (editing) return report.attempt(() => engine.mutate('subjects.update', { ...values, id: editing.id }), messages.subjects.updated);
    return report.attempt(() => engine.mutate('subjects.create', values), messages.subjects.added);
  };

  const loading = subjects === undefined;
  const confirming = removal.confirming;
  return (
    <main className="page records-page">
      <PageHeader
        title={staffTitles.subjects}
        backTo="/admin"
        right={
          isAdmin ? (
            <button type="button" className="btn btn-primary" disabled={!engine} onClick={() => setEditing({ row: null })}>
              {text.add}
            </button>
          ) : undefined
        }
      />
      <MirrorStatus engine={engine} loaded={!loading} text={text} />
      <NoticeArea notice={notice} />
      {!loading && (
        <section className="panel">
          <div className="rk-toolbar">
            <SearchBar {...searchBar} status={query ? text.matches({ count: found.rows.length }) : undefined} />
            <ExportCsvButton filename="subjects" columns={columns} rows={found.rows} />
          </div>
          {!isAdmin && <p className="field-hint">{text.readOnly}</p>}
          <RecordTable
            busy={found.stale}
            caption={text.caption}
            captionHidden
            columns={columns}
            rows={paging.pageRows}
            getRowId={(row) => row.id}
            emptyText={rows.length === 0 ? text.empty : text.noMatches}
            actions={
              isAdmin
                ? (row) => (
                    <EditRemoveButtons
                      editText={text.edit}
                      editLabel={text.editLabel({ name: row.subjectName })}
                      removeText={text.remove}
                      removeLabel={text.removeLabel({ name: row.subjectName })}
                      disabled={!engine}
                      onEdit={() => setEditing({ row })}
                      onRemove={() => {
                        setNotice(null);
                        removal.ask(row);
                      }}
                    />
                  )
                : undefined
            }
          />
          <PagerFor paging={paging} />
        </section>
      )}
      {editing && <SubjectFormDialog editing={editing.row} subjects={subjects ?? []} onSave={(values) => save(values, editing.row)} onClose={() => setEditing(null)} />}
      <DeleteConfirmDialog flow={removal} texts={deleteTexts} blocked={(confirming?.classCount ?? 0) > 0}>
        {confirming && confirming.classCount > 0 && <p className="alert alert-warning">{say(messages.subjects.stillMapped(confirming.classCount))}</p>}
      </DeleteConfirmDialog>
    </main>
  );
}
