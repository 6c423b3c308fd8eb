/**
 * /admin/events/add and /admin/events/edit/:eventId: an event's kind, title, description, dates
 * (one day or several), optional times and audience (the whole school, chosen classes, or staff,
 * students or parents). Written to the device (the outbox), so it works offline. A teacher is
 * offered the classes they teach and no holiday, as the server rules.
 */
import { say, useLanguage } from '../../i18n';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type EventInput, eventInputSchema, type EventKind, eventKinds, eventMessages } from '../../../contract/events';
import { audienceRoles, type AudienceRole } from '../../../contract/notifications';
import { FormActions, FormAlert, LoadingStatus, RecordPageMessage, useRecordForm, useStaffAccess, useWriteReport } from '../../kit';
import { fieldErrors } from '../../kit/form-errors';
import { useChangeableClassIds } from '../../kit/taught-classes';
import { identityOf } from '../../sync-binding/engine-host';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { useSessionSnapshot } from '../../session/use-session';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { classLabel, mayChange, readEventsMirror, todayIso, type EventsMirror } from './queries';
import { eventsTexts as text, eventsTitles } from './texts';
import './events.css';

type Field = 'kind' | 'title' | 'description' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'audience';
type AudienceChoice = 'school' | 'classes' | 'roles';

export default function EventFormPage() {
  useLanguage();
  const mirror = useMirrorQuery(readEventsMirror, []);
  const taught = useChangeableClassIds();
  const { eventId } = useParams();
  if (!mirror || taught === undefined) return <Frame editing={Boolean(eventId)}>{<LoadingStatus text={text.loading} />}</Frame>;
  const editing = eventId ? mirror.events.find((row) => row.id === eventId) : undefined;
  if (eventId && !editing) {
    return (
      <Frame editing>
        <RecordPageMessage tone="error" text={text.form.notFound} backTo="/admin/events" backLabel={text.form.back} />
      </Frame>
    );
  }
  return <EventForm key={eventId ?? 'new'} mirror={mirror} editingId={editing?.id ?? null} taught={taught} />;
}

function Frame({ editing, children }: { editing: boolean; children: React.ReactNode }) {
  return (
    <main className="page records-page ev-page">
      <PageHeader title={editing ? eventsTitles.editEvent : eventsTitles.addEvent} backTo="/admin/events" />
      {children}
    </main>
  );
}

