/**
 * /admin/records/printbonafide/:id, /printtc/:id, /printstudentdetails/:id (`:id` = the student):
 * the certificates of that kind already issued to the student (any can be shown and printed
 * again), the chosen one as its A4 page, and a form to issue a new one. The page is drawn only
 * from the certificate's frozen print data, so a reprint offline is the same page. An issue made
 * offline has no serial until the school accepts it (serials are gapless and kept in the school's
 * register), so it cannot be printed until then.
 */
import { say, useLanguage } from '../../i18n';
import { useId, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  bonafideInputSchema,
  studentDetailsInputSchema,
  transferInputSchema,
  type CertificateKind,
} from '../../../contract/certificate';
import { messages } from '../../../contract/messages';
import { todayIso } from '../../../contract/record-formats';
import type { CertificateRow } from '../../../sync';
import { useSyncEngine, useSyncState } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { TextAreaField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { issuesByField, LoadingStatus, mutationErrorMessage, useFocusFirstError, useStaffAccess } from '../../kit';
import { shortDate } from '../../ui/dates';
import { mayChangeClassOf, useChangeableClassIds } from '../../kit/taught-classes';
import { CertificateSheet } from './CertificateSheet';
import { registerPath } from './links';
import { classLabel, fullName, studentCertificates } from './queries';
import { usePrintTexts } from '../../kit/print-texts';
import { useSchoolCopy } from '../../kit/school-copy';
import { recordsTexts } from './texts';
import './records.css';
import './print.css';

const text = recordsTexts.print;

const schemas: Record<CertificateKind, z.ZodType> = {
  bonafide: bonafideInputSchema,
  transfer: transferInputSchema,
  studentDetails: studentDetailsInputSchema,
};

const emptyValues = { issueDate: '', purpose: '', leavingDate: '', reasonForLeaving: '', conduct: '', promotion: '', remarks: '' };
type Values = typeof emptyValues;

/** The fields each kind's form shows (besides the issue date). */
const kindFields: Record<CertificateKind, (keyof Values)[]> = {
  bonafide: ['purpose'],
  transfer: ['leavingDate', 'reasonForLeaving', 'conduct', 'promotion', 'remarks'],
  studentDetails: [],
};

function IssueForm({ kind, studentId, onIssued }: { kind: CertificateKind; studentId: string; onIssued: (id: string | null) => void }) {
  const engine = useSyncEngine();
  const [values, setValues] = useState<Values>({ ...emptyValues, issueDate: todayIso() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useFocusFirstError(attempt);
  const headingId = useId();

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [key]: value }));
  };
  const props = (key: keyof Values) => ({ value: values[key], onChange: set(key), error: errors[key], name: key });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!engine || saving) return;
    const shown = Object.fromEntries(['issueDate', ...kindFields[kind]].map((key) => [key, values[key as keyof Values]]));
    const parsed = schemas[kind].safeParse(shown);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setSaving(true);
    setFailure(null);
    try {
      const result = await engine.mutate('certificates.issue', { ...(parsed.data as object), kind, studentId });
      setValues({ ...emptyValues, issueDate: todayIso() });
      onIssued(typeof result.result === 'string' ? result.result : null);
    } catch (caught) {
      setFailure(mutationErrorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel rec-panel no-print" aria-labelledby={headingId}>
      <h2 id={headingId} className="rec-heading">
        {text.newHeading}
      </h2>
      {kind === 'transfer' && <p className="field-hint">{text.tcNote}</p>}
      <form ref={formRef} className="rec-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="rec-grid">
          <TextField label={text.issueDate} type="date" {...props('issueDate')} />
          {kind === 'bonafide' && <TextField label={text.purpose} hint={text.purposeHint} maxLength={200} {...props('purpose')} />}
          {kind === 'transfer' && (
            <>
              <TextField label={text.leavingDate} type="date" hint={text.leavingDateHint} {...props('leavingDate')} />
              <TextField label={text.reasonForLeaving} maxLength={200} {...props('reasonForLeaving')} />
              <TextField label={text.conduct} maxLength={100} {...props('conduct')} />
              <TextField label={text.promotion} hint={text.promotionHint} maxLength={100} {...props('promotion')} />
            </>
          )}
        </div>
        {kind === 'transfer' && <TextAreaField label={text.remarks} maxLength={300} {...props('remarks')} />}
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={!engine || saving}>
          {saving ? text.issuing : text.issue}
        </button>
      </form>
    </section>
  );
}

