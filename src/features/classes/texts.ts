/** English texts of the classes screen (our own design; the spec's strings are in contract/messages). */
import { classLabel } from '../../../contract/class-label';

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const classesTitles = {
  classes: 'Classes',
};

export const classesTexts = {
  /** The sync panel's lines for classes waiting or refused (changes.ts). */
  changes: {
    created: (name: string) => `New class ${name}`,
    updated: (name: string) => `Class ${name} changed`,
    deleted: (name: string) => `Class ${name} deleted`,
  },
  caption: 'Classes',
  className: 'Class',
  classSection: 'Section',
  classTeacher: 'Class teacher',
  students: 'Students',
  noClassTeacher: 'Not set',
  filterLabel: 'Class',
  allClasses: 'All classes',
  searchDisabled: 'Search is off while a class is chosen. Choose “All classes” to search.',
  matches: (count: number) => `${count} class${count === 1 ? '' : 'es'} found`,
  empty: 'No classes yet. Add one or upload a spreadsheet.',
  noMatches: 'No class matches.',
  loading: 'Reading this device’s copy…',
  add: 'Add class',
  edit: 'Edit',
  editLabel: (name: string) => `Edit class ${name}`,
  remove: 'Delete',
  removeLabel: (name: string) => `Delete class ${name}`,
  notYours: 'Only the classes you teach can be changed.',
  addTitle: 'Add a class',
  editTitle: (name: string) => `Edit class ${name}`,
  classNameHint: 'For example VI, 6 or Class 6 (stored as VI), Nursery, LKG.',
  classSectionHint: 'Optional, for example A.',
  save: 'Save',
  cancel: 'Cancel',
  deleteTitle: 'Delete class',
  deleteQuestion: (name: string) => `Delete class ${name}? This cannot be undone.`,
  uploadHeading: 'Upload classes',
  noEngine: 'Sign in again to change classes on this device.',
  fullName: (className: string, classSection: string) => classLabel(className, classSection),
};
