/** The exams feature's descriptor: its pages and the sync panel's words for its changes (src/kit/feature.ts). */
import { lazy } from 'react';
import { defineFeature } from '../../kit/feature';
import { adminHome, studentHome } from '../../navigation/sections';
import { syncTexts } from '../../sync-binding/texts';
import { examTexts as text } from './texts';

const ExamsPage = lazy(() => import('./ExamsPage'));
const ReportCardsPage = lazy(() => import('./ReportCardsPage'));
const StudentExamsPage = lazy(() => import('./StudentExamsPage'));
const StudentResultsPage = lazy(() => import('./StudentResultsPage'));

const name = (body: Record<string, unknown>) => (typeof body.name === 'string' ? body.name : '');

export const examsFeature = defineFeature({
  name: 'exams',
  pages: {
    [`${adminHome}/exams`]: <ExamsPage />,
    [`${adminHome}/reportcards`]: <ReportCardsPage />,
    [`${studentHome}/exams`]: <StudentExamsPage />,
    [`${studentHome}/results`]: <StudentResultsPage />,
  },
  changes: {
    'exams.create': (body) => syncTexts.describe.recordCreate(text.changes.entity, name(body)),
    'exams.update': (body) => syncTexts.describe.recordUpdate(text.changes.entity, name(body)),
    'exams.delete': () => syncTexts.describe.recordDelete(text.changes.entity),
    'marks.enterSheet': (body) => text.changes.marksSheet(Array.isArray(body.entries) ? body.entries.length : 0),
    'exams.publish': (body) => text.changes.resultsPublished(String(body.examName ?? ''), String(body.className ?? '')),
    'results.remark': () => text.changes.remarkChanged,
  },
  // Loaded when used: the descriptor is in the first page's bundle, the copy's code (Dexie) is not.
  keep: (db, tenantId) => import('../../kit/school-copy').then(({ refreshSchoolCopy }) => refreshSchoolCopy(db, tenantId)),
});
