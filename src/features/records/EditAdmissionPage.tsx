/**
 * /admin/records/edit/:admissionNumber: one register entry and its student. The key is the
 * admission number, or the entry's id while it waits for its number (the register links such rows
 * by id), so an admission made offline can be corrected before the school has numbered it.
 */
import { say, useLanguage } from '../../i18n';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../../contract/messages';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { mayChangeClassOf, useChangeableClassIds } from '../../kit/taught-classes';
import { LoadingStatus, mutationErrorMessage, useWriteReport } from '../../kit';
import { AdmissionForm, valuesOf } from './AdmissionForm';
import { registerPath } from './links';
import { classOptions, findEntry } from './queries';
import { recordsTexts, recordsTitles } from './texts';
import './records.css';

const text = recordsTexts.edit;

export default function EditAdmissionPage() {
  useLanguage();
  const { admissionNumber: key = '' } = useParams();
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const allClasses = useMirrorQuery(classOptions, []);
  const changeable = useChangeableClassIds();
  const found = useMirrorQuery(async (db) => ({ key, entry: await findEntry(db, key) }), [key]);
  const entry = found?.key === key ? found.entry : undefined;
  const [failure, setFailure] = useState<string | null>(null);
  const report = useWriteReport();

  const loading = !engine || allClasses === undefined || changeable === undefined || entry === undefined;
  const currentClass = entry ? (entry.student?.classId ?? entry.admission.classId) : null;
  // A teacher edits only admissions of the classes they teach, and moves them only among those.
  const mayEdit = mayChangeClassOf(changeable, currentClass);
  const classes = (allClasses ?? []).filter((row) => mayChangeClassOf(changeable, row.id) || row.id === currentClass);
  return (
    <main className="page rec-page">
      <PageHeader title={recordsTitles.editAdmission} backTo={registerPath} />
      {loading && <LoadingStatus text={recordsTexts.loadingMirror} />}
      {!loading && entry === null && (
        <div className="panel panel-plain" role="alert">
          <p>{say(messages.admissions.notFound)}</p>
          <p>{text.notFoundHint}</p>
          <Link to={registerPath} className="btn btn-secondary">
            {text.backToRegister}
          </Link>
        </div>
      )}
      {!loading && entry && !mayEdit && (
        <div className="panel panel-plain" role="alert">
          <p>{say(messages.students.notYourClass)}</p>
          <Link to={registerPath} className="btn btn-secondary">
            {text.backToRegister}
          </Link>
        </div>
      )}
      {!loading && entry && mayEdit && (
        <>
          <p className="rec-student">
            <strong>{entry.admission.admissionNumber ? text.number({ number: entry.admission.admissionNumber }) : say(messages.admissions.pendingNumber)}</strong>
            {entry.name && <span className="rec-muted"> · {entry.name}</span>}
            {!entry.admission.admissionNumber && <span className="rec-muted"> · {recordsTexts.register.pendingHint}</span>}
          </p>
          {entry.admission.status === 'cancelled' && <p className="alert alert-warning">{recordsTexts.form.cancelledNotice}</p>}
          <AdmissionForm
            // A new form when another entry opens, so its values start from that entry.
            key={entry.admission.id}
            mode="edit"
            academicYear={entry.year}
            initial={valuesOf(entry.admission, entry.student)}
            classes={classes}
            submitLabel={recordsTexts.form.saveChanges}
            failure={failure}
            onSubmit={async (changes) => {
              setFailure(null);
              try {
                report.saved(messages.admissions.updated, await engine.mutate('admissions.update', { ...changes, id: entry.admission.id }));
                await navigate(registerPath);
              } catch (caught) {
                setFailure(mutationErrorMessage(caught));
              }
            }}
          />
        </>
      )}
    </main>
  );
}
