/** Leave: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { pageTitles } from '../page-titles';

const titles = pageTitles.leave;

const StaffLeavePage = lazyPage(() => import('./StaffLeavePage'));
const StudentLeavePage = lazyPage(() => import('./StudentLeavePage'));

const icon = (
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
    <path d="m9 15 2 2 4-4" />
  </>
);

export const leaveFeature = defineFeature({
  name: 'leave',
  sections: {
    admin: [{ needs: ['leaveApplications', 'students', 'classes', 'teachers'], path: '/leave', title: () => titles.leave, page: <StaffLeavePage />, tile: { icon, order: 115 } }],
    student: [{ needs: ['leaveApplications', 'students'], path: '/leave', title: () => titles.leave, page: <StudentLeavePage />, tile: { icon, order: 95 } }],
  },
  changes: () => import('./changes'),
});
