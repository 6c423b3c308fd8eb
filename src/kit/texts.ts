/** English texts of the shared records list kit (our own design; the spec shows none). */
import { messages } from '../../contract/messages';
export const recordsKitTexts = {
  selectAll: 'Select every row on this page',
  selectRow: (label: string) => `Select ${label}`,
  actions: 'Actions',
  scrollHint: 'Swipe sideways to see every column.',
  pager: {
    label: 'Pages',
    previous: 'Previous',
    next: 'Next',
    previousLabel: 'Previous page',
    nextLabel: 'Next page',
    position: (page: number, count: number) => `Page ${page} of ${count}`,
    shown: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
  },
  search: {
    label: 'Search',
    column: 'Search in',
    allColumns: 'All columns',
    placeholder: 'Type to search',
    results: (count: number) => `${count} matching record${count === 1 ? '' : 's'}`,
  },
  rejected: {
    heading: 'Changes the school did not accept',
    actions: { create: 'Adding', update: 'Changing', delete: 'Deleting' } as Record<string, string>,
    line: (action: string, name: string, message: string) => `${action} ${name}: ${message}`,
    dismiss: 'Dismiss',
  },
  gender: { notGiven: 'Not given', names: { Male: 'Male', Female: 'Female', Other: 'Other' } },
  exportCsv: 'Export CSV',
  exportCsvLabel: (count: number) => `Export the ${count} record${count === 1 ? '' : 's'} shown as a CSV file`,
  exporting: 'Preparing…',
  exportFailed: 'The CSV file could not be made. Please try again.',
  upload: {
    heading: 'Upload a spreadsheet',
    file: 'Spreadsheet file',
    fileHint: (extensions: string, megabytes: number) => `${extensions}, at most ${megabytes} MB. The first row holds the column names.`,
    upload: 'Upload',
    uploading: 'Uploading…',
    progress: 'Upload progress',
    processing: 'Checking every row on the server…',
    offline: 'An upload needs a connection to the school. Connect to the internet to upload.',
    templates: 'Download a template',
    templateXlsx: 'Template (.xlsx)',
    templateCsv: 'Template (.csv)',
    templateFailed: 'The template could not be downloaded. Please try again.',
    counts: (total: number, created: number, updated: number, unchanged: number) =>
      `${total} row${total === 1 ? '' : 's'}: ${created} added, ${updated} updated, ${unchanged} unchanged.`,
    issuesCaption: 'Problems found in the file',
    row: 'Row',
    column: 'Column',
    problem: 'Problem',
    truncated: (shown: number, total: number) => `The first ${shown} of ${total} problems are listed.`,
  },
  confirm: {
    cancel: 'Cancel',
    /** The spec's words when a delete is cancelled (section 8, "Others"), for every list. */
    deletionCancelled: messages.students.deletionCancelled,
  },
  savedOffline: 'Saved on this device. It will reach the school when you are online.',
  savedOnline: 'Saved on this device and on its way to the school.',
  /** The family screens' child switcher (src/kit/ChildChooser.tsx). */
  chooseChild: 'Child',
  /** The dashboards' homework tile (src/kit/homework-week.ts). */
  homeworkTile: (dueThisWeek: number, notDone: number) => `${dueThisWeek} due this week · ${notDone} not done`,
  familyHomeworkTile: (dueThisWeek: number, notDone: number, overdue: number) =>
    `${dueThisWeek} due this week · ${notDone} not done${overdue > 0 ? `, ${overdue} of them overdue` : ''}`,
};
