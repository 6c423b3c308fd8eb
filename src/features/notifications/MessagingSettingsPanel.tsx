/**
 * The school's WhatsApp and SMS on /admin/notifications (admins, online: GET/PUT
 * /api/messaging/settings, contract/messaging.ts): each channel turned on with its ids (the
 * WhatsApp phone number id, the DLT sender id), the minutes a push may stay unopened before the
 * next channel, whether parents may turn absence alerts off, what one message costs (typed in
 * rupees, sent in paise), and for each kind of message the channels in the order tried, urgent or
 * not, and its template ids. A channel whose provider the server holds no credentials for says so.
 * Below, this month's messages and their cost. Nothing of it is kept on the device: offline the
 * panel says it needs a connection.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatRupees, groupIndian } from '../../../contract/money';
import { messageKinds, messagingMessages, type Channel, type KindSettings, type MessageKind, type MessagingSettings } from '../../../contract/messaging';
import { say, useLanguage } from '../../i18n';
import { useFocusFirstError } from '../../kit/form-errors';
import { fetchMessagingSettings, fetchUsage, monthOf, saveMessagingSettings } from '../../kit/messaging-service';
import { messagingTexts as text } from '../../kit/messaging-texts';
import { useOnline } from '../../kit/use-online';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { monthYear } from '../../ui/dates';
import { TextField } from '../../ui/fields';
import { chooseChannel, draftOf, inputOf, moveChannel, unchosen, type SettingsDraft } from './messaging-draft';

export function MessagingSettingsPanel() {
  useLanguage();
  const online = useOnline();
  const [stored, setStored] = useState<MessagingSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (online !== true || stored) return;
    const controller = new AbortController();
    fetchMessagingSettings(controller.signal).then(
      (settings) => setStored(settings),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [online, stored, attempt]);

  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };

  return (
    <section className="panel ms-panel" aria-labelledby="ms-heading">
      <h2 id="ms-heading">{text.settings.heading}</h2>
      <p>{text.settings.intro}</p>
      {online === false && (
        <p className="alert alert-warning" role="status">
          {text.settings.offline}
        </p>
      )}
      {!stored && online === true && !failed && <p role="status">{text.settings.loading}</p>}
      {!stored && online === true && failed && (
        <div className="alert alert-error" role="alert">
          <p>{text.settings.failed}</p>
          <button type="button" className="btn btn-secondary" onClick={retry}>
            {text.settings.retry}
          </button>
        </div>
      )}
      {stored && <SettingsForm settings={stored} online={online === true} onSaved={setStored} />}
      {stored && <UsageFigures online={online} rates={`${stored.whatsappRate}|${stored.smsRate}`} />}
    </section>
  );
}

/** The fields a refusal may name, by the path the school's `fieldErrors` give. */
const fieldOfError = (path: string) => path.replace(/^(kinds\.\w+\.channels)\..*$/, '$1');

