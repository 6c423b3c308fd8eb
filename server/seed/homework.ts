/**
 * A term of homework in a demo school: 40 per class, given on the working days of the last 13 weeks
 * (Monday to Saturday, holidays out) up to today, due up to a week ahead, each for one of the class's subjects in turn, due one to
 * four school days later; so some are due this week and some are past due. The demo student has
 * done most of what is past due (not all: a few are overdue) and some of what is coming; the
 * sibling's marks are the parent's. Two of the demo student's class's homework carry small real
 * files (a one-page PDF and a text worksheet). No clock but `today`: the same day gives the same rows.
 */
import { createHash } from 'node:crypto';
import { isWorkingDay, workingDaysBefore, workingDaysFrom, type CalendarEntry } from '../../contract/working-days';
import type { attachmentBlobs } from '../files/tables';
import type { homework, homeworkAttachments, homeworkDone } from '../modules/homework/tables';
import type { ClassSubjectRow } from './curriculum';
import { onePagePdf, textWorksheet } from './homework-files';
import { Random, stableUuid } from './random';

export type HomeworkRow = typeof homework.$inferInsert;
export type HomeworkAttachmentRow = typeof homeworkAttachments.$inferInsert;
export type HomeworkDoneRow = typeof homeworkDone.$inferInsert;
export type AttachmentBlobRow = typeof attachmentBlobs.$inferInsert;

export const homeworkPerClass = 40;
/** School days before today over which the term's homework was given, and school days after it. */
const termDaysBefore = 78;
const termDaysAfter = 6;
const day = 86_400_000;

export interface HomeworkSource {
  tenantId: string;
  classIds: readonly string[];
  classSubjects: readonly ClassSubjectRow[];
  subjectNames: ReadonlyMap<string, string>;
  /** Teacher id -> the account that gives their homework (the demo teacher's own; the admin's for staff without one). */
  giverOf: (teacherId: string | null | undefined) => string;
  /** The demo student and the sibling with their classes, and who marks for each. */
  family: readonly { studentId: string; classId: string; markedBy: string }[];
  /** The school's holidays: homework is given and due on working days only. */
  calendar: readonly CalendarEntry[];
}

/** The working days the term's homework falls on (contract/working-days.ts: no Sunday, no holiday): before today, today, after it. */
function schoolDays(today: string, calendar: readonly CalendarEntry[]): string[] {
  return [...workingDaysBefore(today, termDaysBefore, calendar), ...(isWorkingDay(today, calendar) ? [today] : []), ...workingDaysFrom(iso(Date.parse(`${today}T00:00:00Z`) + day), termDaysAfter, calendar)];
}

function iso(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

const tasks: ((rng: Random, subject: string) => [string, string])[] = [
  (rng) => [`Exercise ${rng.int(1, 12)}.${rng.int(1, 5)}, questions 1-${rng.int(6, 15)}`, 'Write the answers in your homework notebook. Show your working.'],
  (rng, subject) => [`${subject}: read chapter ${rng.int(1, 14)}`, 'Read the chapter and answer the questions at the end of it.'],
  (rng) => [`Worksheet ${rng.int(1, 20)}`, 'Complete the worksheet given in class and paste it in your notebook.'],
  (rng) => [`Learn the new words on page ${rng.int(10, 180)}`, 'Learn the meanings and spellings; there will be a short dictation.'],
  (rng, subject) => [`${subject} project: ${rng.pick(['chart', 'model', 'scrapbook', 'poster'])}`, 'Use materials at home; no need to buy anything.'],
  (rng) => [`Revise lessons ${rng.int(1, 6)} and ${rng.int(7, 12)}`, 'Revise for the class test.'],
];

export function generateHomework(source: HomeworkSource, today: string) {
  const rng = new Random(`kaksha-demo-homework:${source.tenantId}`);
  const days = schoolDays(today, source.calendar);
  const lastGiven = days.filter((candidate) => candidate <= today).length - 1;
  const rows: HomeworkRow[] = [];
  for (const classId of source.classIds) {
    const taught = source.classSubjects.filter((row) => row.classId === classId);
    if (taught.length === 0) continue;
    for (let index = 0; index < homeworkPerClass; index += 1) {
      const mapping = taught[index % taught.length]!;
      const given = Math.floor(((index + rng.next()) * lastGiven) / homeworkPerClass);
      const due = Math.min(days.length - 1, given + rng.int(1, 4));
      const [title, description] = rng.pick(tasks)(rng, source.subjectNames.get(mapping.subjectId) ?? 'Lesson');
      rows.push({
        id: stableUuid(source.tenantId, 'homework', classId, index),
        tenantId: source.tenantId,
        classId,
        subjectId: mapping.subjectId,
        title,
        description,
        assignedDate: days[given]!,
        dueDate: days[due]!,
        createdBy: source.giverOf(mapping.teacherId),
      });
    }
  }

  const done: HomeworkDoneRow[] = [];
  for (const member of source.family) {
    for (const row of rows.filter((candidate) => candidate.classId === member.classId)) {
      const pastDue = row.dueDate < today;
      if (!rng.chance(pastDue ? 0.85 : 0.3)) continue;
      done.push({
        id: stableUuid(source.tenantId, 'homeworkDone', String(row.id), member.studentId),
        tenantId: source.tenantId,
        homeworkId: row.id,
        studentId: member.studentId,
        done: true,
        // The evening before it was due, 6:30 pm in India.
        doneAt: new Date(Date.parse(`${row.dueDate}T13:00:00Z`) - day),
        markedBy: member.markedBy,
      });
    }
  }

  // Files on the two most recent homework of the demo student's class.
  const demoClass = source.family[0]?.classId;
  const recent = rows.filter((row) => row.classId === demoClass && row.assignedDate <= today).slice(-2);
  const files: [string, string, Buffer][] = recent.flatMap((row, index): [string, string, Buffer][] =>
    index === 0
      ? [['Worksheet.pdf', 'application/pdf', onePagePdf([row.title, '', row.description ?? '', '', 'Name: ____________   Roll no.: ____'])]]
      : [['Instructions.txt', 'text/plain', textWorksheet([row.title, '', row.description ?? '', 'Submit on the due date.'])]],
  );
  const attachments: HomeworkAttachmentRow[] = files.map(([fileName, contentType, data], index) => ({
    id: stableUuid(source.tenantId, 'homeworkAttachment', index),
    tenantId: source.tenantId,
    homeworkId: String(recent[index]?.id),
    fileName,
    contentType,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    createdBy: recent[index]?.createdBy ?? null,
    createdAt: new Date(Date.parse(`${recent[index]?.assignedDate}T04:00:00Z`)),
  }));
  // The bytes go where an upgraded database holds them: on PGlite the server moves them to DATA_DIR at start.
  const blobs: AttachmentBlobRow[] = files.map(([, , data]) => ({ tenantId: source.tenantId, sha256: createHash('sha256').update(data).digest('hex'), data }));
  return { homework: rows, attachments, blobs, done };
}
