/**
 * Every page of the admin/teacher and student/parent areas (spec section 2): the router declares a
 * route for each (its page comes from a feature: src/app/features.ts), the dashboards show the `tile`
 * ones. A section without a page fails the app's start (src/app/routes.tsx) and its test.
 */
import type { Texts } from '../i18n/en';

export type TitleKey = keyof Texts['titles'];

export interface Section {
  path: string;
  title: TitleKey;
  /** Where the page header's back button goes. */
  back: string;
  /** Shown as a tile on the area's dashboard. */
  tile?: boolean;
  /** Only an admin gets the tile: the server refuses a teacher everything the screen does. */
  adminOnly?: boolean;
}

export const adminHome = '/admin';
export const studentHome = '/student';
export const settingsPath = '/settings';

const a = (path: string, title: TitleKey, back: string = adminHome, tile = false): Section => ({
  path: `${adminHome}${path}`,
  title,
  back,
  tile,
});

export const adminSections: readonly Section[] = [
  { ...a('/records', 'records', adminHome, true) },
  { ...a('/records/newadmission', 'newAdmission', '/admin/records') },
  { ...a('/records/edit/:admissionNumber', 'editAdmission', '/admin/records') },
  { ...a('/records/printbonafide/:id', 'printBonafide', '/admin/records') },
  { ...a('/records/printtc/:id', 'printTc', '/admin/records') },
  { ...a('/records/printstudentdetails/:id', 'printStudentDetails', '/admin/records') },
  { ...a('/students', 'students', adminHome, true) },
  { ...a('/students/add', 'addStudent', '/admin/students') },
  { ...a('/students/edit/:id', 'editStudent', '/admin/students') },
  { ...a('/classes', 'classes', adminHome, true) },
  { ...a('/attendance', 'attendance', adminHome, true) },
  { ...a('/mark-attendance', 'markAttendance', '/admin/attendance', true) },
  { ...a('/teachers', 'teachers', adminHome, true) },
  { ...a('/teachers/add', 'addTeacher', '/admin/teachers') },
  { ...a('/teachers/edit/:teacherId', 'editTeacher', '/admin/teachers') },
  { ...a('/teacher-attendance', 'teacherAttendance', adminHome, true) },
  { ...a('/teacher-attendance/monthly/:monthYear', 'teacherAttendanceMonthly', '/admin/teacher-attendance') },
  { ...a('/subjects', 'subjects', adminHome, true) },
  { ...a('/mapping', 'mapping', adminHome, true) },
  { ...a('/homework', 'homework', adminHome, true) },
  { ...a('/homework/add', 'addHomework', '/admin/homework') },
  { ...a('/notifications', 'notifications', adminHome, true) },
  { ...a('/addnotification', 'addNotification', '/admin/notifications') },
  { ...a('/editnotification/:notificationId', 'editNotification', '/admin/notifications') },
  // Teachers hold no receipts on their devices (server/modules/fees/sync-source.ts); collecting is the admin's.
  { ...a('/fee', 'fees', adminHome, true), adminOnly: true },
  { ...a('/addfee', 'addFee', '/admin/fee') },
  { ...a('/fees/edit/:receiptId', 'editFee', '/admin/fee') },
  { ...a('/fees/details/:receiptId', 'feeDetails', '/admin/fee') },
  { ...a('/timetable', 'timetable', adminHome, true) },
  { ...a('/timetable/add', 'addTimetable', '/admin/timetable') },
  { ...a('/timetable/edit/:id', 'editTimetable', '/admin/timetable') },
  { ...a('/events', 'events', adminHome, true) },
  { ...a('/events/add', 'addEvent', '/admin/events') },
  { ...a('/events/edit/:eventId', 'editEvent', '/admin/events') },
  { ...a('/exams', 'exams', adminHome, true) },
  { ...a('/reportcards', 'reportCards', adminHome, true) },
  { ...a('/schools', 'schools', adminHome, true) },
  // Every /accounts route is admin-only (server/modules/accounts/routes.ts).
  { ...a('/accounts', 'accounts', adminHome, true), adminOnly: true },
  { ...a('/profile', 'adminProfile', adminHome, true) },
];

const s = (path: string, title: TitleKey, back: string = studentHome, tile = false): Section => ({
  path: `${studentHome}${path}`,
  title,
  back,
  tile,
});

export const studentSections: readonly Section[] = [
  { ...s('/profile', 'studentProfile', studentHome, true) },
  { ...s('/homework', 'homework', studentHome, true) },
  { ...s('/attendance', 'attendance', studentHome, true) },
  { ...s('/timetable', 'timetable', studentHome, true) },
  { ...s('/exams', 'exams', studentHome, true) },
  { ...s('/results', 'results', studentHome, true) },
  { ...s('/notifications', 'notifications', studentHome, true) },
  { ...s('/events', 'events', studentHome, true) },
  { ...s('/fees', 'fees', studentHome, true) },
  { ...s('/fees/details/:receiptId', 'feeDetails', '/student/fees') },
];

/** The settings tile both dashboards end with (its screen exists). */
export const settingsSection: Section = { path: settingsPath, title: 'settings', back: '/home', tile: true };
