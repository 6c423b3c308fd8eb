/**
 * /admin/addnotification and /admin/editnotification/:notificationId: a notification's title,
 * message, the app screen it opens, its audience (the whole school, chosen classes, roles or people)
 * and when it goes out (now or at a time). It is written to the device (the outbox), so it works
 * offline; choosing people reads the school's accounts and needs a connection. A teacher is offered
 * only the classes she teaches (the server's rule) and changes only what she sent; a published
 * notification keeps its time. Below an existing one, online, its deliveries by WhatsApp, SMS and
 * push (Deliveries.tsx). One the school sent by itself (`sentBy` null: an absence alert, a
 * reminder) an admin opens read only, with its deliveries: its words are Kaksha's, in three
 * languages, and are not edited here.
 */
import { say, useLanguage } from '../../i18n';
import { messagingTexts } from '../../kit/messaging-texts';
import { shortDateTime } from '../../ui/dates';
import { Deliveries } from './Deliveries';
import { noticeWords } from './words';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { compareClasses } from '../../../contract/class-order';
import { type AudienceKind, audienceKinds, type AudienceRole, audienceRoles, notificationInputSchema, notificationMessages } from '../../../contract/notifications';
import type { ClassRow } from '../../../sync';
import type { NotificationRow } from '../../../sync/modules/notifications';
import { FormActions, FormAlert, LoadingStatus, RecordPageMessage, fieldErrors, useRecordForm, useStaffAccess, useWriteReport } from '../../kit';
import { useChangeableClassIds } from '../../kit/taught-classes';
import { useOnline } from '../../kit/use-online';
import { sectionTitle, tileSections, useSections, type AreaName, type Section } from '../../navigation/sections';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { useMyUserId } from './me';
import { audienceText, classLabel, isoFromLocal, localInputValue, mayChange, readNotificationsMirror, type NotificationsMirror } from './queries';
import type { Account } from '../../../contract/account';
import { History } from './History';
import { accountName, fetchAccounts } from './school-reads';
import { useSchoolFetch, type Fetched } from '../../kit/use-school-fetch';
import { notificationTexts as text, notificationTitles } from './texts';
import './notifications.css';

type Field = 'title' | 'message' | 'link' | 'audienceKind' | 'when' | 'publishAt';
type ErrorField = Field | 'audience';

const backTo = '/admin/notifications';

/** The screens a notification may open: an area's own dashboard tiles without a parameter. */
const screensOf = (sections: readonly Section[], area: AreaName) =>
  tileSections(sections, area).filter((section) => section.area === area && !section.path.includes(':'));

export default function NotificationFormPage() {
  useLanguage();
  const access = useStaffAccess();
  const mirror = useMirrorQuery(readNotificationsMirror, []);
  const { notificationId } = useParams();
  const editing = Boolean(notificationId);
  if (!mirror) return <Frame editing={editing}>{<LoadingStatus text={text.loading} />}</Frame>;
  const row = notificationId ? mirror.notifications.find((one) => one.id === notificationId) : undefined;
  if (notificationId && !row) {
    return (
      <Frame editing>
        <RecordPageMessage tone="error" text={text.form.notFound} backTo={backTo} backLabel={text.form.back} />
      </Frame>
    );
  }
  if (row && row.sentBy === null && access.isAdmin) return <SchoolNotice row={row} mirror={mirror} />;
  return <NotificationForm key={notificationId ?? 'new'} mirror={mirror} editing={row} />;
}

/** What the school sent by itself, read only, with where it reached. */
function SchoolNotice({ row, mirror }: { row: NotificationRow; mirror: NotificationsMirror }) {
  const language = useLanguage();
  const online = useOnline();
  const words = noticeWords(row, language);
  return (
    <main className="page records-page nt-page">
      <PageHeader title={messagingTexts.notice.title} backTo={backTo} />
      <article className="panel nt-school-notice" aria-labelledby="nt-school-notice-title">
        <p className="alert alert-info">{messagingTexts.notice.note}</p>
        <h2 id="nt-school-notice-title">{words.title}</h2>
        <p className="nt-message">{words.message}</p>
        <dl className="nt-facts">
          <dt>{text.columns.audience}</dt>
          <dd>{audienceText(row.audience, mirror.classes)}</dd>
          <dt>{text.columns.sentBy}</dt>
          <dd>{text.sender.school}</dd>
          <dt>{text.columns.publishAt}</dt>
          <dd>{shortDateTime(row.publishAt)}</dd>
        </dl>
      </article>
      <Deliveries notificationId={row.id} reached={row.rev > 0} online={online} />
    </main>
  );
}

function Frame({ editing, children }: { editing: boolean; children: ReactNode }) {
  return (
    <main className="page records-page nt-page">
      <PageHeader title={editing ? notificationTitles.editNotification : notificationTitles.addNotification} backTo={backTo} />
      {children}
    </main>
  );
}

