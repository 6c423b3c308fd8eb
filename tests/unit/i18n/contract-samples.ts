/**
 * Each of the spec's messages that takes values (contract/messages.ts), called with sample
 * arguments, and the same values by the names its ICU form in messages.po gives them. The catalog
 * tests check the two write the same English; the translation tests check the device recognises it.
 */
import { messages } from '../../../contract/messages';

export interface Sample {
  args: unknown[];
  values: Record<string, string | number>;
}

const one = (args: unknown[], values: Record<string, string | number>): Sample => ({ args, values });

export const contractSamples: Record<string, Sample[]> = {
  'status.other': [one([418], { code: 418 })],
  'contact.tooLong': [one(['Full name', 200], { field: 'Full name', max: 200 })],
  'contact.duplicate': [one(['contacted_clients_email_key'], { constraint: 'contacted_clients_email_key' })],
  'contact.tooManyRequests': [one([42], { seconds: 42 })],
  'recovery.tooManyRequests': [one([60], { seconds: 60 })],
  'classes.fetchOneFailed': [one(['c-1'], { id: 'c-1' })],
  'classes.hasStudents': [one([1], { count: 1 }), one([3], { count: 3 })],
  'students.deleteFailed': [one(['Aarav Sharma', 'Student not found.'], { name: 'Aarav Sharma', error: 'Student not found.' })],
  'records.fields.required': [one(['First name'], { field: 'First name' })],
  'records.fields.text': [one(['Address'], { field: 'Address' })],
  'records.fields.tooLong': [one(['Address', 500], { field: 'Address', max: 500 })],
  'records.fields.email': [one(['Email ID'], { field: 'Email ID' })],
  'records.fields.date': [one(['Date of birth'], { field: 'Date of birth' })],
  'records.fields.pastDate': [one(['Date of birth'], { field: 'Date of birth' })],
  'records.fields.mobile': [one(['Phone number'], { field: 'Phone number' })],
  'records.fields.phone': [one(['Alternate number'], { field: 'Alternate number' })],
  'records.fields.uuid': [one(['Class'], { field: 'Class' })],
  'subjects.stillMapped': [one([1], { count: 1 }), one([4], { count: 4 })],
  'admissions.added': [one(['2025-0042'], { admissionNumber: '2025-0042' })],
  'admissions.numberTaken': [one(['2025-0042'], { admissionNumber: '2025-0042' })],
  'admissions.dateOutsideYear': [one(['2025-26'], { academicYear: '2025-26' })],
  'certificates.issued': [one(['TC/2025/0007'], { serial: 'TC/2025/0007' })],
  'imports.tooLarge': [one([5], { megabytes: 5 })],
  'imports.tooManyRows': [one([5000], { max: 5000 })],
  'imports.rejected': [one([1], { count: 1 }), one([7], { count: 7 })],
  'imports.unknownColumn': [one(['fatherNmae'], { name: 'fatherNmae' })],
  'imports.missingColumn': [one(['firstName'], { name: 'firstName' })],
  'imports.duplicateColumn': [one(['rollNumber'], { name: 'rollNumber' })],
  'imports.duplicateInFile': [one(['admission ID', 12], { field: 'admission ID', row: 12 })],
  'imports.classNotFound': [one(['IX C'], { name: 'IX C' })],
  'imports.otherSchool': [one(['Green School'], { schoolName: 'Green School' })],
  'imports.cellTooLong': [one([1000], { max: 1000 })],
  'absenceAlerts.title': [one(['Aarav', 'absent'], { name: 'Aarav', status: 'absent' }), one(['Aarav', 'late'], { name: 'Aarav', status: 'late' })],
  'absenceAlerts.message': [
    one(['Aarav', 'absent', '23/11/2026', 'V A'], { name: 'Aarav', status: 'absent', date: '23/11/2026', className: 'V A' }),
    one(['Aarav', 'late', '23/11/2026', 'V A'], { name: 'Aarav', status: 'late', date: '23/11/2026', className: 'V A' }),
  ],
  'absenceAlerts.correctionTitle': [one(['Aarav', 'present'], { name: 'Aarav', status: 'present' }), one(['Aarav', 'leave'], { name: 'Aarav', status: 'leave' })],
  'absenceAlerts.correctionMessage': [
    one(['Aarav', 'present', '23/11/2026', 'V A'], { name: 'Aarav', status: 'present', date: '23/11/2026', className: 'V A' }),
    one(['Aarav', 'leave', '23/11/2026', 'V A'], { name: 'Aarav', status: 'leave', date: '23/11/2026', className: 'V A' }),
  ],
  'syncPush.answered': [
    one([1, 1], { ran: 1, sent: 1, all: 'yes' }),
    one([5, 5], { ran: 5, sent: 5, all: 'yes' }),
    one([2, 5], { ran: 2, sent: 5, all: 'no' }),
  ],
  'attendance.savedWithConflicts': [one([1], { count: 1 }), one([3], { count: 3 })],
  'common.rateLimited': [one([30], { seconds: 30 })],
  'sync.waiting': [one([1], { count: 1 }), one([12], { count: 12 })],
};

/** The message (a text or a function) at a dotted path of contract/messages.ts. */
export function contractMessageAt(id: string): unknown {
  return id.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], messages);
}
