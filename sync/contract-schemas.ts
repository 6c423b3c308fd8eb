/**
 * The contract's modules with zod schemas that the engine uses, in one chunk loaded by
 * contract.ts `loadContract()` (not at start: docs/decisions.md "Cold start"). Kinds reach them
 * through `lazy()`; nothing else imports this module.
 */
export { admissionSchema, admissionUpdateSchema } from '../contract/admission';
export { markSheetResultSchema } from '../contract/attendance';
export { tokenClaimsSchema } from '../contract/auth';
export { bonafideInputSchema, certificateSchema, studentDetailsInputSchema, transferInputSchema } from '../contract/certificate';
export { classSchema } from '../contract/class';
export { classSubjectInputSchema, classSubjectSchema } from '../contract/class-subject';
export { answerEnvelopeSchema, deletedSchema } from '../contract/envelope';
export { eventInputSchema, eventPaths, eventSchema } from '../contract/events';
export { resultSchema } from '../contract/exam-results';
export { examInputSchema, examPaths, examSchema, markPaths, markSheetResultSchema as examMarkSheetResultSchema, resultPaths } from '../contract/exams';
export {
  feeConcessionInputSchema,
  feeConcessionPaths,
  feeConcessionSchema,
  feeCorrectionAnswerSchema,
  feeHeadInputSchema,
  feeHeadPaths,
  feeHeadSchema,
  feePaths,
  feeReceiptSchema,
} from '../contract/fees';
export { homeworkDoneSchema, homeworkInputSchema, homeworkPaths, homeworkSchema } from '../contract/homework';
export { leaveApplicationSchema, leavePaths } from '../contract/leave';
export { notificationInputSchema, notificationPaths, notificationReadSchema, notificationWithReadsSchema } from '../contract/notifications';
export { studentInputSchema, studentSchema } from '../contract/student';
export { subjectInputSchema, subjectSchema } from '../contract/subject';
export { isSyncEntity, pulledPageSchema, recordWriteAnswers, updateAnswerSchema } from '../contract/sync';
export { inFlightSchema, pushResponseSchema } from '../contract/sync-push';
export { teacherInputSchema, teacherSchema } from '../contract/teacher';
export { teacherAttendancePaths, teacherMarkSheetResultSchema } from '../contract/teacher-attendance';
export {
  periodSchema,
  periodsAnswerSchema,
  substitutionSchema,
  timetableEntryInputSchema,
  timetableEntrySchema,
  timetablePaths,
} from '../contract/timetable';
