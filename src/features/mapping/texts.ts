/** English texts of the class-subject mapping screen (our own design). */
import { classLabel } from '../../../contract/class-label';

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const mappingTitles = {
  mapping: 'Class subjects',
};

export const mappingTexts = {
  /** The sync panel's lines for the mapping's and class teachers' changes (changes.ts). */
  changes: {
    entity: 'Class subject',
    classTeacher: (className: string) => `Class teacher of ${className}`,
  },
  classLabel: 'Class',
  chooseClass: 'Choose a class',
  chooseClassHint: 'Choose a class to see its subjects, who teaches each, and its class teacher.',
  noClasses: 'No classes on this device yet. Add classes first, or connect once so they arrive.',
  loading: 'Reading this device’s copy…',
  classTeacherHeading: 'Class teacher',
  classTeacherLabel: 'Class teacher',
  noTeacher: 'Not set',
  noTeacherOption: 'No class teacher',
  saveClassTeacher: 'Save class teacher',
  subjectsCaption: (name: string) => `Subjects of class ${name}`,
  subject: 'Subject',
  code: 'Code',
  teacher: 'Teacher',
  teacherFor: (subject: string) => `Teacher of ${subject}`,
  noSubjectTeacher: 'No teacher yet',
  saveTeacher: 'Save',
  saveTeacherLabel: (subject: string) => `Save the teacher of ${subject}`,
  remove: 'Remove',
  removeLabel: (subject: string) => `Remove ${subject} from this class`,
  removeTitle: 'Remove subject',
  removeQuestion: (subject: string, name: string) => `Remove ${subject} from class ${name}? Its teacher assignment goes too.`,
  empty: 'This class takes no subjects yet.',
  addHeading: 'Add a subject to this class',
  addSubject: 'Subject',
  chooseSubject: 'Choose a subject',
  addTeacher: 'Teacher (optional)',
  add: 'Add subject',
  allSubjectsAdded: 'This class already takes every subject. Add more subjects on the Subjects page.',
  noSubjects: 'No subjects yet. Add them on the Subjects page first.',
  readOnly: 'Only an administrator can change the class mapping.',
  noEngine: 'Sign in again to change the mapping on this device.',
  fullName: (className: string, classSection: string) => classLabel(className, classSection),
  teacherName: (first: string, last: string, employeeId: string | null) =>
    `${`${first} ${last}`.trim()}${employeeId ? ` (${employeeId})` : ''}`,
};
