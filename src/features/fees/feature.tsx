/** Fees: pages, the sync panel's words and the UPI payee a receipt prints (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { pageTitles } from '../page-titles';

const titles = pageTitles.fees;

const FeeRegisterPage = lazyPage(() => import('./FeeRegisterPage'));
const CollectFeePage = lazyPage(() => import('./CollectFeePage'));
const CorrectReceiptPage = lazyPage(() => import('./CorrectReceiptPage'));
const ReceiptPage = lazyPage(() => import('./ReceiptPage'));
const StudentFeesPage = lazyPage(() => import('./StudentFeesPage'));
const PaymentsPage = lazyPage(() => import('./PaymentsPage'));

const icon = (
  <>
    <path d="M6 3h12M6 8h12M6 13h3c6.7 0 6.7-10 0-10" />
    <path d="m6 13 8.5 8" />
  </>
);

export const feesFeature = defineFeature({
  name: 'fees',
  sections: {
    admin: [
      // Teachers hold no receipts on their devices (server/modules/fees/sync-source.ts); collecting is the admin's.
      { needs: ['feeReceipts', 'feeHeads', 'feeStructures', 'feeConcessions', 'students', 'classes'], path: '/fee', title: () => titles.fees, page: <FeeRegisterPage />, tile: { icon, order: 120, roles: ['admin'] } },
      { needs: ['feeReceipts', 'feeHeads', 'feeStructures', 'feeConcessions', 'students', 'classes', 'events'], path: '/addfee', title: () => titles.addFee, back: '/fee', page: <CollectFeePage /> },
      { needs: ['feeReceipts', 'feeHeads', 'students', 'classes'], path: '/fees/edit/:receiptId', title: () => titles.editFee, back: '/fee', page: <CorrectReceiptPage /> },
      { needs: ['feeReceipts', 'feeHeads', 'students', 'classes'], path: '/fees/details/:receiptId', title: () => titles.feeDetails, back: '/fee', page: <ReceiptPage area="admin" /> },
      { needs: [], path: '/payments', title: () => titles.payments, back: '/fee', page: <PaymentsPage /> },
    ],
    student: [
      { needs: ['feeReceipts', 'feeHeads', 'feeStructures', 'feeConcessions', 'students', 'classes', 'events'], path: '/fees', title: () => titles.fees, page: <StudentFeesPage />, tile: { icon, order: 90 } },
      { needs: ['feeReceipts', 'feeHeads', 'students', 'classes'], path: '/fees/details/:receiptId', title: () => titles.feeDetails, back: '/fees', page: <ReceiptPage area="student" /> },
    ],
  },
  changes: () => import('./changes'),
  // Loaded when used: the descriptor is in the first page's bundle, the payee's code (Dexie) is not.
  keep: (db) => import('./receipt-payee').then(({ refreshFeePayee }) => refreshFeePayee(db)),
});
