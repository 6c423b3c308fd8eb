/** The staff attendance feature's descriptor: its pages and the sync panel's words for its changes (src/kit/feature.ts). */
import { lazy } from 'react';
import { defineFeature } from '../../kit/feature';
import { adminHome } from '../../navigation/sections';
import { teacherAttendanceTexts as text } from './texts';

const TeacherAttendancePage = lazy(() => import('./TeacherAttendancePage'));
const MonthlyRegisterPage = lazy(() => import('./MonthlyRegisterPage'));

export const teacherAttendanceFeature = defineFeature({
  name: 'teacher-attendance',
  pages: {
    [`${adminHome}/teacher-attendance`]: <TeacherAttendancePage />,
    [`${adminHome}/teacher-attendance/monthly/:monthYear`]: <MonthlyRegisterPage />,
  },
  changes: {
    'teacherAttendance.markSheet': (body) => text.changes.staffSheet(String(body.date ?? ''), Array.isArray(body.entries) ? body.entries.length : 0),
  },
});
