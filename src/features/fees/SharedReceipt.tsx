/**
 * The receipt a signed link opens (/shared/{token}, src/features/shared/SharedPage.tsx): the
 * school's print of it on A5, in the school's print language, from the answer of
 * GET /api/shared/{token} rather than a device's copy (no one is signed in).
 */
import type { SharedReceiptAnswer } from '../../../contract/shared';
import type { TextsIn } from '../../i18n';
import { ReceiptDocument } from './ReceiptDocument';
import './fees.css';

export default function SharedReceipt({ answer, print }: { answer: SharedReceiptAnswer; print: TextsIn }) {
  return (
    <div className="fee-print-page">
      <ReceiptDocument receipt={answer.receipt} receipts={answer.linked} payee={answer.payee} schoolName={answer.school.name} layout="a5" print={print} />
    </div>
  );
}
