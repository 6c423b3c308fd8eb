/** Exams, report cards and results: pages, the sync panel's words and the school copy a report card prints (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { pageTitles } from '../page-titles';

const titles = pageTitles.exams;

const ExamsPage = lazyPage(() => import('./ExamsPage'));
const ReportCardsPage = lazyPage(() => import('./ReportCardsPage'));
const StudentExamsPage = lazyPage(() => import('./StudentExamsPage'));
const StudentResultsPage = lazyPage(() => import('./StudentResultsPage'));

const icon = (
  <>
    <path d="M9 3h6v3H9Z" />
    <path d="M16 4.5h2a2 2 0 0 1 2 2V20a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6.5a2 2 0 0 1 2-2h2" />
    <path d="M8 12h8M8 16h5" />
  </>
);

const reportCardsIcon = (
  <>
    <path d="M4 4h16v16H4Z" />
    <path d="M8 16v-3M12 16V9M16 16v-5" />
  </>
);

const resultsIcon = (
  <>
    <path d="M8 21h8M12 17v4" />
    <path d="M7 4h10v5a5 5 0 0 1-10 0Z" />
    <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
  </>
);

export const examsFeature = defineFeature({
  name: 'exams',
  sections: {
    admin: [
      { needs: ['exams', 'marks', 'results', 'classes', 'students', 'subjects', 'classSubjects', 'teachers'], path: '/exams', title: () => titles.exams, page: <ExamsPage />, tile: { icon, order: 150 } },
      { needs: ['exams', 'marks', 'results', 'classes', 'students', 'subjects', 'attendance'], path: '/reportcards', title: () => titles.reportCards, page: <ReportCardsPage />, tile: { icon: reportCardsIcon, order: 160 } },
    ],
    student: [
      { needs: ['exams', 'students', 'classes', 'subjects'], path: '/exams', title: () => titles.exams, page: <StudentExamsPage />, tile: { icon, order: 50 } },
      { needs: ['exams', 'results', 'students', 'classes', 'subjects', 'attendance'], path: '/results', title: () => titles.results, page: <StudentResultsPage />, tile: { icon: resultsIcon, order: 60 } },
    ],
  },
  changes: () => import('./changes'),
  // Loaded when used: the descriptor is in the first page's bundle, the copy's code (Dexie) is not.
  keep: (db, tenantId) => import('../../kit/school-copy').then(({ refreshSchoolCopy }) => refreshSchoolCopy(db, tenantId)),
});
