import type { SyncEntity } from '../../contract/sync-entities';

/**
 * English texts of the first sync's wait (WaitForFirstSync.tsx; our own design, the spec shows
 * none): a screen whose records have not all arrived says what has and what is left, never a
 * figure it does not have. Entity names by mirror table.
 */
export const firstSyncTexts = {
  heading: 'The school’s records are still arriving on this device',
  online: 'This screen opens as soon as they are all here, so that it shows nothing this device does not have yet.',
  offline: 'This device is offline. Receiving them goes on when it is back online.',
  serverDown: 'The school’s server is not answering. Receiving them goes on when it answers.',
  notStarted: 'Nothing has arrived yet: connect to the internet once so the school’s records can come to this device.',
  signIn: 'Sign in again so the rest can arrive.',
  reading: 'Reading this device…',
  listLabel: 'What this screen needs',
  of: (name: string, received: string, expected: string) => `${name}: ${received} of ${expected}`,
  soFar: (name: string, received: string) => `${name}: ${received} so far`,
  done: (name: string, count: string) => `${name}: all ${count} here`,
  total: (received: string, expected: string, pages: number) => `${received} of ${expected} records in all · ${pages} ${pages === 1 ? 'page' : 'pages'} received`,
  totalSoFar: (received: string, pages: number) => `${received} records so far · ${pages} ${pages === 1 ? 'page' : 'pages'} received`,
  progressLabel: 'Records received',
  entities: {
    classes: 'Classes',
    students: 'Students',
    teachers: 'Teachers',
    attendance: 'Attendance marks',
    subjects: 'Subjects',
    classSubjects: 'Who teaches what',
    admissions: 'Admissions',
    certificates: 'Certificates',
    homework: 'Homework',
    homeworkDone: 'Homework done',
    timetablePeriods: 'Bell schedule',
    timetable: 'Timetable',
    timetableLimits: 'Timetable limits',
    timetableSubstitutions: 'Substitutions',
    teacherAttendance: 'Staff attendance',
    feeHeads: 'Fee heads',
    feeStructures: 'Fee structures',
    feeConcessions: 'Fee concessions',
    feeReceipts: 'Fee receipts',
    notifications: 'Notifications',
    notificationReads: 'Notifications read',
    notificationCounts: 'Read figures',
    exams: 'Exams',
    marks: 'Marks',
    results: 'Results',
    events: 'Events',
  } satisfies Record<SyncEntity, string>,
};
