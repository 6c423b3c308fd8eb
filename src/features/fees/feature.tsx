/** The fees feature's descriptor: its pages and the sync panel's words for its changes (src/kit/feature.ts). */
import { lazy } from 'react';
import { formatRupees } from '../../../contract/money';
import { defineFeature } from '../../kit/feature';
import { adminHome, studentHome } from '../../navigation/sections';
import { syncTexts } from '../../sync-binding/texts';
import { feeTexts as text } from './texts';

const FeeRegisterPage = lazy(() => import('./FeeRegisterPage'));
const CollectFeePage = lazy(() => import('./CollectFeePage'));
const CorrectReceiptPage = lazy(() => import('./CorrectReceiptPage'));
const ReceiptPage = lazy(() => import('./ReceiptPage'));
const StudentFeesPage = lazy(() => import('./StudentFeesPage'));

const name = (body: Record<string, unknown>) => (typeof body.name === 'string' ? body.name : '');
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** What a payment adds up to: its items and the fine, in paise. */
function paymentOf(body: Record<string, unknown>): string {
  const items = Array.isArray(body.items) ? body.items.map(record) : [];
  const paise = items.reduce((sum, item) => sum + (typeof item.amount === 'number' ? item.amount : 0), typeof body.fine === 'number' ? body.fine : 0);
  return Number.isSafeInteger(paise) ? formatRupees(paise) : '';
}

export const feesFeature = defineFeature({
  name: 'fees',
  pages: {
    [`${adminHome}/fee`]: <FeeRegisterPage />,
    [`${adminHome}/addfee`]: <CollectFeePage />,
    [`${adminHome}/fees/edit/:receiptId`]: <CorrectReceiptPage />,
    [`${adminHome}/fees/details/:receiptId`]: <ReceiptPage area="admin" />,
    [`${studentHome}/fees`]: <StudentFeesPage />,
    [`${studentHome}/fees/details/:receiptId`]: <ReceiptPage area="student" />,
  },
  changes: {
    'feeHeads.create': (body) => syncTexts.describe.recordCreate(text.changes.head, name(body)),
    'feeHeads.update': (body) => syncTexts.describe.recordUpdate(text.changes.head, name(body)),
    'feeHeads.delete': () => syncTexts.describe.recordDelete(text.changes.head),
    'feeConcessions.create': () => syncTexts.describe.recordCreate(text.changes.concession, ''),
    'feeConcessions.update': () => syncTexts.describe.recordUpdate(text.changes.concession, ''),
    'feeConcessions.delete': () => syncTexts.describe.recordDelete(text.changes.concession),
    'feeReceipts.create': (body) => text.changes.payment(paymentOf(body)),
    'feeReceipts.correct': (body) => text.changes.corrected(body.reissue !== undefined && body.reissue !== null),
  },
  // Loaded when used: the descriptor is in the first page's bundle, the payee's code (Dexie) is not.
  keep: (db) => import('./receipt-payee').then(({ refreshFeePayee }) => refreshFeePayee(db)),
});
