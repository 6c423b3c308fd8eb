/** The sync panel's words for admissions and certificates (src/sync-binding/describe.ts). */
import { messages } from '../../../contract/messages';
import { say } from '../../i18n';
import { defineChanges, personName, record } from '../../sync-binding/describe';
import { recordsTexts } from './texts';

const text = recordsTexts.changes;
const certificateTitles: Record<string, string> = messages.certificates.titles;

export default defineChanges({
  lines: {
    'admissions.create': (body) => {
      const name = personName(record(body.student));
      return name ? text.admit({ name }) : text.admitUnnamed;
    },
    'admissions.update': (body) => {
      const name = personName(record(body.student));
      return name ? text.admissionUpdate({ name }) : text.admissionUpdateUnnamed;
    },
    'admissions.cancel': () => text.admissionCancel,
    'certificates.issue': (body) => text.certificate({ title: say(certificateTitles[String(body.kind)] ?? String(body.kind ?? '')) }),
  },
  values: (kind, values) => {
    // An admission's student is listed field by field with the register entry's.
    if (kind === 'admissions.create' || kind === 'admissions.update') return { ...values, ...record(values.student) };
    // A certificate's kind is its title.
    if (typeof values.kind === 'string') return { ...values, kind: say(certificateTitles[values.kind] ?? values.kind) };
    return values;
  },
  hidden: ['student', 'admissionYear', 'admissionSeq', 'print'],
});
