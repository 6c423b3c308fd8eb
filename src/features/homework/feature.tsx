/** The homework feature's descriptor: its pages and the sync panel's words for its changes (src/kit/feature.ts). */
import { lazy } from 'react';
import { defineFeature } from '../../kit/feature';
import { adminHome, studentHome } from '../../navigation/sections';
import { syncTexts } from '../../sync-binding/texts';
import { homeworkTexts as text } from './texts';

const HomeworkPage = lazy(() => import('./HomeworkPage'));
const HomeworkFormPage = lazy(() => import('./HomeworkFormPage'));
const StudentHomeworkPage = lazy(() => import('./StudentHomeworkPage'));

const title = (body: Record<string, unknown>) => (typeof body.title === 'string' ? body.title : '');

export const homeworkFeature = defineFeature({
  name: 'homework',
  pages: {
    [`${adminHome}/homework`]: <HomeworkPage />,
    [`${adminHome}/homework/add`]: <HomeworkFormPage />,
    [`${studentHome}/homework`]: <StudentHomeworkPage />,
  },
  changes: {
    'homework.create': (body) => syncTexts.describe.recordCreate(text.changes.entity, title(body)),
    'homework.update': (body) => syncTexts.describe.recordUpdate(text.changes.entity, title(body)),
    'homework.delete': () => syncTexts.describe.recordDelete(text.changes.entity),
    'homework.done': (body) => text.changes.done(body.done === true),
    'homework.removeAttachment': (body) => text.changes.attachmentRemoved(String(body.fileName ?? ''), title(body)),
  },
});
