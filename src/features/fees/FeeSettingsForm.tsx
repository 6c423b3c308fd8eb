/**
 * The school's fee settings (admins, online: GET/PUT /api/fees/settings): the receipt number format
 * ({YEAR} and {SEQ}), the UPI id and payee name (kept on the device for the receipt's UPI QR
 * code), and whether teachers may read fees.
 */
import { say, useLanguage } from '../../i18n';
import { useEffect, useState, type FormEvent } from 'react';
import { defaultReceiptFormat, feeMessages, feePaths, feeSettingsSchema, formatReceiptNumber } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { useWriteReport } from '../../kit';
import { useOnline } from '../../kit/use-online';
import { useSyncEngine } from '../../sync-binding/hooks';
import { TextField } from '../../ui/fields';
import { keepFeePayee } from './receipt-payee';
import { feeTexts as text } from './texts';

export function FeeSettingsForm({ academicYear }: { academicYear: number }) {
  useLanguage();
  const report = useWriteReport();
  const engine = useSyncEngine();
  // Asked of the school only once the device knows it is online.
  const online = useOnline() === true;
  const [loaded, setLoaded] = useState(false);
  const [receiptFormat, setReceiptFormat] = useState(defaultReceiptFormat);
  const [upiId, setUpiId] = useState('');
  const [payeeName, setPayeeName] = useState('');
  const [teachersMayRead, setTeachersMayRead] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!online || loaded) return;
    let live = true;
    apiRequest('GET', feePaths.settings)
      .then((response) => {
        const parsed = feeSettingsSchema.safeParse(response.data);
        if (!live || !parsed.success) return;
        setReceiptFormat(parsed.data.receiptFormat);
        setUpiId(parsed.data.upiId ?? '');
        setPayeeName(parsed.data.payeeName ?? '');
        setTeachersMayRead(parsed.data.teachersMayRead);
        setLoaded(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [online, loaded]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const response = await apiRequest('PUT', feePaths.settings, { json: { receiptFormat, upiId, payeeName, teachersMayRead } });
      const saved = feeSettingsSchema.safeParse(response.data);
      if (saved.success && engine) await keepFeePayee(engine.db, saved.data);
      report.saved(response.message ?? feeMessages.settingsSaved);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : messages.network.unexpected);
    }
  };

  return (
    <form className="fee-structure-form" onSubmit={(event) => void save(event)} aria-labelledby="fee-settings-heading" noValidate>
      <h3 id="fee-settings-heading">{text.settings.heading}</h3>
      {!online && <p>{text.settings.offline}</p>}
      <TextField
        label={text.settings.format}
        hint={text.settings.formatHint({ yearToken: '{YEAR}', serialToken: '{SEQ}', example: receiptFormat.includes('{SEQ}') ? formatReceiptNumber(receiptFormat, academicYear, 1) : '' })}
        value={receiptFormat}
        onChange={(event) => setReceiptFormat(event.target.value)}
      />
      <TextField label={text.settings.upiId} value={upiId} onChange={(event) => setUpiId(event.target.value)} />
      <TextField label={text.settings.payeeName} value={payeeName} onChange={(event) => setPayeeName(event.target.value)} />
      <label className="fee-check">
        <input type="checkbox" checked={teachersMayRead} onChange={(event) => setTeachersMayRead(event.target.checked)} /> {text.settings.teachersMayRead}
      </label>
      {error && (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      )}
      <button type="submit" className="btn" disabled={!online || !loaded}>
        {text.settings.save}
      </button>
    </form>
  );
}
