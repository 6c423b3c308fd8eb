/** The timetable feature's descriptor: its pages and the sync panel's words for its changes (src/kit/feature.ts). */
import { lazy } from 'react';
import { defineFeature } from '../../kit/feature';
import { adminHome, studentHome } from '../../navigation/sections';
import { syncTexts } from '../../sync-binding/texts';
import { timetableTexts as text } from './texts';

const TimetablePage = lazy(() => import('./TimetablePage'));
const TimetableFormPage = lazy(() => import('./TimetableFormPage'));
const StudentTimetablePage = lazy(() => import('./StudentTimetablePage'));

export const timetableFeature = defineFeature({
  name: 'timetable',
  pages: {
    [`${adminHome}/timetable`]: <TimetablePage />,
    [`${adminHome}/timetable/add`]: <TimetableFormPage />,
    [`${adminHome}/timetable/edit/:id`]: <TimetableFormPage />,
    [`${studentHome}/timetable`]: <StudentTimetablePage />,
  },
  changes: {
    'timetable.create': () => syncTexts.describe.recordCreate(text.changes.entry, ''),
    'timetable.update': () => syncTexts.describe.recordUpdate(text.changes.entry, ''),
    'timetable.delete': () => syncTexts.describe.recordDelete(text.changes.entry),
    'timetableSubstitutions.create': () => syncTexts.describe.recordCreate(text.changes.substitution, ''),
    'timetableSubstitutions.delete': () => syncTexts.describe.recordDelete(text.changes.substitution),
    'timetablePeriods.replace': () => syncTexts.describe.recordUpdate(text.changes.periods, ''),
  },
});