function SettingsForm({ settings, online, onSaved }: { settings: MessagingSettings; online: boolean; onSaved: (settings: MessagingSettings) => void }) {
  useLanguage();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useFocusFirstError(refusals);

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setSaved(undefined);
  };
  const setKind = (kind: MessageKind, change: Partial<KindSettings>) => {
    setDraft((current) => ({ ...current, kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], ...change } } }));
    setSaved(undefined);
  };

  const refuse = (found: Record<string, string>, message?: string) => {
    setErrors(Object.fromEntries(Object.entries(found).map(([path, why]) => [fieldOfError(path), why])));
    setFailure(message);
    setRefusals((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!online || saving) return;
    setSaved(undefined);
    const checked = inputOf(draft);
    if (!checked.ok) return refuse(checked.errors);
    setSaving(true);
    const answer = await saveMessagingSettings(checked.input);
    setSaving(false);
    if (!answer.ok) return refuse(answer.fieldErrors, Object.keys(answer.fieldErrors).length === 0 ? answer.message : undefined);
    setErrors({});
    setFailure(undefined);
    setDraft(draftOf(answer.data));
    onSaved(answer.data);
    setSaved(answer.message ?? messagingMessages.settingsSaved);
  };

  const known = new Set(['whatsappPhoneNumberId', 'smsSenderId', 'escalationMinutes', 'feeReminderDays', 'whatsappRate', 'smsRate', ...messageKinds.flatMap((kind) => ['channels', 'whatsappTemplate', 'dltTemplateId', 'smsTemplateId'].map((field) => `kinds.${kind}.${field}`))]);
  const elsewhere = [...new Set(Object.entries(errors).flatMap(([field, why]) => (known.has(field) ? [] : [why])))];
  const errorCount = Object.keys(errors).length;

  return (
    <form ref={formRef} className="ms-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <fieldset className="nt-fieldset">
        <legend>{text.channels.whatsapp}</legend>
        {!settings.whatsappConfigured && <p className="alert alert-warning">{text.settings.whatsappNotSetUp}</p>}
        <Check label={text.settings.whatsappEnabled} checked={draft.whatsappEnabled} onChange={(on) => set('whatsappEnabled', on)} asSwitch />
        <TextField
          label={text.settings.phoneNumberId}
          hint={text.settings.phoneNumberIdHint}
          inputMode="numeric"
          autoComplete="off"
          value={draft.whatsappPhoneNumberId}
          error={errors.whatsappPhoneNumberId}
          onChange={(event) => set('whatsappPhoneNumberId', event.target.value)}
        />
      </fieldset>

      <fieldset className="nt-fieldset">
        <legend>{text.channels.sms}</legend>
        {!settings.smsConfigured && <p className="alert alert-warning">{text.settings.smsNotSetUp}</p>}
        <Check label={text.settings.smsEnabled} checked={draft.smsEnabled} onChange={(on) => set('smsEnabled', on)} asSwitch />
        <TextField
          label={text.settings.senderId}
          hint={text.settings.senderIdHint}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={6}
          value={draft.smsSenderId}
          error={errors.smsSenderId}
          onChange={(event) => set('smsSenderId', event.target.value.toUpperCase())}
        />
      </fieldset>

      <TextField
        label={text.settings.escalation}
        hint={text.settings.escalationHint}
        inputMode="numeric"
        value={draft.escalationMinutes}
        error={errors.escalationMinutes}
        onChange={(event) => set('escalationMinutes', event.target.value)}
      />
      <TextField
        label={text.settings.reminderDays}
        hint={text.settings.reminderDaysHint}
        inputMode="text"
        autoComplete="off"
        value={draft.feeReminderDays}
        error={errors.feeReminderDays}
        onChange={(event) => set('feeReminderDays', event.target.value)}
      />
      <Check label={text.settings.optOut} hint={text.settings.optOutHint} checked={draft.absenceOptOutAllowed} onChange={(on) => set('absenceOptOutAllowed', on)} />

      <fieldset className="nt-fieldset">
        <legend>{text.settings.rates}</legend>
        <p className="field-hint">{text.settings.ratesHint}</p>
        <TextField label={text.settings.whatsappRate} inputMode="decimal" value={draft.whatsappRate} error={errors.whatsappRate} onChange={(event) => set('whatsappRate', event.target.value)} />
        <TextField label={text.settings.smsRate} inputMode="decimal" value={draft.smsRate} error={errors.smsRate} onChange={(event) => set('smsRate', event.target.value)} />
      </fieldset>

      <h3>{text.settings.kindsHeading}</h3>
      {messageKinds.map((kind) => (
        <KindFields key={kind} kind={kind} value={draft.kinds[kind]} errors={errors} onChange={(change) => setKind(kind, change)} />
      ))}

      {errorCount > 0 && (
        <div className="alert alert-error" role="alert">
          <p>{text.settings.fixErrors({ count: errorCount })}</p>
          {elsewhere.map((why) => (
            <p key={why}>{say(why)}</p>
          ))}
        </div>
      )}
      {failure && (
        <p className="alert alert-error" role="alert">
          {say(failure)}
        </p>
      )}
      <div className="ms-actions">
        <button type="submit" className="btn btn-primary" disabled={!online || saving}>
          {saving ? text.settings.saving : text.settings.save}
        </button>
        <p role="status" className="ms-saved">
          {saved ? say(saved) : ''}
        </p>
      </div>
    </form>
  );
}

