/** English texts of the subjects screen (our own design; the spec's strings are in contract/messages). */

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const subjectsTitles = {
  subjects: 'Subjects',
};

export const subjectsTexts = {
  /** The sync panel's lines for subjects' changes (changes.ts). */
  changes: { entity: 'Subject' },
  caption: 'Subjects',
  subjectName: 'Subject',
  subjectCode: 'Code',
  classes: 'Classes',
  empty: 'No subjects yet. Add the subjects your school teaches.',
  noMatches: 'No subject matches.',
  loading: 'Reading this device’s copy…',
  matches: (count: number) => `${count} subject${count === 1 ? '' : 's'} found`,
  add: 'Add subject',
  edit: 'Edit',
  editLabel: (name: string) => `Edit subject ${name}`,
  remove: 'Delete',
  removeLabel: (name: string) => `Delete subject ${name}`,
  readOnly: 'Only an administrator can change subjects.',
  addTitle: 'Add a subject',
  editTitle: (name: string) => `Edit subject ${name}`,
  subjectNameHint: 'For example Mathematics or Hindi.',
  subjectCodeHint: 'Optional, for example 041.',
  save: 'Save',
  cancel: 'Cancel',
  deleteTitle: 'Delete subject',
  deleteQuestion: (name: string) => `Delete subject ${name}? This cannot be undone.`,
  noEngine: 'Sign in again to change subjects on this device.',
};
