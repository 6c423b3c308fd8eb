/** What the attendance screens read: a class's sheet for a date, a student's range, a class's month. */
import type { AttendanceSheet, AttendanceTotals, ClassSummary, StudentAttendance } from '../../../contract/attendance';
import type { Db } from '../../db/client';
import { academicYearOf } from '../../../contract/admission';
import { studentsOfClassInYear } from '../years/current-year';
import { toAttendanceRecord, type AttendanceRow } from './records';
import { attendanceRepository as repo } from './repository';

type Counts = Omit<AttendanceTotals, 'percentage'>;

const emptyCounts = (): Counts => ({ present: 0, absent: 0, late: 0, leave: 0, total: 0 });

function bucket(map: Map<string, Counts>, key: string): Counts {
  let counts = map.get(key);
  if (!counts) map.set(key, (counts = emptyCounts()));
  return counts;
}

function count(counts: Counts, row: AttendanceRow): void {
  counts[row.status] += 1;
  counts.total += 1;
}

/** Present and late count as attended; absent and leave do not. One decimal; null with no marked day. */
export function withPercentage(counts: Counts): AttendanceTotals {
  const percentage = counts.total === 0 ? null : Math.round(((counts.present + counts.late) / counts.total) * 1000) / 10;
  return { ...counts, percentage };
}

/** Who sat in the class on `date`: that year's class when the year is closed, else the class now. */
async function classStudentsOn(db: Db, tenantId: string, classId: string, date: string) {
  return repo.studentsByIds(db, tenantId, await studentsOfClassInYear(db, tenantId, classId, academicYearOf(date)));
}

export async function classSheet(db: Db, tenantId: string, classId: string, date: string): Promise<AttendanceSheet> {
  const list = await classStudentsOn(db, tenantId, classId, date);
  const records = await repo.liveRecords(
    db,
    tenantId,
    list.map((s) => s.studentId),
    date,
  );
  const byStudent = new Map(records.map((row) => [row.studentId, row]));
  return {
    classId,
    date,
    students: list.map((student) => {
      const row = byStudent.get(student.studentId);
      return { ...student, record: row ? toAttendanceRecord(row) : null };
    }),
  };
}

export async function studentRange(
  db: Db,
  tenantId: string,
  studentId: string,
  from: string,
  to: string,
): Promise<StudentAttendance> {
  const rows = await repo.studentRange(db, tenantId, studentId, from, to);
  const counts = emptyCounts();
  rows.forEach((row) => count(counts, row));
  return { studentId, from, to, records: rows.map(toAttendanceRecord), totals: withPercentage(counts) };
}

export async function classSummary(
  db: Db,
  tenantId: string,
  classId: string,
  month: string,
  range: { from: string; to: string },
): Promise<ClassSummary> {
  const rows = await repo.classRange(db, tenantId, classId, range.from, range.to);
  const members = await classStudentsOn(db, tenantId, classId, range.from);
  const memberIds = new Set(members.map((s) => s.studentId));
  const others = [...new Set(rows.map((row) => row.studentId).filter((id) => !memberIds.has(id)))];
  const people = [...members, ...(await repo.studentsByIds(db, tenantId, others))];

  const days = new Map<string, Counts>();
  const perStudent = new Map<string, Counts>();
  for (const row of rows) {
    count(bucket(days, row.date), row);
    count(bucket(perStudent, row.studentId), row);
  }
  return {
    classId,
    month,
    days: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, counts]) => ({ date, ...counts })),
    students: people.map((person) => ({
      studentId: person.studentId,
      firstName: person.firstName,
      lastName: person.lastName,
      rollNumber: person.rollNumber,
      ...withPercentage(perStudent.get(person.studentId) ?? emptyCounts()),
    })),
    records: rows.map(toAttendanceRecord),
  };
}