function NotificationForm({ mirror, editing }: { mirror: NotificationsMirror; editing: NotificationRow | undefined }) {
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const online = useOnline();
  const me = useMyUserId();
  const report = useWriteReport();
  const navigate = useNavigate();
  const changeable = useChangeableClassIds();
  const sections = useSections();
  const studentScreens = screensOf(sections, 'student');
  const staffScreens = screensOf(sections, 'admin');
  const knownScreens = new Set([...studentScreens, ...staffScreens].map((section) => section.path));
  const form = useRecordForm<Field>(() => ({
    title: editing?.title ?? '',
    message: editing?.message ?? '',
    link: editing?.link ?? '',
    audienceKind: editing?.audience.kind ?? (access.isAdmin ? 'school' : 'classes'),
    when: editing && !editing.published ? 'later' : 'now',
    publishAt: editing && !editing.published ? localInputValue(editing.publishAt) : '',
  }));
  const [classIds, setClassIds] = useState<string[]>(editing?.audience.classIds ?? []);
  const [roles, setRoles] = useState<AudienceRole[]>(editing?.audience.roles ?? []);
  const [userIds, setUserIds] = useState<string[]>(editing?.audience.userIds ?? []);
  const [audienceError, setAudienceError] = useState<string | undefined>(undefined);

  const classes = useMemo<ClassRow[]>(
    () => [...mirror.classes].filter((row) => changeable === null || Boolean(changeable?.has(row.id))).sort(compareClasses),
    [mirror.classes, changeable],
  );
  const kind = (access.isAdmin ? form.values.audienceKind : 'classes') as AudienceKind;
  const published = editing?.published === true;
  const accounts = useSchoolFetch(fetchAccounts, access.isAdmin && (Boolean(editing) || kind === 'people'), online, '');
  const nameOf = (userId: string | null) => {
    if (userId === null) return text.sender.school;
    if (userId === me) return text.sender.you;
    const account = accounts.status === 'ok' ? accounts.value.find((one) => one.id === userId) : undefined;
    return account ? accountName(account) : text.sender.staff;
  };

  if (editing && !mayChange(editing, access.isAdmin, me)) {
    return (
      <Frame editing>
        <RecordPageMessage tone="error" text={text.form.notYours} backTo={backTo} backLabel={text.form.back} />
      </Frame>
    );
  }

  const toggle = <T extends string>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...new Set([...list, value])] : list.filter((item) => item !== value));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!engine) return;
    setAudienceError(undefined);
    const later = !published && form.values.when === 'later';
    const publishAt = later ? isoFromLocal(form.values.publishAt) : null;
    if (later && !publishAt) return form.refuse({ publishAt: notificationMessages.publishAt });
    if (later && publishAt && new Date(publishAt) <= new Date()) return form.refuse({ publishAt: text.form.publishInPast });
    if (kind === 'classes' && !access.isAdmin && classIds.some((id) => !classes.some((row) => row.id === id))) {
      setAudienceError(notificationMessages.notYourClass);
      return;
    }
    const parsed = notificationInputSchema.safeParse({
      title: form.values.title,
      message: form.values.message,
      link: form.values.link || null,
      audience: { kind, classIds, roles, userIds },
      ...(publishAt ? { publishAt } : {}),
    });
    if (!parsed.success) {
      const errors = fieldErrors<ErrorField>(parsed.error);
      setAudienceError(errors.audience);
      const { audience: _audience, ...rest } = errors;
      form.refuse(rest);
      return;
    }
    const { id: _id, ...fields } = parsed.data;
    await form.run(async () => {
      const result = editing
        ? await engine.mutate('notifications.update', { ...fields, id: editing.id })
        : await engine.mutate('notifications.create', fields);
      report.saved(editing ? notificationMessages.updated : publishAt ? notificationMessages.scheduled : notificationMessages.sent, result);
      await navigate(backTo);
    }, text.form.failed);
  };

  const linkOptions = (screens: readonly Section[]) =>
    screens.map((section) => (
      <option key={section.path} value={section.path}>
        {sectionTitle(section)}
      </option>
    ));

  return (
    <Frame editing={Boolean(editing)}>
      <form ref={form.formRef} className="panel rk-form nt-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert failure={form.failure} errorCount={form.errorCount + (audienceError ? 1 : 0)} fixErrors={(count) => text.form.fixErrors({ count })} />
        {form.textField('title', text.form.title, { required: true, maxLength: 200 })}
        <TextAreaField label={text.form.message} name="message" required value={form.values.message} onChange={form.set('message')} error={form.errors.message} rows={5} />
        <SelectField label={text.form.link} name="link" value={form.values.link} onChange={form.set('link')} error={form.errors.link} hint={text.form.linkHint}>
          <option value="">{text.form.noLink}</option>
          {form.values.link && !knownScreens.has(form.values.link) && <option value={form.values.link}>{text.form.otherLink({ path: form.values.link })}</option>}
          <optgroup label={text.form.studentScreens}>{linkOptions(studentScreens)}</optgroup>
          <optgroup label={text.form.staffScreens}>{linkOptions(staffScreens)}</optgroup>
        </SelectField>

        <fieldset className="nt-fieldset" aria-describedby={audienceError ? 'nt-audience-error' : undefined}>
          <legend>{text.form.audience}</legend>
          {access.isAdmin ? (
            <ul className="nt-choices">
              {audienceKinds.map((value) => (
                <li key={value}>
                  <label>
                    <input type="radio" name="audienceKind" value={value} checked={kind === value} onChange={form.set('audienceKind')} />
                    {text.form.audienceKinds[value]}
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">{classes.length === 0 && changeable !== undefined ? text.form.noClasses : text.form.teacherClasses}</p>
          )}
          {kind === 'classes' && (
            <Choices legend={text.form.classes}>
              {classes.map((row) => (
                <li key={row.id}>
                  <label>
                    <input type="checkbox" checked={classIds.includes(row.id)} onChange={(event) => setClassIds(toggle(classIds, row.id, event.target.checked))} />
                    {classLabel(row)}
                  </label>
                </li>
              ))}
            </Choices>
          )}
          {kind === 'roles' && (
            <Choices legend={text.form.roles}>
              {audienceRoles.map((role) => (
                <li key={role}>
                  <label>
                    <input type="checkbox" checked={roles.includes(role)} onChange={(event) => setRoles(toggle(roles, role, event.target.checked))} />
                    {text.audience.roles[role]}
                  </label>
                </li>
              ))}
            </Choices>
          )}
          {kind === 'people' && <PeoplePicker accounts={accounts} chosen={userIds} onChange={setUserIds} />}
          {audienceError && (
            <p className="field-error" id="nt-audience-error" role="alert">
              {say(audienceError)}
            </p>
          )}
        </fieldset>

        <fieldset className="nt-fieldset">
          <legend>{text.form.when}</legend>
          {published ? (
            <p className="field-hint">{text.form.publishedFixed}</p>
          ) : (
            <>
              <ul className="nt-choices">
                {(['now', 'later'] as const).map((value) => (
                  <li key={value}>
                    <label>
                      <input type="radio" name="when" value={value} checked={form.values.when === value} onChange={form.set('when')} />
                      {value === 'now' ? text.form.now : text.form.later}
                    </label>
                  </li>
                ))}
              </ul>
              {form.values.when === 'later' && (
                <TextField label={text.form.publishAt} name="publishAt" type="datetime-local" required value={form.values.publishAt} onChange={form.set('publishAt')} error={form.errors.publishAt} />
              )}
            </>
          )}
        </fieldset>
        <FormActions
          cancelTo={backTo}
          cancelLabel={text.form.cancel}
          saveLabel={editing ? text.form.saveEdit : text.form.save}
          savingLabel={text.form.saving}
          saving={form.saving}
          disabled={!engine || (!access.isAdmin && classes.length === 0)}
        />
      </form>
      {editing && editing.rev > 0 && <History notificationId={editing.id} online={online} nameOf={nameOf} />}
      {editing && <Deliveries notificationId={editing.id} reached={editing.rev > 0} online={online} />}
    </Frame>
  );
}

function Choices({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="nt-fieldset">
      <legend>{legend}</legend>
      <ul className="nt-choices">{children}</ul>
    </fieldset>
  );
}

/** The school's active accounts, searched by name or username (online); the chosen ones stay listed. */
function PeoplePicker({ accounts, chosen, onChange }: { accounts: Fetched<Account[]>; chosen: readonly string[]; onChange: (ids: string[]) => void }) {
  const [query, setQuery] = useState('');
  const active = useMemo(() => (accounts.status === 'ok' ? accounts.value.filter((account) => account.status === 'active') : []), [accounts]);
  const byId = useMemo(() => new Map(active.map((account) => [account.id, account])), [active]);
  const needle = query.trim().toLowerCase();
  const matches = needle ? active.filter((account) => !chosen.includes(account.id) && accountName(account).toLowerCase().includes(needle)).slice(0, 20) : [];
  const set = (id: string, on: boolean) => onChange(on ? [...new Set([...chosen, id])] : chosen.filter((one) => one !== id));

  return (
    <fieldset className="nt-fieldset">
      <legend>{text.form.people}</legend>
      {accounts.status === 'offline' && <p className="field-hint">{text.form.peopleOffline}</p>}
      {accounts.status === 'loading' && <p className="field-hint">{text.form.peopleLoading}</p>}
      {accounts.status === 'failed' && <p className="field-error">{text.form.peopleFailed}</p>}
      {chosen.length > 0 && (
        <>
          <p>{text.form.chosenPeople({ count: chosen.length })}</p>
          <ul className="nt-people-found">
            {chosen.map((id) => (
              <li key={id}>
                <label>
                  <input type="checkbox" checked onChange={() => set(id, false)} />
                  {byId.has(id) ? accountName(byId.get(id)!) : text.form.unknownPerson}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {accounts.status === 'ok' && (
        <>
          <TextField label={text.form.peopleSearch} type="search" value={query} hint={text.form.peopleHint} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
          <ul className="nt-people-found" aria-label={text.form.peopleSearch}>
            {matches.map((account) => (
              <li key={account.id}>
                <label>
                  <input type="checkbox" checked={false} onChange={() => set(account.id, true)} />
                  {accountName(account)}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
