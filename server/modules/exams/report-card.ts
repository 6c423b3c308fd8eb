/**
 * What a signed link to a report card opens (server/modules/shared/, public to it:
 * eslint.config.js): one student's published result of one exam as the card prints it (the
 * student, the class they sat it in, the subjects' names, the days attended from 1 April of the
 * exam's year to its last paper), as src/features/exams/cards.ts puts a card together on a device.
 * A result that is not published (or no longer live) opens nothing.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { classLabel } from '../../../contract/class-label';
import type { SharedReportCard } from '../../../contract/shared';
import { daysAttended } from '../attendance/days-attended';
import type { Db } from '../../db/client';
import { classes, students, subjects } from '../../db/core-tables';
import { examRepository, resultRecord } from './repository';
import { results } from './tables';

/** The rank as published; the caller leaves it out where the school does not show ranks. */
export async function publishedReportCard(db: Db, tenantId: string, examId: string, studentId: string): Promise<SharedReportCard | undefined> {
  const exam = await examRepository.one(db, tenantId, examId);
  if (!exam) return undefined;
  const [row] = await db
    .select()
    .from(results)
    .where(and(eq(results.tenantId, tenantId), eq(results.examId, examId), eq(results.studentId, studentId), isNull(results.deletedAt)));
  if (!row || !exam.published[row.classId]) return undefined;
  const result = resultRecord(row);
  const [student] = await db
    .select({ firstName: students.firstName, lastName: students.lastName, admissionId: students.admissionId, rollNumber: students.rollNumber })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.id, studentId), isNull(students.deletedAt)));
  if (!student) return undefined;
  const [klass] = await db
    .select({ className: classes.className, classSection: classes.classSection })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), eq(classes.id, result.classId)));
  const subjectIds = [...new Set(result.subjects.map((one) => one.subjectId))];
  const names =
    subjectIds.length === 0
      ? []
      : await db
          .select({ id: subjects.id, name: subjects.subjectName })
          .from(subjects)
          .where(and(eq(subjects.tenantId, tenantId), inArray(subjects.id, subjectIds)));
  const from = `${exam.academicYear.slice(0, 4)}-04-01`;
  const until = exam.schedule.reduce((last, paper) => (paper.date > last ? paper.date : last), '');
  const attended = until ? await daysAttended(db, tenantId, studentId, from, until) : { present: 0, days: 0 };
  return {
    examName: exam.name,
    academicYear: exam.academicYear,
    student: { firstName: student.firstName, lastName: student.lastName, admissionId: student.admissionId, rollNumber: student.rollNumber ?? '' },
    className: klass ? classLabel(klass.className, klass.classSection) : '',
    subjects: subjectIds.map((subjectId) => ({ subjectId, name: names.find((one) => one.id === subjectId)?.name ?? '' })),
    result: {
      subjects: result.subjects,
      total: result.total,
      maxTotal: result.maxTotal,
      percentage: result.percentage,
      grade: result.grade,
      result: result.result,
      rank: result.rank,
      remark: result.remark,
      publishedAt: result.publishedAt,
    },
    attendance: attended.days > 0 ? { present: attended.present, days: attended.days, from, until } : null,
  };
}