function IssuedList({
  certificates,
  selectedId,
  onSelect,
}: {
  certificates: CertificateRow[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  const headingId = useId();
  return (
    <section className="panel rec-panel no-print" aria-labelledby={headingId}>
      <h2 id={headingId} className="rec-heading">
        {text.issuedHeading}
      </h2>
      {certificates.length === 0 ? (
        <p className="rec-muted">{text.noneIssued}</p>
      ) : (
        <ul className="rec-issued">
          {certificates.map((certificate) => {
            const selected = certificate.id === selectedId;
            return (
              <li key={certificate.id} className="rec-issued-item" data-selected={selected || undefined}>
                <span className="rec-issued-serial">{certificate.serial ?? text.waitingSerial}</span>
                <span className="rec-issued-meta">
                  {shortDate(certificate.issueDate)}
                  {certificate.issuedBy ? ` · ${certificate.issuedBy}` : ''}
                </span>
                <button type="button" className="btn btn-secondary" aria-pressed={selected} onClick={() => onSelect(certificate.id)}>
                  {selected ? text.showing : text.show}
                  <span className="visually-hidden"> {certificate.serial ?? text.waitingSerial}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Preview({ certificate, justIssued }: { certificate: CertificateRow; justIssued: boolean }) {
  const whyId = useId();
  const state = useSyncState();
  const print = certificate.print;
  const sheetTexts = usePrintTexts(useSchoolCopy());
  return (
    <section className="rec-preview" aria-label={text.previewLabel}>
      {justIssued && (
        <p className="alert alert-info no-print" role="status" aria-live="polite">
          {certificate.serial ? say(messages.certificates.issued(certificate.serial)) : text.savedOffline}
        </p>
      )}
      {print ? (
        <>
          <div className="rec-print-bar no-print">
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              {text.print}
            </button>
          </div>
          {sheetTexts ? <CertificateSheet data={print} print={sheetTexts} /> : <LoadingStatus text={recordsTexts.loadingMirror} />}
        </>
      ) : (
        <div className="alert alert-warning rec-waiting" role="status" aria-live="polite">
          <p className="rec-waiting-title">{text.waitingSerial}</p>
          <p id={whyId}>{text.whyWaiting}</p>
          {state && !state.online && <p>{recordsTexts.register.waitingForSchool}</p>}
          <button type="button" className="btn btn-primary" disabled aria-describedby={whyId}>
            {text.print}
          </button>
        </div>
      )}
    </section>
  );
}

export default function PrintCertificatePage({ kind }: { kind: CertificateKind }) {
  useLanguage();
  const { id: studentId = '' } = useParams();
  const engine = useSyncEngine();
  const [params, setParams] = useSearchParams();
  const title = say(messages.certificates.titles[kind]);
  const data = useMirrorQuery(async (db) => ({ key: `${studentId}|${kind}`, view: await studentCertificates(db, studentId, kind) }), [
    studentId,
    kind,
  ]);
  const view = data?.key === `${studentId}|${kind}` ? data.view : undefined;

  const chosenId = params.get('certificate') ?? undefined;
  const chosen = view?.certificates.find((row) => row.id === chosenId) ?? view?.certificates[0];
  const [justIssued, setJustIssued] = useState<string | null>(null);
  const state = useSyncState();
  // An issue the school refused leaves the list; say why here, not only in the sync panel.
  const refused =
    justIssued && view && !view.certificates.some((row) => row.id === justIssued)
      ? state?.rejected.find((item) => item.kind === 'certificates.issue' && (item.body as { id?: unknown } | null)?.id === justIssued)
      : undefined;
  const select = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('certificate', id);
    setParams(next, { replace: true });
  };

  const person = view?.student ?? view?.admission?.student ?? null;
  // A teacher issues for the students of her classes only; the server refuses the rest (server/modules/certificates/issue.ts).
  const { isTeacher } = useStaffAccess();
  const changeable = useChangeableClassIds();
  const mayIssue = !isTeacher || mayChangeClassOf(changeable, view?.student?.classId ?? view?.admission?.classId);
  const name = fullName(person);
  const details = person
    ? [classLabel(person.className, person.classSection), typeof person.admissionId === 'string' ? person.admissionId : '']
        .filter(Boolean)
        .join(' · ')
    : '';

  return (
    <main className="page rec-page print-page">
      <PageHeader title={title} backTo={registerPath} />
      {(!engine || !view) && <LoadingStatus text={recordsTexts.loadingMirror} />}
      {view && (
        <>
          <div className="rec-student no-print">
            {name ? (
              <p>
                <strong>{text.studentHeading({ name })}</strong>
                {details && <span className="rec-muted"> · {details}</span>}
              </p>
            ) : (
              <p className="alert alert-info">{text.studentMissing}</p>
            )}
          </div>
          {refused && (
            <p className="alert alert-error no-print" role="alert">
              {text.refused({ message: refused.message })}
            </p>
          )}
          <IssuedList certificates={view.certificates} selectedId={chosen?.id} onSelect={select} />
          {chosen && <Preview certificate={chosen} justIssued={chosen.id === justIssued} />}
          {person && isTeacher && changeable !== undefined && !mayIssue && <p className="alert alert-info no-print">{text.notYourStudent}</p>}
          {person && mayIssue && (
            <IssueForm
              kind={kind}
              studentId={studentId}
              onIssued={(id) => {
                if (!id) return;
                setJustIssued(id);
                select(id);
              }}
            />
          )}
        </>
      )}
    </main>
  );
}
