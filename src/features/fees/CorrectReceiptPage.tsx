/**
 * /admin/fees/edit/{receiptId}: a receipt is never changed in place. This cancels it with a reason
 * (its number stays in the register) and, when the payment was really taken, issues the corrected
 * receipt in the same write (PUT /api/fees/update/{receiptId}); through the outbox, so offline too.
 */
import { say, useLanguage } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { counterPaymentModes, feeMessages, type CounterPaymentMode } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { formatRupees, parseRupees, rupeesInput } from '../../../contract/money';
import { LoadingStatus, RecordPageMessage, useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import type { FeeReceiptRow } from '../../../sync/modules/fees';
import { shortDate } from '../../ui/dates';
import { SelectField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { readFeeMirror, receiptNumberOf } from './queries';
import { feeTexts as text, feeTitles } from './texts';
import './fees.css';

export default function CorrectReceiptPage() {
  useLanguage();
  const { receiptId = '' } = useParams();
  const mirror = useMirrorQuery(readFeeMirror, []);
  const receipt = mirror?.receipts.find((row) => row.id === receiptId);
  return (
    <main className="page fee-page">
      <PageHeader title={feeTitles.editFee} backTo="/admin/fee" />
      {!mirror && <LoadingStatus text={text.loading} />}
      {mirror && !receipt && <RecordPageMessage tone="error" text={text.receipt.notFound} backTo="/admin/fee" backLabel={text.receipt.back} />}
      {receipt && receipt.status === 'cancelled' && <RecordPageMessage tone="error" text={text.correct.alreadyCancelled} backTo="/admin/fee" backLabel={text.receipt.back} />}
      {receipt && receipt.status === 'paid' && <CorrectionForm key={receipt.id} receipt={receipt} />}
    </main>
  );
}

function CorrectionForm({ receipt }: { receipt: FeeReceiptRow }) {
  const engine = useSyncEngine();
  const report = useWriteReport();
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [reissue, setReissue] = useState(true);
  const [mode, setMode] = useState<CounterPaymentMode>(receipt.mode === 'online' ? 'upi' : receipt.mode);
  const [reference, setReference] = useState(receipt.reference ?? '');
  const [bank, setBank] = useState(receipt.bank ?? '');
  const [amounts, setAmounts] = useState<Record<string, string>>(() => Object.fromEntries(receipt.items.map((item) => [item.installmentId, rupeesInput(item.amount)])));
  const [fine, setFine] = useState(rupeesInput(receipt.fine));
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const items = receipt.items.map((item) => ({ installmentId: item.installmentId, amount: parseRupees(amounts[item.installmentId] ?? '') }));
    const finePaise = parseRupees(fine || '0');
    let why: string | undefined;
    if (!reason.trim()) why = messages.records.fields.required(text.correct.reason);
    else if (reissue && (items.some((item) => item.amount === undefined || item.amount <= 0) || finePaise === undefined)) why = text.collect.badAmount;
    else if (reissue && mode === 'cheque' && (!reference.trim() || !bank.trim())) why = feeMessages.chequeDetails;
    else if (reissue && (mode === 'upi' || mode === 'bankTransfer') && !reference.trim()) why = feeMessages.referenceNeeded;
    setError(why);
    if (why || !engine) return;
    setBusy(true);
    let nextId: string | undefined;
    const ok = await report.attempt(async () => {
      const result = await engine.mutate('feeReceipts.correct', {
        id: receipt.id,
        cancelReason: reason.trim(),
        ...(reissue
          ? {
              reissue: {
                paidOn: receipt.paidOn,
                mode,
                reference: reference.trim() || undefined,
                bank: mode === 'cheque' ? bank.trim() : undefined,
                items: items.map((item) => ({ installmentId: item.installmentId, amount: item.amount ?? 0 })),
                fine: finePaise ?? 0,
                // The payment restated: its waiver, and the reason a back-dated one needs, go with it.
                fineWaived: receipt.fineWaived,
                waiverReason: receipt.waiverReason ?? undefined,
                remark: receipt.remark ?? undefined,
              },
            }
          : {}),
      });
      nextId = String(result.result);
      return result;
    }, text.correct.done);
    setBusy(false);
    if (ok) void navigate(`/admin/fees/details/${nextId ?? receipt.id}`);
  };

  return (
    <form className="panel fee-collect" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="fee-correct-heading">
      <h2 id="fee-correct-heading">
        {receiptNumberOf(receipt)} · {receipt.studentName} · {shortDate(receipt.paidOn)} · {formatRupees(receipt.total)}
      </h2>
      <p>{text.correct.intro}</p>
      <TextField label={text.correct.reason} value={reason} onChange={(event) => setReason(event.target.value)} required />
      <label className="fee-check">
        <input type="checkbox" checked={reissue} onChange={(event) => setReissue(event.target.checked)} /> {text.correct.reissue}
      </label>
      {reissue && (
        <>
          {receipt.items.map((item) => (
            <TextField
              key={item.installmentId}
              label={text.collect.amountLabel({ what: `${item.headName} ${item.label}` })}
              inputMode="decimal"
              value={amounts[item.installmentId] ?? ''}
              onChange={(event) => setAmounts((current) => ({ ...current, [item.installmentId]: event.target.value }))}
            />
          ))}
          {receipt.fine > 0 && <TextField label={text.collect.finePaid} inputMode="decimal" value={fine} onChange={(event) => setFine(event.target.value)} />}
          <SelectField label={text.collect.mode} value={mode} onChange={(event) => setMode(event.target.value as CounterPaymentMode)}>
            {counterPaymentModes.map((value) => (
              <option key={value} value={value}>
                {text.modes[value]}
              </option>
            ))}
          </SelectField>
          {mode !== 'cash' && <TextField label={text.collect.reference[mode]} value={reference} onChange={(event) => setReference(event.target.value)} />}
          {mode === 'cheque' && <TextField label={text.collect.bank} value={bank} onChange={(event) => setBank(event.target.value)} />}
        </>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      )}
      <button type="submit" className="btn btn-danger" disabled={busy || !engine}>
        {reissue ? text.correct.submitReissue : text.correct.submit}
      </button>
    </form>
  );
}
