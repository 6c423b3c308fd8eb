/**
 * /admin/schools: the school the user is signed in to (name, school id, tenant id and the details
 * printed on certificates), and nothing about any other school on the server. An admin edits these
 * certificate details, switches absence alerts and report-card ranks, and chooses the print language here; a teacher reads them. Read and written on the server directly (not the mirror):
 * offline the page says so, the Save button waits and whatever was typed stays in the form.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../contract/messages';
import { schoolDetailsInputSchema, type SchoolDetails } from '../../../contract/school';
import { languageNames } from '../../../contract/languages';
import { say, t, useLanguage } from '../../i18n';
import { useSessionSnapshot } from '../../session/use-session';
import { TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { adminHome } from '../../navigation/sections';
import { useOnline } from '../../kit/use-online';
import { LoadProblem } from '../../kit/record-page';
import { useSyncEngine } from '../../sync-binding/hooks';
import { AbsenceAlertsSwitch } from './AbsenceAlertsSwitch';
import { keepSchoolCopy } from '../../kit/school-copy';
import { ShowRanksSwitch } from './ShowRanksSwitch';
import { PrintLanguageSetting } from './PrintLanguageSetting';
import { fetchSchool, saveSchool } from './schools-service';
import { schoolsTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import './schools.css';

type Loaded<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; value: T };

const editable = ['address', 'phoneNumber', 'email'] as const;
type Editable = (typeof editable)[number];
type Values = Record<Editable, string>;
type Errors = Partial<Record<Editable, string>>;

const valuesOf = (school: SchoolDetails): Values => ({
  address: school.address ?? '',
  phoneNumber: school.phoneNumber ?? '',
  email: school.email ?? '',
});

/** Loads once online; a failure (or being offline before the first answer) can be retried. */
function useServerValue<T>(load: (signal: AbortSignal) => Promise<T>, key: string, online: boolean | undefined, fallback: string) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!online || loadedKey.current === key) return undefined;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    load(controller.signal).then(
      (value) => {
        loadedKey.current = key;
        setState({ kind: 'loaded', value });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'error', message: error instanceof Error ? error.message : fallback });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online, attempt]);
  return { state, setState, retry: () => setAttempt((n) => n + 1) };
}

function DetailsList({ school }: { school: SchoolDetails }) {
  useLanguage();
  const rows: [string, string | null][] = [
    [text.fields.schoolName, school.schoolName],
    [text.fields.schoolId, school.schoolId],
    [text.fields.tenantId, school.tenantId],
    [text.fields.address, school.address],
    [text.fields.phoneNumber, school.phoneNumber],
    [text.fields.email, school.email],
    [text.alertsHeading, school.absenceAlerts ? text.alertsOn : text.alertsOff],
    [text.ranksHeading, school.showRanks ? text.alertsOn : text.alertsOff],
    [t.printLanguage.heading, languageNames[school.printLanguage]],
  ];
  return (
    <dl className="school-details">
      {rows.map(([label, value]) => (
        <div key={label} className="school-detail">
          <dt>{label}</dt>
          <dd className={value ? undefined : 'missing'}>{value || t.common.notProvided}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditForm({ school, online, onSaved }: { school: SchoolDetails; online: boolean; onSaved: (school: SchoolDetails) => void }) {
  useLanguage();
  const formId = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(school));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: Editable, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setStatus('');
  };

  /** Name, value, error and change of one editable field. */
  const bound = (field: Editable) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !online) return;
    setFormError('');
    setStatus('');
    const parsed = schoolDetailsInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && (editable as readonly string[]).includes(field)) found[field as Editable] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    const unchanged = editable.every((field) => (parsed.data[field] ?? null) === school[field]);
    if (unchanged) {
      setStatus(text.noChanges);
      return;
    }
    setBusy(true);
    const outcome = await saveSchool(school.tenantId, values);
    setBusy(false);
    if (!outcome.ok) {
      setFormError(outcome.message);
      return;
    }
    setValues(valuesOf(outcome.school));
    setStatus(outcome.message);
    toast.success(say(outcome.message));
    onSaved(outcome.school);
  };

  useEffect(() => {
    if (Object.keys(errors).length > 0) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return (
    <section className="panel" aria-labelledby={`${formId}-heading`}>
      <h2 id={`${formId}-heading`}>{text.editHeading}</h2>
      {!online && (
        <p className="alert alert-warning" role="status">
          {text.offlineEditing}
        </p>
      )}
      {formError && (
        <p className="alert alert-error" role="alert">
          {say(formError)}
        </p>
      )}
      <form ref={formRef} id={formId} noValidate onSubmit={submit} aria-busy={busy} className="school-form">
        <TextField label={text.fields.address} autoComplete="street-address" {...bound('address')} />
        <TextField label={text.fields.phoneNumber} type="tel" inputMode="tel" autoComplete="tel" hint={text.phoneHint} {...bound('phoneNumber')} />
        <TextField label={text.fields.email} type="email" inputMode="email" autoComplete="email" {...bound('email')} />
        <div className="school-form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !online}>
            {busy ? text.saving : text.save}
          </button>
          <p className="school-form-status" role="status" aria-live="polite">
            {say(status)}
          </p>
        </div>
      </form>
    </section>
  );
}

export default function SchoolsPage() {
  useLanguage();
  const { session } = useSessionSnapshot();
  const known = useOnline();
  const online = known !== false;
  const tenantId = session?.tenantId ?? '';
  const isAdmin = session?.role === 'admin';
  const own = useServerValue((signal) => fetchSchool(tenantId, signal), tenantId, known, messages.schools.loadFailed);
  const engine = useSyncEngine();
  // The device's copy (report cards print it offline) follows every saved change.
  const saved = (school: SchoolDetails) => {
    own.setState({ kind: 'loaded', value: school });
    if (engine) void keepSchoolCopy(engine.db, school);
  };

  return (
    <main className="page schools-page">
      <PageHeader title={staffTitles.schools} backTo={adminHome} />
      {!online && own.state.kind !== 'loaded' && (
        <p className="alert alert-warning" role="status">
          {text.offline}
        </p>
      )}

      <section className="panel" aria-labelledby="school-own" aria-busy={own.state.kind === 'loading'}>
        <h2 id="school-own">{text.yourSchool}</h2>
        {own.state.kind === 'loading' && online && <p role="status">{text.loading}</p>}
        {own.state.kind === 'error' && <LoadProblem error={own.state.message} retry={own.retry} retryLabel={text.retry} online={online} />}
        {own.state.kind === 'loaded' && (
          <>
            <DetailsList school={own.state.value} />
            <p className="school-note">{text.certificateNote}</p>
            {!isAdmin && <p className="alert alert-info">{text.adminOnly}</p>}
          </>
        )}
      </section>

      {own.state.kind === 'loaded' && isAdmin && <AbsenceAlertsSwitch school={own.state.value} online={known === true} onSaved={saved} />}
      {own.state.kind === 'loaded' && isAdmin && <ShowRanksSwitch school={own.state.value} online={known === true} onSaved={saved} />}
      {own.state.kind === 'loaded' && isAdmin && <PrintLanguageSetting school={own.state.value} online={known === true} onSaved={saved} />}
      {own.state.kind === 'loaded' && isAdmin && <EditForm school={own.state.value} online={known === true} onSaved={saved} />}
    </main>
  );
}
