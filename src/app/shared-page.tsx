/**
 * /shared/{token} (src/features/shared/SharedPage.tsx) with the two prints a link may open: the
 * fees feature's receipt and the exams feature's report card. The app composes them here, where it
 * may name features (a feature may not import another); each print loads only when a link opens one.
 */
import { lazy } from 'react';
import SharedPage, { type SharedViews } from '../features/shared/SharedPage';

const views: SharedViews = {
  receipt: lazy(() => import('../features/fees/SharedReceipt')),
  reportCard: lazy(() => import('../features/exams/SharedReportCard')),
};

export default function SharedRecordPage() {
  return <SharedPage views={views} />;
}
