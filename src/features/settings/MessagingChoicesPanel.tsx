/**
 * A parent's WhatsApp and SMS on /settings (online: GET/PUT /api/messaging/preferences,
 * contract/messaging.ts): the number messages go to (its last four digits, or none on record),
 * a switch for each channel the school uses, for messages that are not urgent, and whether absence
 * alerts follow them (only when the school allows it). Kept at the school, not on the device:
 * offline the panel says it needs a connection.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { messagingMessages, type MessagingPreferences } from '../../../contract/messaging';
import { say, useLanguage } from '../../i18n';
import { fetchPreferences, savePreferences } from '../../kit/messaging-service';
import { messagingTexts } from '../../kit/messaging-texts';
import { useOnline } from '../../kit/use-online';
import './messaging-choices.css';

export function MessagingChoicesPanel() {
  useLanguage();
  const text = messagingTexts.preferences;
  const online = useOnline();
  const [stored, setStored] = useState<MessagingPreferences | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (online !== true || stored) return;
    const controller = new AbortController();
    fetchPreferences(controller.signal).then(
      (preferences) => setStored(preferences),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [online, stored]);

  return (
    <section className="panel settings-panel" aria-labelledby="settings-messaging">
      <h2 id="settings-messaging">{text.heading}</h2>
      <p>{text.intro}</p>
      {online === false && (
        <p className="alert alert-warning" role="status">
          {text.offline}
        </p>
      )}
      {!stored && online === true && !failed && <p role="status">{text.loading}</p>}
      {!stored && online === true && failed && (
        <p className="alert alert-error" role="alert">
          {text.failed}
        </p>
      )}
      {stored && <Choices stored={stored} online={online === true} onSaved={setStored} />}
    </section>
  );
}

function Choices({ stored, online, onSaved }: { stored: MessagingPreferences; online: boolean; onSaved: (preferences: MessagingPreferences) => void }) {
  useLanguage();
  const text = messagingTexts.preferences;
  const id = useId();
  const [whatsapp, setWhatsapp] = useState(stored.whatsapp);
  const [sms, setSms] = useState(stored.sms);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!online || saving) return;
    setSaved(undefined);
    setFailure(undefined);
    setSaving(true);
    const answer = await savePreferences({ whatsapp, sms });
    setSaving(false);
    if (!answer.ok) return setFailure(answer.message);
    setWhatsapp(answer.data.whatsapp);
    setSms(answer.data.sms);
    onSaved(answer.data);
    setSaved(answer.message ?? messagingMessages.preferencesSaved);
  };

  const number = stored.phoneEnding ? <p>{text.number({ ending: stored.phoneEnding })}</p> : <p className="alert alert-info">{text.noNumber}</p>;
  if (!stored.whatsappOn && !stored.smsOn) {
    return (
      <>
        {number}
        <p>{text.noneUsed}</p>
      </>
    );
  }
  const switches = [
    ...(stored.whatsappOn ? [{ key: 'whatsapp', label: text.whatsapp, on: whatsapp, set: setWhatsapp }] : []),
    ...(stored.smsOn ? [{ key: 'sms', label: text.sms, on: sms, set: setSms }] : []),
  ];
  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-busy={saving}>
      {number}
      <fieldset className="settings-messaging-choices" aria-describedby={`${id}-absence`}>
        <legend>{text.choices}</legend>
        {switches.map((choice) => (
          <div className="settings-switch" key={choice.key}>
            <input
              id={`${id}-${choice.key}`}
              type="checkbox"
              role="switch"
              checked={choice.on}
              onChange={(event) => {
                choice.set(event.target.checked);
                setSaved(undefined);
              }}
            />
            <label htmlFor={`${id}-${choice.key}`}>{choice.label}</label>
          </div>
        ))}
        <p className="field-hint" id={`${id}-absence`}>
          {stored.absenceOptOutAllowed ? text.absenceFollows : text.absenceStays}
        </p>
      </fieldset>
      {failure && (
        <p className="alert alert-error" role="alert">
          {say(failure)}
        </p>
      )}
      <div className="settings-messaging-actions">
        <button type="submit" className="btn btn-primary" disabled={!online || saving}>
          {saving ? text.saving : text.save}
        </button>
        <p role="status">{saved ? say(saved) : ''}</p>
      </div>
    </form>
  );
}
