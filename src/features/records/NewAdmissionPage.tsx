/**
 * /admin/records/newadmission: the admission form; saving writes the entry and the new student to
 * this device (online or not) and opens the register, where the new row shows "Pending" until the
 * school gives its number, and then the number (the register says so when it arrives).
 */
import { say, useLanguage } from '../../i18n';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { messages } from '../../../contract/messages';
import { mayChangeClassOf, useChangeableClassIds } from '../../kit/taught-classes';
import { LoadingStatus, mutationErrorMessage } from '../../kit';
import { AdmissionForm, blankValues } from './AdmissionForm';
import { addedPath, registerPath } from './links';
import { classOptions } from './queries';
import { recordsTexts, recordsTitles } from './texts';
import './records.css';

export default function NewAdmissionPage() {
  useLanguage();
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const allClasses = useMirrorQuery(classOptions, []);
  // A teacher admits only to the classes they teach (students/service.ts createStudent).
  const changeable = useChangeableClassIds();
  const classes = useMemo(
    () => (allClasses && changeable !== undefined ? allClasses.filter((row) => mayChangeClassOf(changeable, row.id)) : undefined),
    [allClasses, changeable],
  );
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <main className="page rec-page">
      <PageHeader title={recordsTitles.newAdmission} backTo={registerPath} />
      {!engine || classes === undefined ? (
        <LoadingStatus text={recordsTexts.loadingMirror} />
      ) : changeable !== null && classes.length === 0 ? (
        <p className="alert alert-info" role="alert">
          {say(messages.students.notYourClass)}
        </p>
      ) : (
        <AdmissionForm
          mode="new"
          initial={blankValues()}
          classes={classes}
          submitLabel={recordsTexts.form.save}
          failure={failure}
          onSubmit={async (input) => {
            setFailure(null);
            try {
              const saved = await engine.mutate('admissions.create', input);
              const id = typeof saved.result === 'string' ? saved.result : '';
              await navigate(id ? addedPath(id) : registerPath);
            } catch (caught) {
              setFailure(mutationErrorMessage(caught));
            }
          }}
        />
      )}
    </main>
  );
}
