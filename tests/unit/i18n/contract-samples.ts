/**
 * Each of the spec's messages that takes values (contract/messages.ts and the modules' message
 * objects), called with sample
 * arguments, and the same values by the names its ICU form in messages.po gives them. The catalog
 * tests check the two write the same English; the translation tests check the device recognises it.
 */
import { calendarMessages } from '../../../contract/calendar-dates';
import { eventMessages } from '../../../contract/events';
import { examMessages, markMessages, resultMessages } from '../../../contract/exams';
import { feeMessages } from '../../../contract/fees';
import { homeworkMessages } from '../../../contract/homework';
import { messages } from '../../../contract/messages';
import { notificationMessages } from '../../../contract/notifications';
import { teacherAttendanceMessages } from '../../../contract/teacher-attendance';
import { timetableMessages } from '../../../contract/timetable';
import { yearMessages } from '../../../contract/years';
import { paymentMessages } from '../../../contract/payments';
import { leaveMessages } from '../../../contract/leave';
import { messagingMessages } from '../../../contract/messaging';
import { sharedMessages } from '../../../contract/shared';

/**
 * The modules' own message objects, each under the id prefix its messages have in messages.po
 * (`Api` where the module's name is already an area's prefix: ids are unique across areas).
 */
export const moduleMessages: Record<string, object> = {
  calendarDatesApi: calendarMessages,
  eventsApi: eventMessages,
  examsApi: examMessages,
  marksApi: markMessages,
  resultsApi: resultMessages,
  feesApi: feeMessages,
  homeworkApi: homeworkMessages,
  notificationsApi: notificationMessages,
  teacherAttendanceApi: teacherAttendanceMessages,
  timetableApi: timetableMessages,
  yearsApi: yearMessages,
  paymentsApi: paymentMessages,
  leaveApi: leaveMessages,
  messagingApi: messagingMessages,
  sharedApi: sharedMessages,
};

