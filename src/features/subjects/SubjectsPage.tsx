/**
 * /admin/subjects: the school's subjects from the mirror, 20 a page from page 0, search by column,
 * CSV export; admins add, edit and delete (through the outbox, so offline too), teachers read. A
 * subject still taught in a class cannot be deleted: the dialog says so from the mirror, and the
 * school's own refusal shows when it answers.
 */
import { useMemo, useState } from 'react';
import { messages } from '../../../contract/messages';
import { createSubject, deleteSubject, updateSubject, type SubjectRow } from '../../../sync';
import { t } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import {
  ConfirmDialog,
  EditRemoveButtons,
  ExportCsvButton,
  PagerFor,
  RecordTable,
  SearchBar,
  useMutationToast,
  useSearchedPages,
  useStaffAccess,
  type Column,
} from '../../kit';
import { SubjectFormDialog, type SubjectValues } from './SubjectFormDialog';
import { subjectsTexts as text } from './texts';

interface SubjectView extends SubjectRow {
  classCount: number;
}

const searchColumns: Column<SubjectView>[] = [
  { key: 'subjectName', header: text.subjectName, text: (row) => row.subjectName },
  { key: 'subjectCode', header: text.subjectCode, text: (row) => row.subjectCode ?? '' },
];

const columns: Column<SubjectView>[] = [
  ...searchColumns,
  { key: 'classes', header: text.classes, text: (row) => String(row.classCount), className: 'rk-num' },
];

type Dialog = { kind: 'form'; editing: SubjectRow | null } | { kind: 'delete'; row: SubjectView } | null;

export default function SubjectsPage() {
  const engine = useSyncEngine();
  const { isAdmin } = useStaffAccess();
  const notify = useMutationToast();
  const subjects = useMirrorQuery((db) => db.subjects.orderBy('subjectName').toArray(), []);
  const mappedSubjectIds = useMirrorQuery((db) => db.classSubjects.toArray().then((rows) => rows.map((row) => row.subjectId)), []);

  const rows = useMemo<SubjectView[]>(() => {
    const counts = new Map<string, number>();
    for (const id of mappedSubjectIds ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...(subjects ?? [])]
      .sort((a, b) => a.subjectName.localeCompare(b.subjectName))
      .map((row) => ({ ...row, classCount: counts.get(row.id) ?? 0 }));
  }, [subjects, mappedSubjectIds]);

  const { query, found, paging, searchBar } = useSearchedPages(rows, searchColumns);
  const [dialog, setDialog] = useState<Dialog>(null);

  const save = async (values: SubjectValues, editing: SubjectRow | null): Promise<boolean> => {
    if (!engine) return false;
    if (editing) return notify.attempt(() => updateSubject(engine, { ...values, id: editing.id }), messages.subjects.updated);
    return notify.attempt(() => createSubject(engine, values), messages.subjects.added);
  };

  const remove = async (row: SubjectView) => {
    if (!engine) return;
    setDialog(null);
    await notify.attempt(() => deleteSubject(engine, row.id), messages.subjects.deleted);
  };

  const loading = subjects === undefined;
  return (
    <main className="page records-page">
      <PageHeader
        title={t.titles.subjects}
        backTo="/admin"
        right={
          isAdmin ? (
            <button type="button" className="btn btn-primary" disabled={!engine} onClick={() => setDialog({ kind: 'form', editing: null })}>
              {text.add}
            </button>
          ) : undefined
        }
      />
      {!engine && <p className="alert alert-info">{text.noEngine}</p>}
      {loading && engine && <p className="loading-label">{text.loading}</p>}
      {!loading && (
        <section className="panel">
          <div className="rk-toolbar">
            <SearchBar {...searchBar} status={query ? text.matches(found.rows.length) : undefined} />
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
                      editLabel={text.editLabel(row.subjectName)}
                      removeText={text.remove}
                      removeLabel={text.removeLabel(row.subjectName)}
                      disabled={!engine}
                      onEdit={() => setDialog({ kind: 'form', editing: row })}
                      onRemove={() => setDialog({ kind: 'delete', row })}
                    />
                  )
                : undefined
            }
          />
          <PagerFor paging={paging} />
        </section>
      )}
      {dialog?.kind === 'form' && (
        <SubjectFormDialog editing={dialog.editing} subjects={subjects ?? []} onSave={(values) => save(values, dialog.editing)} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={text.deleteTitle}
        confirmLabel={text.remove}
        busy={dialog?.kind === 'delete' && dialog.row.classCount > 0}
        onConfirm={() => dialog?.kind === 'delete' && void remove(dialog.row)}
        onCancel={() => setDialog(null)}
      >
        {dialog?.kind === 'delete' && (
          <>
            <p>{text.deleteQuestion(dialog.row.subjectName)}</p>
            {dialog.row.classCount > 0 && <p className="alert alert-warning">{messages.subjects.stillMapped(dialog.row.classCount)}</p>}
          </>
        )}
      </ConfirmDialog>
    </main>
  );
}
