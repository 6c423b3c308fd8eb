/**
 * The receipt as it prints, in the school's print language (src/kit/print-texts.ts) whatever the
 * screen shows: what ReceiptPage.tsx lays out on A5 or an 80 mm roll.
 */
import { academicYearLabel } from '../../../contract/admission';
import { receiptFeeYear } from '../../../contract/fee-dues';
import { formatRupees } from '../../../contract/money';
import type { FeeReceiptRow } from '../../../sync/modules/fees';
import type { TextsIn } from '../../i18n';
import { shortDate } from '../../ui/dates';
import type { FeePayee } from './receipt-payee';
import { rupeesInWordsIn } from './rupees-in-words';
import { UpiQr } from './UpiQr';
// Its English, for a print in English (the print language's own catalogs load through usePrintTexts).
import './texts';

/** What the print reads of a receipt: the device's row, or the one a signed link opens (contract/shared.ts). */
export type PrintedReceipt = Omit<FeeReceiptRow, 'studentId' | 'classId' | 'remark' | 'createdAt' | 'rev' | 'receiptSeq'>;

export interface ReceiptDocumentProps {
  receipt: PrintedReceipt;
  /** The receipts on the device (or those a signed link names), for the numbers of the one this replaces or is replaced by. */
  receipts: readonly Pick<FeeReceiptRow, 'id' | 'receiptNumber'>[];
  payee: FeePayee | null | undefined;
  schoolName: string;
  layout: 'a5' | 'thermal';
  print: TextsIn;
}

export function ReceiptDocument({ receipt, receipts, payee, schoolName, layout, print }: ReceiptDocumentProps) {
  const text = print.t.fees;
  const numberOf = (row: Pick<FeeReceiptRow, 'receiptNumber'>) => row.receiptNumber ?? text.pending;
  // Fixed at issue; a receipt from before balances were kept (or an old copy on this device) has none.
  const balanceDue = receipt.balanceDue ?? null;
  const yearBalance = receipt.yearBalance ?? null;
  return (
    <article className={`fee-receipt fee-receipt-${layout}`} lang={print.language} aria-label={text.receipt.title} data-status={receipt.status} data-provisional={receipt.receiptNumber ? undefined : text.receipt.provisionalMark}>
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
          <dd data-pending={!receipt.receiptNumber || undefined}>{numberOf(receipt)}</dd>
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
        {rupeesInWordsIn(receipt.total, print.language)}
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
            <dd>{numberOf(receipts.find((row) => row.id === receipt.replaces) ?? { receiptNumber: null })}</dd>
          </div>
        )}
        {receipt.replacedBy && (
          <div>
            <dt>{text.receipt.replacedBy}</dt>
            <dd>{numberOf(receipts.find((row) => row.id === receipt.replacedBy) ?? { receiptNumber: null })}</dd>
          </div>
        )}
      </dl>
      {payee?.upiId && yearBalance !== null && yearBalance > 0 && receipt.status !== 'cancelled' && (
        <UpiQr
          vpa={payee.upiId}
          payeeName={payee.payeeName || schoolName}
          amount={yearBalance}
          note={text.receipt.upiNote({ student: receipt.studentName, receiptNumber: numberOf(receipt) })}
        />
      )}
      <p className="fee-signature">{text.receipt.signature}</p>
    </article>
  );
}
