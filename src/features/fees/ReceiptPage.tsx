/**
 * /admin/fees/details/{receiptId} and /student/fees/details/{receiptId}: one receipt to print, on
 * A5 or on an 80 mm thermal roll, from the device's copy (so it prints offline): school, number
 * (Pending until the school gives it), date, student, class, admission ID, heads paid with their
 * installments, the amount in figures and in words (lakh, crore), mode, and what was true when it
 * was issued: the balance of its year after it as of its date and who received the money (stored
 * with the receipt, docs/decisions.md "Fees"), and a UPI QR code for that balance when the school
 * has set its UPI id (kept on the device too). Until the school numbers it, it says on screen and
 * on paper that it is provisional.
 */
import { useLanguage } from '../../i18n';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingStatus, RecordPageMessage } from '../../kit';
import { useSessionSnapshot } from '../../session/use-session';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { usePrintTexts } from '../../kit/print-texts';
import { useSchoolCopy } from '../../kit/school-copy';
import { readFeeMirror } from './queries';
import { ReceiptDocument } from './ReceiptDocument';
import { readFeePayee, useRefreshFeePayee } from './receipt-payee';
import { feeTexts as text, feeTitles } from './texts';
import './fees.css';

type Layout = 'a5' | 'thermal';

export default function ReceiptPage({ area }: { area: 'admin' | 'student' }) {
  useLanguage();
  const { receiptId = '' } = useParams();
  const mirror = useMirrorQuery(readFeeMirror, []);
  const payee = useMirrorQuery(readFeePayee, []);
  useRefreshFeePayee();
  const { session } = useSessionSnapshot();
  const [layout, setLayout] = useState<Layout>('a5');
  const back = area === 'admin' ? '/admin/fee' : '/student/fees';
  const receipt = mirror?.receipts.find((row) => row.id === receiptId);
  const schoolName = session?.profile?.schoolName ?? '';
  const print = usePrintTexts(useSchoolCopy());

  return (
    <main className="page print-page fee-print-page">
      <PageHeader title={feeTitles.feeDetails} backTo={back} />
      {!mirror && <LoadingStatus text={text.loading} />}
      {mirror && !receipt && <RecordPageMessage tone="error" text={text.receipt.notFound} backTo={back} backLabel={text.receipt.back} />}
      {mirror && receipt && (
        <>
          <div className="fee-print-tools no-print">
            <fieldset className="fee-layout">
              <legend>{text.receipt.layout}</legend>
              {(['a5', 'thermal'] as const).map((value) => (
                <label key={value}>
                  <input type="radio" name="fee-layout" value={value} checked={layout === value} onChange={() => setLayout(value)} /> {text.receipt[value]}
                </label>
              ))}
            </fieldset>
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              {text.receipt.print}
            </button>
            {area === 'admin' && receipt.status === 'paid' && receipt.receiptNumber && (
              <Link className="btn" to={`/admin/fees/edit/${receipt.id}`}>
                {text.receipt.correct}
              </Link>
            )}
          </div>
          {!receipt.receiptNumber && <p className="alert alert-info no-print">{text.pendingNote}</p>}
          {print ? (
            <ReceiptDocument receipt={receipt} receipts={mirror.receipts} payee={payee} schoolName={schoolName} layout={layout} print={print} />
          ) : (
            <LoadingStatus text={text.loading} />
          )}
        </>
      )}
    </main>
  );
}