/** Every message of contract/messages.ts and of the modules' objects, by the root of its id. */
export const contractMessageRoots: Record<string, unknown> = { ...messages, ...moduleMessages };

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
  'teacherAttendanceApi.savedWithConflicts': [one([1], { count: 1 }), one([4], { count: 4 })],
  'examsApi.incomplete': [one([1], { missing: 1 }), one([12], { missing: 12 })],
  'marksApi.outOfRange': [one([80], { max: 80 })],
  'marksApi.unknownGrade': [one([['A1', 'A2', 'B1']], { grades: 'A1, A2, B1' })],
  'resultsApi.publishedTitle': [one(['Half-yearly 2026'], { exam: 'Half-yearly 2026' })],
  'resultsApi.publishedMessage': [one(['Half-yearly 2026', 'V A'], { exam: 'Half-yearly 2026', className: 'V A' })],
  'eventsApi.time': [one(['Start time'], { label: 'Start time' })],
  'eventsApi.tooLong': [one([60], { days: 60 })],
  'eventsApi.announced': [
    one(['holiday', 'Diwali'], { kind: 'holiday', title: 'Diwali' }),
    one(['exam', 'Unit test 1'], { kind: 'exam', title: 'Unit test 1' }),
    one(['meeting', 'PTM'], { kind: 'meeting', title: 'PTM' }),
    one(['event', 'Sports day'], { kind: 'event', title: 'Sports day' }),
    one(['other', 'Sports day'], { kind: 'other', title: 'Sports day' }),
  ],
  'eventsApi.announcedChange': [one(['Sports day'], { title: 'Sports day' })],
  'eventsApi.announcedCancel': [one(['Sports day'], { title: 'Sports day' })],
  'eventsApi.announcedCancelMessage': [one(['23/11/2026 to 25/11/2026'], { dates: '23/11/2026 to 25/11/2026' })],
  'homeworkApi.tooManyAttachments': [one([5], { max: 5 })],
  'homeworkApi.attachmentTooLarge': [one([10], { megabytes: 10 })],
  'feesApi.headNameTaken': [one(['Tuition'], { name: 'Tuition' })],
  'feesApi.structureExists': [one(['2026-27'], { academicYear: '2026-27' })],
  'feesApi.collected': [one(['R/2026/0042'], { receiptNumber: 'R/2026/0042' })],
  'feesApi.corrected': [one(['R/2026/0042', 'R/2026/0043'], { cancelled: 'R/2026/0042', issued: 'R/2026/0043' })],
  'feesApi.cancelled': [one(['R/2026/0042'], { receiptNumber: 'R/2026/0042' })],
  'feesApi.overpaid': [one(['Tuition (Apr)'], { label: 'Tuition (Apr)' })],
  'feesApi.paidOnTooEarly': [one(['01/04/2025'], { from: '01/04/2025' })],
  'feesApi.backdatedReason': [one(['₹150.00', '10/11/2026'], { amount: '₹150.00', paidOn: '10/11/2026' })],
  'feesApi.remindersSent': [one([1], { count: 1 }), one([8], { count: 8 })],
  'feesApi.reminderMessage': [one(['Aarav Sharma', '₹12,500.00', '10/11/2026'], { studentName: 'Aarav Sharma', amount: '₹12,500.00', since: '10/11/2026' })],
  'feesApi.paise': [one(['Amount'], { label: 'Amount' })],
  'feesApi.installmentCount': [
    one(['monthly', [12]], { frequency: 'monthly', counts: '12', several: 'yes' }),
    one(['quarterly', [4, 3]], { frequency: 'quarterly', counts: '4 or 3', several: 'yes' }),
    one(['once', [1]], { frequency: 'once', counts: '1', several: 'no' }),
  ],
  'feesApi.dueOutsideYear': [one(['2026-27'], { academicYear: '2026-27' })],
  'timetableApi.time': [one(['Start'], { label: 'Start' })],
  'timetableApi.endBeforeStart': [one(['Period 3'], { name: 'Period 3' })],
  'timetableApi.periodsOverlap': [one(['Period 2', 'Break', 'Monday'], { first: 'Period 2', second: 'Break', day: 'Monday' })],
  'timetableApi.tooManyPeriods': [one(['Saturday', 12], { day: 'Saturday', max: 12 })],
  'paymentsApi.refunded': [one(['RCPT/2026-27/00042'], { receiptNumber: 'RCPT/2026-27/00042' })],
  'yearsApi.started': [one(['2027-28'], { label: '2027-28' })],
  'yearsApi.undone': [one(['2027-28', '2026-27'], { label: '2027-28', current: '2026-27' })],
  'yearsApi.alreadyStarted': [one(['2027-28'], { label: '2027-28' })],
  'yearsApi.notNext': [one(['2027-28'], { label: '2027-28' })],
  'yearsApi.notStarted': [one(['2027-28'], { label: '2027-28' })],
  'timetableApi.periodInUse': [one(['Period 4', 'Tuesday'], { name: 'Period 4', day: 'Tuesday' })],
  'timetableApi.slotTaken': [one(['II A'], { className: 'II A' })],
  'timetableApi.teacherClash': [one(['Sunita Rao', 'VII B'], { teacherName: 'Sunita Rao', className: 'VII B' })],
  'timetableApi.roomClash': [one(['12', 'VII B'], { room: '12', className: 'VII B' })],
  'timetableApi.overLimit': [one(['Mathematics', 7, 6], { subjectName: 'Mathematics', count: 7, limit: 6 })],
  'timetableApi.perWeek': [one([12], { max: 12 })],
  'timetableApi.substituteNotFree': [one(['Sunita Rao'], { teacherName: 'Sunita Rao' })],
  'timetableApi.substituteIsAbsent': [one(['Sunita Rao'], { teacherName: 'Sunita Rao' })],
};

/** The message (a text or a function) at a dotted path of contract/messages.ts or a module's object. */
export function contractMessageAt(id: string): unknown {
  return id.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], contractMessageRoots);
}
