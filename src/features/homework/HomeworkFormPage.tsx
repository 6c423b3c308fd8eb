/**
 * /admin/homework/add (and `?edit=<id>` for one already given): the homework's class, subject,
 * title, description, dates and files. It is written to the device (the outbox), so it works
 * offline; the files wait on the device and are sent once the homework has reached the school.
 * On edit, attached files can be removed: the removals go through the outbox when saved.
 * The classes and subjects offered are the ones the server lets this user give.
 */
import { say, useLanguage } from '../../i18n';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { attachmentTypes, homeworkInputSchema, homeworkMessages, maxAttachmentBytes, maxAttachmentsPerHomework } from '../../../contract/homework';
import { FormActions, FormAlert, LoadingStatus, RecordPageMessage, useRecordForm, useStaffAccess, useWriteReport } from '../../kit';
import { chosenFileProblem } from '../../kit/attached-files';
import { sendWaitingFiles, useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { queueHomeworkFiles } from './attachments';
import { classesToGive, mayGive, readHomeworkMirror, todayIso, type HomeworkMirror } from './queries';
import { homeworkTexts as text, homeworkTitles } from './texts';
import './homework.css';

type Field = 'classId' | 'subjectId' | 'title' | 'description' | 'assignedDate' | 'dueDate';

const accepted = Object.values(attachmentTypes).flat().join(',');
const megabytes = maxAttachmentBytes / (1024 * 1024);

const extensions: readonly string[] = Object.values(attachmentTypes).flat();

/** Why a chosen file cannot go, or null. */
export function fileProblem(file: File): string | null {
  return chosenFileProblem(file, extensions, homeworkMessages.attachmentWrongType);
}

export default function HomeworkFormPage() {
  useLanguage();
  const mirror = useMirrorQuery(readHomeworkMirror, []);
  const [params] = useSearchParams();
  const editId = params.get('edit');
  if (!mirror) return <Frame editing={Boolean(editId)}>{<LoadingStatus text={text.loading} />}</Frame>;
  const editing = editId ? mirror.homework.find((row) => row.id === editId) : undefined;
  if (editId && !editing) {
    return (
      <Frame editing>
        <RecordPageMessage tone="error" text={text.form.notFound} backTo="/admin/homework" backLabel={text.form.back} />
      </Frame>
    );
  }
  return <HomeworkForm key={editId ?? 'new'} mirror={mirror} editingId={editing?.id ?? null} />;
}

function Frame({ editing, children }: { editing: boolean; children: React.ReactNode }) {
  return (
    <main className="page records-page hw-page">
      <PageHeader title={editing ? text.form.editTitle : homeworkTitles.addHomework} backTo="/admin/homework" />
      {children}
    </main>
  );
}

function HomeworkForm({ mirror, editingId }: { mirror: HomeworkMirror; editingId: string | null }) {
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const report = useWriteReport();
  const navigate = useNavigate();
  const editing = editingId ? mirror.homework.find((row) => row.id === editingId) : undefined;
  const form = useRecordForm<Field>(() => ({
    classId: editing?.classId ?? '',
    subjectId: editing?.subjectId ?? '',
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    assignedDate: editing?.assignedDate ?? todayIso(),
    dueDate: editing?.dueDate ?? '',
  }));
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [removed, setRemoved] = useState<string[]>([]);

  const classes = useMemo(() => classesToGive(access, mirror.classes, mirror.mapping), [access, mirror]);
  const subjects = useMemo(
    () =>
      mirror.subjects
        .filter((subject) => form.values.classId && mayGive(access, mirror.classes, mirror.mapping, form.values.classId, subject.id))
        .sort((a, b) => a.subjectName.localeCompare(b.subjectName)),
    [access, mirror, form.values.classId],
  );
  const attached = (editing?.attachments ?? []).filter((attachment) => !removed.includes(attachment.id));
  const room = maxAttachmentsPerHomework - attached.length;

  if (editing && !mayGive(access, mirror.classes, mirror.mapping, editing.classId, editing.subjectId)) {
    return (
      <Frame editing>
        <RecordPageMessage tone="error" text={text.form.notYours} backTo="/admin/homework" backLabel={text.form.back} />
      </Frame>
    );
  }

  const chooseFiles = (list: FileList | null) => {
    const chosen = [...files, ...Array.from(list ?? [])];
    const problem = chosen.map(fileProblem).find(Boolean);
    if (problem) return setFileError(problem);
    if (chosen.length > room) return setFileError(text.form.tooManyFiles({ max: maxAttachmentsPerHomework }));
    setFileError(undefined);
    setFiles(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!engine) return;
    const input = form.check(homeworkInputSchema);
    if (!input) return;
    if (!mayGive(access, mirror.classes, mirror.mapping, input.classId, input.subjectId)) {
      form.refuse({ subjectId: homeworkMessages.notYourClass });
      return;
    }
    await form.run(async () => {
      const { baseRev: _baseRev, id: _id, ...fields } = input;
      const result = editing
        ? await engine.mutate('homework.update', { ...fields, id: editing.id })
        : await engine.mutate('homework.create', fields);
      const homeworkId = editing ? editing.id : String(result.result);
      for (const attachment of editing?.attachments ?? []) {
        if (!removed.includes(attachment.id)) continue;
        await engine.mutate('homework.removeAttachment', { homeworkId, attachmentId: attachment.id, fileName: attachment.fileName, title: fields.title });
      }
      if (files.length > 0) await queueHomeworkFiles(engine, homeworkId, files);
      report.saved(editing ? homeworkMessages.updated : homeworkMessages.added, result);
      sendWaitingFiles();
      await navigate('/admin/homework');
    }, text.form.addFailed);
  };

  return (
    <Frame editing={Boolean(editing)}>
      <form ref={form.formRef} className="panel rk-form hw-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert failure={form.failure} errorCount={form.errorCount} fixErrors={(count) => text.form.fixErrors({ count })} />
        <SelectField
          label={text.form.className}
          name="classId"
          value={form.values.classId}
          onChange={form.set('classId')}
          error={form.errors.classId}
          disabled={Boolean(editing)}
          hint={editing ? say(homeworkMessages.classFixed) : undefined}
        >
          <option value="">{text.form.chooseClass}</option>
          {classes.map((row) => (
            <option key={row.id} value={row.id}>
              {`${row.className}${row.classSection ? ` ${row.classSection}` : ''}`}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={text.form.subject}
          name="subjectId"
          value={form.values.subjectId}
          onChange={form.set('subjectId')}
          error={form.errors.subjectId}
          hint={form.values.classId && subjects.length === 0 ? text.form.noSubjects : undefined}
        >
          <option value="">{text.form.chooseSubject}</option>
          {subjects.map((row) => (
            <option key={row.id} value={row.id}>
              {row.subjectName}
            </option>
          ))}
        </SelectField>
        {form.textField('title', text.form.title, { required: true })}
        <TextAreaField label={text.form.description} name="description" value={form.values.description} onChange={form.set('description')} error={form.errors.description} rows={4} />
        <div className="hw-dates">
          <TextField label={text.form.assignedDate} name="assignedDate" type="date" value={form.values.assignedDate} onChange={form.set('assignedDate')} error={form.errors.assignedDate} />
          <TextField label={text.form.dueDate} name="dueDate" type="date" required value={form.values.dueDate} onChange={form.set('dueDate')} error={form.errors.dueDate} />
        </div>
        {editing?.attachments && editing.attachments.length > 0 && (
          <section className="hw-attached" aria-labelledby="hw-attached-heading">
            <h2 id="hw-attached-heading" className="hw-attached-heading">
              {text.form.attached}
            </h2>
            {attached.length > 0 && (
              <ul className="hw-chosen">
                {attached.map((attachment) => (
                  <li key={attachment.id}>
                    {attachment.fileName}{' '}
                    <button
                      type="button"
                      className="btn btn-secondary"
                      aria-label={text.form.removeFile({ name: attachment.fileName })}
                      onClick={() => {
                        setRemoved([...removed, attachment.id]);
                        setFileError(undefined);
                      }}
                    >
                      {text.remove}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {removed.length > 0 && (
              <p className="hw-removed" role="status">
                {text.form.removedOnSave({ count: removed.length })}{' '}
                <button type="button" className="btn btn-secondary" onClick={() => setRemoved([])}>
                  {text.form.keepRemoved}
                </button>
              </p>
            )}
          </section>
        )}
        <TextField
          label={text.form.attachments}
          name="attachments"
          type="file"
          multiple
          accept={accepted}
          disabled={room <= 0}
          hint={text.form.attachmentsHint({ max: maxAttachmentsPerHomework, megabytes })}
          error={fileError}
          onChange={(event) => {
            chooseFiles(event.target.files);
            event.target.value = '';
          }}
        />
        {files.length > 0 && (
          <ul className="hw-chosen">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                {file.name}{' '}
                <button type="button" className="btn btn-secondary" aria-label={text.form.removeFile({ name: file.name })} onClick={() => setFiles(files.filter((_, at) => at !== index))}>
                  {text.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
        <FormActions cancelTo="/admin/homework" cancelLabel={text.form.cancel} saveLabel={text.form.save} savingLabel={text.form.saving} saving={form.saving} disabled={!engine} />
      </form>
    </Frame>
  );
}