function EventForm({ mirror, editingId, taught }: { mirror: EventsMirror; editingId: string | null; taught: ReadonlySet<string> | null }) {
  const engine = useSyncEngine();
  const { isAdmin } = useStaffAccess();
  const { session } = useSessionSnapshot();
  const userId = identityOf(session)?.userId ?? null;
  const report = useWriteReport();
  const navigate = useNavigate();
  const editing = editingId ? mirror.events.find((row) => row.id === editingId) : undefined;
  const form = useRecordForm<Field>(() => ({
    kind: editing?.kind ?? 'event',
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    startDate: editing?.startDate ?? todayIso(),
    endDate: editing?.endDate ?? '',
    startTime: editing?.startTime ?? '',
    endTime: editing?.endTime ?? '',
    audience: editing && editing.audience.kind !== 'people' ? editing.audience.kind : isAdmin ? 'school' : 'classes',
  }));
  const [classIds, setClassIds] = useState<ReadonlySet<string>>(() => new Set(editing?.audience.classIds ?? []));
  const [roles, setRoles] = useState<ReadonlySet<AudienceRole>>(() => new Set(editing?.audience.roles ?? []));
  const classes = useMemo(() => mirror.classes.filter((row) => taught === null || taught.has(row.id)), [mirror, taught]);
  const kinds = eventKinds.filter((kind) => isAdmin || kind !== 'holiday');
  const choices: AudienceChoice[] = isAdmin ? (form.values.kind === 'holiday' ? ['school', 'classes'] : ['school', 'classes', 'roles']) : ['classes'];

  if (editing && !mayChange({ isAdmin, userId, taught }, editing)) {
    return (
      <Frame editing>
        <RecordPageMessage tone="error" text={text.form.notYours} backTo="/admin/events" backLabel={text.form.back} />
      </Frame>
    );
  }

  const toggle = <T,>(set: ReadonlySet<T>, value: T, on: boolean): ReadonlySet<T> => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!engine) return;
    const { audience: audienceKind, endDate, ...values } = form.values;
    const candidate = {
      ...values,
      // One day unless the end is given.
      endDate: endDate || values.startDate,
      audience: {
        kind: audienceKind,
        classIds: audienceKind === 'classes' ? [...classIds] : [],
        roles: audienceKind === 'roles' ? [...roles] : [],
        userIds: [],
      },
    };
    const parsed = eventInputSchema.safeParse(candidate);
    if (!parsed.success) {
      form.refuse(fieldErrors<Field>(parsed.error));
      return;
    }
    if (!isAdmin && parsed.data.kind === 'holiday') return form.refuse({ kind: eventMessages.holidayAdminOnly });
    await form.run(async () => {
      const { baseRev: _baseRev, id: _id, ...fields } = parsed.data;
      const input: Omit<EventInput, 'id' | 'baseRev'> = fields;
      const result = editing ? await engine.mutate('events.update', { ...input, id: editing.id }) : await engine.mutate('events.create', input);
      report.saved(editing ? eventMessages.updated : fields.kind === 'holiday' ? eventMessages.holidayAdded : eventMessages.added, result);
      await navigate('/admin/events');
    }, text.form.addFailed);
  };

  return (
    <Frame editing={Boolean(editing)}>
      <form ref={form.formRef} className="panel rk-form ev-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert failure={form.failure} errorCount={form.errorCount} fixErrors={(count) => text.form.fixErrors({ count })} />
        <SelectField
          label={text.form.kind}
          name="kind"
          value={form.values.kind}
          onChange={form.set('kind')}
          error={form.errors.kind}
          hint={form.values.kind === 'holiday' ? text.form.holidayHint : undefined}
        >
          {kinds.map((kind: EventKind) => (
            <option key={kind} value={kind}>
              {text.kinds[kind]}
            </option>
          ))}
        </SelectField>
        {form.textField('title', text.form.title, { required: true })}
        <TextAreaField label={text.form.description} name="description" value={form.values.description} onChange={form.set('description')} error={form.errors.description} rows={3} />
        <div className="ev-pair">
          <TextField label={text.form.startDate} name="startDate" type="date" required value={form.values.startDate} onChange={form.set('startDate')} error={form.errors.startDate} />
          <TextField label={text.form.endDate} name="endDate" type="date" value={form.values.endDate} onChange={form.set('endDate')} error={form.errors.endDate} />
        </div>
        <div className="ev-pair">
          <TextField label={text.form.startTime} name="startTime" type="time" value={form.values.startTime} onChange={form.set('startTime')} error={form.errors.startTime} hint={text.form.timesHint} />
          <TextField label={text.form.endTime} name="endTime" type="time" value={form.values.endTime} onChange={form.set('endTime')} error={form.errors.endTime} />
        </div>
        <fieldset aria-describedby={form.errors.audience ? 'ev-audience-error' : undefined}>
          <legend>{text.form.audience}</legend>
          {!isAdmin && <p className="field-hint">{text.form.teacherHint}</p>}
          <div className="ev-options">
            {choices.map((choice) => (
              <label key={choice}>
                <input type="radio" name="audience" value={choice} checked={form.values.audience === choice} onChange={form.set('audience')} aria-invalid={form.errors.audience ? true : undefined} />{' '}
                {choice === 'school' ? text.form.audienceSchool : choice === 'classes' ? text.form.audienceClasses : text.form.audienceRoles}
              </label>
            ))}
          </div>
          {form.values.audience === 'classes' && (
            <fieldset>
              <legend>{text.form.classesLegend}</legend>
              <div className="ev-options">
                {classes.map((row) => (
                  <label key={row.id}>
                    <input type="checkbox" checked={classIds.has(row.id)} onChange={(event) => setClassIds(toggle(classIds, row.id, event.target.checked))} /> {classLabel(row)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {form.values.audience === 'roles' && (
            <fieldset>
              <legend>{text.form.rolesLegend}</legend>
              <div className="ev-options">
                {audienceRoles.map((role) => (
                  <label key={role}>
                    <input type="checkbox" checked={roles.has(role)} onChange={(event) => setRoles(toggle(roles, role, event.target.checked))} /> {text.audience.roleNames[role]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {form.errors.audience && (
            <p className="field-error" id="ev-audience-error">
              {say(form.errors.audience)}
            </p>
          )}
        </fieldset>
        <FormActions cancelTo="/admin/events" cancelLabel={text.form.cancel} saveLabel={text.form.save} savingLabel={text.form.saving} saving={form.saving} disabled={!engine} />
      </form>
    </Frame>
  );
}
