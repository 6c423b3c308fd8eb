/**
 * Every page of the admin/teacher and student/parent areas (spec section 2): the router declares a
 * route for each, the dashboards show the `tile` ones. `ready` marks screens that are built; the
 * others render the shared "on its way" placeholder until their issue lands.
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
  /** The screen exists (otherwise the route shows the placeholder). */
  ready?: boolean;
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
  { ...a('/records', 'records', adminHome, true), ready: true },
  { ...a('/records/newadmission', 'newAdmission', '/admin/records'), ready: true },
  { ...a('/records/edit/:admissionNumber', 'editAdmission', '/admin/records'), ready: true },
  { ...a('/records/printbonafide/:id', 'printBonafide', '/admin/records'), ready: true },
  { ...a('/records/printtc/:id', 'printTc', '/admin/records'), ready: true },
  { ...a('/records/printstudentdetails/:id', 'printStudentDetails', '/admin/records'), ready: true },
  { ...a('/students', 'students', adminHome, true), ready: true },
  { ...a('/students/add', 'addStudent', '/admin/students'), ready: true },
  { ...a('/students/edit/:id', 'editStudent', '/admin/students'), ready: true },
  { ...a('/classes', 'classes', adminHome, true), ready: true },
  { ...a('/attendance', 'attendance', adminHome, true), ready: true },
  { ...a('/mark-attendance', 'markAttendance', '/admin/attendance', true), ready: true },
  { ...a('/teachers', 'teachers', adminHome, true), ready: true },
  { ...a('/teachers/add', 'addTeacher', '/admin/teachers'), ready: true },
  { ...a('/teachers/edit/:teacherId', 'editTeacher', '/admin/teachers'), ready: true },
  { ...a('/teacher-attendance', 'teacherAttendance', adminHome, true), ready: true },
  { ...a('/teacher-attendance/monthly/:monthYear', 'teacherAttendanceMonthly', '/admin/teacher-attendance'), ready: true },
  { ...a('/subjects', 'subjects', adminHome, true), ready: true },
  { ...a('/mapping', 'mapping', adminHome, true), ready: true },
  { ...a('/homework', 'homework', adminHome, true), ready: true },
  { ...a('/homework/add', 'addHomework', '/admin/homework'), ready: true },
  { ...a('/notifications', 'notifications', adminHome, true), ready: true },
  { ...a('/addnotification', 'addNotification', '/admin/notifications'), ready: true },
  { ...a('/editnotification/:notificationId', 'editNotification', '/admin/notifications'), ready: true },
  // Teachers hold no receipts on their devices (server/modules/fees/sync-source.ts); collecting is the admin's.
  { ...a('/fee', 'fees', adminHome, true), ready: true, adminOnly: true },
  { ...a('/addfee', 'addFee', '/admin/fee'), ready: true },
  { ...a('/fees/edit/:receiptId', 'editFee', '/admin/fee'), ready: true },
  { ...a('/fees/details/:receiptId', 'feeDetails', '/admin/fee'), ready: true },
  { ...a('/timetable', 'timetable', adminHome, true), ready: true },
  { ...a('/timetable/add', 'addTimetable', '/admin/timetable'), ready: true },
  { ...a('/timetable/edit/:id', 'editTimetable', '/admin/timetable'), ready: true },
  { ...a('/events', 'events', adminHome, true), ready: true },
  { ...a('/events/add', 'addEvent', '/admin/events'), ready: true },
  { ...a('/events/edit/:eventId', 'editEvent', '/admin/events'), ready: true },
  { ...a('/exams', 'exams', adminHome, true), ready: true },
  { ...a('/reportcards', 'reportCards', adminHome, true), ready: true },
  { ...a('/schools', 'schools', adminHome, true), ready: true },
  // Every /accounts route is admin-only (server/modules/accounts/routes.ts).
  { ...a('/accounts', 'accounts', adminHome, true), ready: true, adminOnly: true },
  { ...a('/profile', 'adminProfile', adminHome, true), ready: true },
];

const s = (path: string, title: TitleKey, back: string = studentHome, tile = false): Section => ({
  path: `${studentHome}${path}`,
  title,
  back,
  tile,
});

export const studentSections: readonly Section[] = [
  { ...s('/profile', 'studentProfile', studentHome, true), ready: true },
  { ...s('/homework', 'homework', studentHome, true), ready: true },
  { ...s('/attendance', 'attendance', studentHome, true), ready: true },
  { ...s('/timetable', 'timetable', studentHome, true), ready: true },
  { ...s('/exams', 'exams', studentHome, true), ready: true },
  { ...s('/results', 'results', studentHome, true), ready: true },
  { ...s('/notifications', 'notifications', studentHome, true), ready: true },
  { ...s('/events', 'events', studentHome, true), ready: true },
  { ...s('/fees', 'fees', studentHome, true), ready: true },
  { ...s('/fees/details/:receiptId', 'feeDetails', '/student/fees'), ready: true },
];

/** The settings tile both dashboards end with (its screen exists). */
export const settingsSection: Section = { path: settingsPath, title: 'settings', back: '/home', tile: true, ready: true };
