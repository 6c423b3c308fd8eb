/**
 * The features of the signed-in areas (src/kit/feature.ts, docs/adding-a-module.md "Client side"): a
 * new feature adds its import and its line here, and nothing else of the app. The app's routes are
 * built from this list (src/app/routes.tsx buildRoutes): the router takes their pages, the
 * dashboards and the notification form their sections (RootLayout hands them down), the sync panel
 * their words for waiting and refused changes (registered with the routes, loaded when the panel
 * opens), and use-kept-copies.ts their `keep`.
 */
import { accountsFeature } from '../features/accounts/feature';
import { yearFeature } from '../features/year/feature';
import { leaveFeature } from '../features/leave/feature';
import { adminFeature } from '../features/admin/feature';
import { attendanceFeature } from '../features/attendance/feature';
import { classesFeature } from '../features/classes/feature';
import { eventsFeature } from '../features/events/feature';
import { examsFeature } from '../features/exams/feature';
import { feesFeature } from '../features/fees/feature';
import { homeworkFeature } from '../features/homework/feature';
import { mappingFeature } from '../features/mapping/feature';
import { notificationsFeature } from '../features/notifications/feature';
import { profileFeature } from '../features/profile/feature';
import { recordsFeature } from '../features/records/feature';
import { schoolsFeature } from '../features/schools/feature';
import { settingsFeature } from '../features/settings/feature';
import { studentFeature } from '../features/student/feature';
import { studentsFeature } from '../features/students/feature';
import { subjectsFeature } from '../features/subjects/feature';
import { teacherAttendanceFeature } from '../features/teacher-attendance/feature';
import { teachersFeature } from '../features/teachers/feature';
import { timetableFeature } from '../features/timetable/feature';
import type { Feature } from '../kit/feature';

export const features: readonly Feature[] = [
  adminFeature,
  studentFeature,
  settingsFeature,
  profileFeature,
  recordsFeature,
  studentsFeature,
  classesFeature,
  attendanceFeature,
  teachersFeature,
  teacherAttendanceFeature,
  subjectsFeature,
  mappingFeature,
  homeworkFeature,
  notificationsFeature,
  feesFeature,
  timetableFeature,
  eventsFeature,
  examsFeature,
  schoolsFeature,
  accountsFeature,
  yearFeature,
  leaveFeature,
];
