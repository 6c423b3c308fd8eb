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
import { academicYearLabel } from '../../../contract/admission';
import { receiptFeeYear } from '../../../contract/fee-dues';
import { formatRupees } from '../../../contract/money';
import { LoadingStatus, RecordPageMessage } from '../../kit';
import { useSessionSnapshot } from '../../session/use-session';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { readFeeMirror, receiptNumberOf } from './queries';
import { readFeePayee, useRefreshFeePayee } from './receipt-payee';
import { rupeesInWordsIn } from './rupees-in-words';
import { feeTexts as text, feeTitles } from './texts';
import { UpiQr } from './UpiQr';
import './fees.css';

type Layout = 'a5' | 'thermal';

export default function ReceiptPage({ area }: { area: 'admin' | 'student' }) {
  const language = useLanguage();
  const { receiptId = '' } = useParams();
  const mirror = useMirrorQuery(readFeeMirror, []);
  const payee = useMirrorQuery(readFeePayee, []);
  useRefreshFeePayee();
  const { session } = useSessionSnapshot();
  const [layout, setLayout] = useState<Layout>('a5');
  const back = area === 'admin' ? '/admin/fee' : '/student/fees';
  const receipt = mirror?.receipts.find((row) => row.id === receiptId);
  const schoolName = session?.profile?.schoolName ?? '';
  // Fixed at issue; a receipt from before balances were kept (or an old copy on this device) has none.
  const balanceDue = receipt?.balanceDue ?? null;
  const yearBalance = receipt?.yearBalance ?? null;

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
          <article className={`fee-receipt fee-receipt-${layout}`} aria-label={text.receipt.title} data-status={receipt.status} data-provisional={receipt.receiptNumber ? undefined : text.receipt.provisionalMark}>
            <header className="fee-receipt-head">
              <h2>{schoolName}</h2>
              <p className="fee-receipt-title">{text.receipt.title}</p>
            </header>
            {!receipt.receiptNumber && (
              <p className="fee-receipt-provisional" role="note">
                <strong>{text.receipt.provisionalMark}</strong> {text.receipt.provisional}
              </p>
            )}
            {receipt.status === 'cancelled' && <p className="fee-receipt-cancelled">{text.receipt.cancelled({ reason: receipt.cancelReason ?? '' })}</p>}
            <dl className="fee-receipt-facts">
              <div>
                <dt>{text.receipt.number}</dt>
                <dd data-pending={!receipt.receiptNumber || undefined}>{receiptNumberOf(receipt)}</dd>
              </div>
              <div>
                <dt>{text.receipt.date}</dt>
                <dd>{shortDate(receipt.paidOn)}</dd>
              </div>
              <div>
                <dt>{text.receipt.student}</dt>
                <dd>{receipt.studentName}</dd>
              </div>
              <div>
                <dt>{text.receipt.className}</dt>
                <dd>{receipt.className}</dd>
              </div>
              <div>
                <dt>{text.receipt.admissionId}</dt>
                <dd>{receipt.admissionId}</dd>
              </div>
              <div>
                <dt>{text.receipt.academicYear}</dt>
                <dd>{academicYearLabel(receipt.academicYear)}</dd>
              </div>
            </dl>
            <table className="fee-receipt-items">
              <thead>
                <tr>
                  <th scope="col">{text.receipt.head}</th>
                  <th scope="col" className="fee-num">
                    {text.receipt.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {receipt.items.map((item) => (
                  <tr key={item.installmentId}>
                    <td>
                      {item.headName} — {item.label}
                      {item.dueDate && <span className="fee-due"> ({shortDate(item.dueDate)})</span>}
                    </td>
                    <td className="fee-num">{formatRupees(item.amount)}</td>
                  </tr>
                ))}
                {receipt.fine > 0 && (
                  <tr>
                    <td>{text.receipt.fine}</td>
                    <td className="fee-num">{formatRupees(receipt.fine)}</td>
                  </tr>
                )}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{text.receipt.total}</th>
                  <td className="fee-num">
                    <strong>{formatRupees(receipt.total)}</strong>
                  </td>
                </tr>
              </tfoot>
            </table>
            <p className="fee-words">
              <span>{text.receipt.inWords}: </span>
              {rupeesInWordsIn(receipt.total, language)}
            </p>
            {receipt.fineWaived > 0 && <p>{text.receipt.fineWaived({ amount: formatRupees(receipt.fineWaived), reason: receipt.waiverReason ?? '' })}</p>}
            {receipt.backdatedFine !== undefined && receipt.backdatedFine > 0 && <p>{text.receipt.backdatedFine({ amount: formatRupees(receipt.backdatedFine), reason: receipt.waiverReason ?? '' })}</p>}
            <dl className="fee-receipt-facts">
              <div>
                <dt>{text.receipt.mode}</dt>
                <dd>{text.modes[receipt.mode]}</dd>
              </div>
              {receipt.reference && (
                <div>
                  <dt>{text.receipt.reference}</dt>
                  <dd>{receipt.reference}</dd>
                </div>
              )}
              {receipt.bank && (
                <div>
                  <dt>{text.receipt.bank}</dt>
                  <dd>{receipt.bank}</dd>
                </div>
              )}
              <div>
                <dt>{text.receipt.balanceDue({ date: shortDate(receipt.paidOn) ?? receipt.paidOn })}</dt>
                <dd>{balanceDue !== null ? formatRupees(balanceDue) : receipt.receiptNumber ? text.receipt.balanceUnknown : text.receipt.balancePending}</dd>
              </div>
              {yearBalance !== null && (
                <div>
                  <dt>{text.receipt.yearBalance({ year: academicYearLabel(receiptFeeYear(receipt)) })}</dt>
                  <dd>{formatRupees(yearBalance)}</dd>
                </div>
              )}
              <div>
                <dt>{text.receipt.receivedBy}</dt>
                <dd>{receipt.receivedBy}</dd>
              </div>
              {receipt.recordedOn !== undefined && receipt.paidOn < receipt.recordedOn && (
                <div>
                  <dt>{text.receipt.recordedOn}</dt>
                  <dd>{text.receipt.recorded({ date: shortDate(receipt.recordedOn) ?? receipt.recordedOn, name: receipt.receivedBy })}</dd>
                </div>
              )}
              {receipt.replaces && (
                <div>
                  <dt>{text.receipt.replaces}</dt>
                  <dd>{receiptNumberOf(mirror.receipts.find((row) => row.id === receipt.replaces) ?? { receiptNumber: null })}</dd>
                </div>
              )}
              {receipt.replacedBy && (
                <div>
                  <dt>{text.receipt.replacedBy}</dt>
                  <dd>{receiptNumberOf(mirror.receipts.find((row) => row.id === receipt.replacedBy) ?? { receiptNumber: null })}</dd>
                </div>
              )}
            </dl>
            {payee?.upiId && yearBalance !== null && yearBalance > 0 && receipt.status !== 'cancelled' && (
              <UpiQr
                vpa={payee.upiId}
                payeeName={payee.payeeName || schoolName}
                amount={yearBalance}
                note={text.receipt.upiNote({ student: receipt.studentName, receiptNumber: receiptNumberOf(receipt) })}
              />
            )}
            <p className="fee-signature">{text.receipt.signature}</p>
          </article>
        </>
      )}
    </main>
  );
}
