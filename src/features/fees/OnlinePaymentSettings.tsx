/**
 * The school's Razorpay account on /admin/fee (admins, online: GET/PUT /api/payments/settings): key
 * id, key secret and webhook secret (never shown again once stored: the school says "stored"),
 * whether fees are taken online, part payments, a convenience charge passed on, and the webhook
 * URL to paste into Razorpay's dashboard. Link to every online payment: /admin/payments.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { PaymentSettings } from '../../../contract/payments';
import { say, useLanguage } from '../../i18n';
import { useWriteReport } from '../../kit';
import { useOnline } from '../../kit/use-online';
import { useSyncEngine } from '../../sync-binding/hooks';
import { TextField } from '../../ui/fields';
import { fetchPaymentSettings, savePaymentSettings } from './payment-service';
import { feeTexts as text } from './texts';

/** Razorpay's own names of the events the school's webhook must send (the same in every language). */
const webhookEvents = 'payment.captured, order.paid, payment.failed, refund.processed';

export function OnlinePaymentSettings() {
  useLanguage();
  const report = useWriteReport();
  const engine = useSyncEngine();
  const online = useOnline() === true;
  const [stored, setStored] = useState<PaymentSettings | null>(null);
  const [keyId, setKeyId] = useState('');
  const [keySecret, setKeySecret] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [enabled, setEnabled] = useState(false);
  const [partialAllowed, setPartialAllowed] = useState(false);
  const [chargePercent, setChargePercent] = useState('0');
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!online || stored) return;
    const controller = new AbortController();
    fetchPaymentSettings(engine?.db, controller.signal)
      .then((settings) => {
        setStored(settings);
        setKeyId(settings.keyId);
        setEnabled(settings.enabled);
        setPartialAllowed(settings.partialAllowed);
        setChargePercent((settings.chargeBasisPoints / 100).toFixed(2));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [online, stored, engine]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const percent = Number(chargePercent.trim() || '0');
    const answer = await savePaymentSettings({
      provider: 'razorpay',
      keyId: keyId.trim(),
      ...(keySecret.trim() ? { keySecret: keySecret.trim() } : {}),
      ...(webhookSecret.trim() ? { webhookSecret: webhookSecret.trim() } : {}),
      enabled,
      partialAllowed,
      chargeBasisPoints: Number.isFinite(percent) ? Math.round(percent * 100) : -1,
    });
    if (!answer.ok) return setError(answer.message);
    setStored(answer.data);
    setKeySecret('');
    setWebhookSecret('');
    if (engine) await fetchPaymentSettings(engine.db).catch(() => undefined);
    report.saved(answer.message ?? '');
  };

  const keptHint = stored?.configured ? text.onlineSettings.secretKept : undefined;
  return (
    <form className="fee-structure-form" onSubmit={(event) => void save(event)} aria-labelledby="fee-online-heading" noValidate>
      <h3 id="fee-online-heading">{text.onlineSettings.heading}</h3>
      <p>{text.onlineSettings.intro}</p>
      {!online && <p>{text.onlineSettings.offline}</p>}
      {stored && <p role="status">{stored.enabled ? text.onlineSettings.on : text.onlineSettings.off}</p>}
      <TextField label={text.onlineSettings.keyId} value={keyId} autoComplete="off" onChange={(event) => setKeyId(event.target.value)} />
      {/* Pasted from Razorpay's dashboard, never shown again: a plain password input (no show toggle). */}
      <TextField label={text.onlineSettings.keySecret} type="password" hint={keptHint} value={keySecret} autoComplete="new-password" onChange={(event) => setKeySecret(event.target.value)} />
      <TextField label={text.onlineSettings.webhookSecret} type="password" hint={keptHint} value={webhookSecret} autoComplete="new-password" onChange={(event) => setWebhookSecret(event.target.value)} />
      {stored?.webhookUrl && (
        <>
          <TextField label={text.onlineSettings.webhookUrl} value={stored.webhookUrl} readOnly />
          <p className="field-hint">
            {text.onlineSettings.events} <code lang="en">{webhookEvents}</code>
          </p>
        </>
      )}
      <label className="fee-check">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> {text.onlineSettings.enabled}
      </label>
      <label className="fee-check">
        <input type="checkbox" checked={partialAllowed} onChange={(event) => setPartialAllowed(event.target.checked)} /> {text.onlineSettings.partial}
      </label>
      <TextField label={text.onlineSettings.charge} hint={text.onlineSettings.chargeHint} inputMode="decimal" value={chargePercent} onChange={(event) => setChargePercent(event.target.value)} />
      {error && (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      )}
      <button type="submit" className="btn" disabled={!online || !stored}>
        {text.onlineSettings.save}
      </button>{' '}
      <Link to="/admin/payments">{text.onlineSettings.payments}</Link>
    </form>
  );
}