/** A checkbox (or a switch) with its label beside it and its hint below, tied by aria-describedby. */
function Check({ label, hint, checked, onChange, asSwitch = false }: { label: string; hint?: string; checked: boolean; onChange: (on: boolean) => void; asSwitch?: boolean }) {
  const id = useId();
  return (
    <div className="ms-check">
      <input
        id={id}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** One kind of message: its channels in the order tried (chosen ones numbered, with up and down), urgent, its templates. */
function KindFields({ kind, value, errors, onChange }: { kind: MessageKind; value: KindSettings; errors: Record<string, string>; onChange: (change: Partial<KindSettings>) => void }) {
  useLanguage();
  const base = useId();
  const kindName = text.kinds[kind];
  const channelName = (channel: Channel) => text.channels[channel];
  const idOf = (channel: Channel, part: 'check' | 'up' | 'down') => `${base}-${channel}-${part}`;
  const error = errors[`kinds.${kind}.channels`];
  const described = [`${base}-hint`, error ? `${base}-error` : ''].filter(Boolean).join(' ');
  // A moved or chosen channel's control keeps the focus though its row moved (or left the list).
  const refocus = useRef<{ id: string; fallback: string } | null>(null);
  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const found = document.getElementById(wanted.id) as HTMLButtonElement | HTMLInputElement | null;
    (found && !found.disabled ? found : document.getElementById(wanted.fallback))?.focus();
  });

  const choose = (channel: Channel, on: boolean) => {
    refocus.current = { id: idOf(channel, 'check'), fallback: idOf(channel, 'check') };
    onChange({ channels: chooseChannel(value.channels, channel, on) });
  };
  const move = (channel: Channel, by: -1 | 1) => {
    refocus.current = { id: idOf(channel, by < 0 ? 'up' : 'down'), fallback: idOf(channel, by < 0 ? 'down' : 'up') };
    onChange({ channels: [...moveChannel(value.channels, channel, by)] });
  };

  const checkbox = (channel: Channel, on: boolean): ReactNode => (
    <>
      <input
        id={idOf(channel, 'check')}
        type="checkbox"
        checked={on}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => choose(channel, event.target.checked)}
      />
      <label htmlFor={idOf(channel, 'check')}>{channelName(channel)}</label>
    </>
  );

  return (
    <fieldset className="nt-fieldset ms-kind">
      <legend>{kindName}</legend>
      <fieldset className="ms-order">
        <legend>{text.settings.order}</legend>
        <ol className="ms-channels">
          {value.channels.map((channel) => (
            <li key={channel}>
              <span className="ms-channel">{checkbox(channel, true)}</span>
              {channel !== 'push' && (
                <span className="ms-moves">
                  <button
                    type="button"
                    id={idOf(channel, 'up')}
                    className="btn btn-secondary"
                    aria-label={text.settings.moveUp({ channel: channelName(channel), kind: kindName })}
                    disabled={moveChannel(value.channels, channel, -1) === value.channels}
                    onClick={() => move(channel, -1)}
                  >
                    {text.settings.up}
                  </button>
                  <button
                    type="button"
                    id={idOf(channel, 'down')}
                    className="btn btn-secondary"
                    aria-label={text.settings.moveDown({ channel: channelName(channel), kind: kindName })}
                    disabled={moveChannel(value.channels, channel, 1) === value.channels}
                    onClick={() => move(channel, 1)}
                  >
                    {text.settings.down}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
        {unchosen(value.channels).length > 0 && (
          <>
            <p className="ms-unused" id={`${base}-unused`}>
              {text.settings.notUsed}
            </p>
            <ul className="ms-channels" aria-labelledby={`${base}-unused`}>
              {unchosen(value.channels).map((channel) => (
                <li key={channel}>
                  <span className="ms-channel">{checkbox(channel, false)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="field-hint" id={`${base}-hint`}>
          {text.settings.pushFirst}
        </p>
        {error && (
          <p className="field-error" id={`${base}-error`}>
            {say(error)}
          </p>
        )}
      </fieldset>
      <Check label={text.settings.urgent} checked={value.urgent} onChange={(urgent) => onChange({ urgent })} />
      <TextField
        label={text.settings.whatsappTemplate}
        autoComplete="off"
        autoCapitalize="none"
        value={value.whatsappTemplate}
        error={errors[`kinds.${kind}.whatsappTemplate`]}
        onChange={(event) => onChange({ whatsappTemplate: event.target.value })}
      />
      <TextField
        label={text.settings.dltTemplateId}
        inputMode="numeric"
        autoComplete="off"
        value={value.dltTemplateId}
        error={errors[`kinds.${kind}.dltTemplateId`]}
        onChange={(event) => onChange({ dltTemplateId: event.target.value })}
      />
      <TextField
        label={text.settings.smsTemplateId}
        autoComplete="off"
        autoCapitalize="none"
        value={value.smsTemplateId}
        error={errors[`kinds.${kind}.smsTemplateId`]}
        onChange={(event) => onChange({ smsTemplateId: event.target.value })}
      />
    </fieldset>
  );
}

/** This month's WhatsApp and SMS messages and their cost at the school's rates (read again when the rates change). */
function UsageFigures({ online, rates }: { online: boolean | undefined; rates: string }) {
  useLanguage();
  const month = useMemo(() => monthOf(new Date()), []);
  const fetcher = useCallback((signal: AbortSignal) => fetchUsage(month, signal), [month]);
  const usage = useSchoolFetch(fetcher, true, online, `${month}|${rates}`, { keepStale: true });
  const rows =
    usage.status === 'ok'
      ? [
          { key: 'whatsapp', name: text.channels.whatsapp, ...usage.value.whatsapp },
          { key: 'sms', name: text.channels.sms, ...usage.value.sms },
        ]
      : [];
  if (usage.status === 'offline') return null;
  return (
    <section className="ms-usage" aria-labelledby="ms-usage-heading">
      <h3 id="ms-usage-heading">{text.usage.heading({ month: monthYear(month) })}</h3>
      {usage.status === 'loading' && <p role="status">{text.usage.loading}</p>}
      {usage.status === 'failed' && <p className="field-hint">{text.usage.failed}</p>}
      {usage.status === 'ok' && (
        <>
          <table className="ms-usage-table">
            <caption className="visually-hidden">{text.usage.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.usage.channel}</th>
                <th scope="col" className="rk-num">
                  {text.usage.messages}
                </th>
                <th scope="col" className="rk-num">
                  {text.usage.cost}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.name}</th>
                  <td className="rk-num">{groupIndian(row.messages)}</td>
                  <td className="rk-num">{formatRupees(row.cost)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{text.usage.total}</th>
                <td className="rk-num">{groupIndian(rows.reduce((sum, row) => sum + row.messages, 0))}</td>
                <td className="rk-num">{formatRupees(rows.reduce((sum, row) => sum + row.cost, 0))}</td>
              </tr>
            </tfoot>
          </table>
          <p className="field-hint">{text.usage.note}</p>
        </>
      )}
    </section>
  );
}
