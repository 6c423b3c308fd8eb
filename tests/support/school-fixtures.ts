/**
 * Small, explicit fixtures for API tests: schools with one account of each role and a few records.
 * Independent of the demo seed, so a test says exactly what it relies on.
 */
import { randomUUID } from 'node:crypto';
import type { RoleName } from '../../contract/roles';
import type { Db } from '../../server/db/client';
import { classSubjects, classes, parentChildren, schools, students, subjects, teachers, users } from '../../server/db/core-tables';
import { hashPassword } from '../../server/module-kit/passwords';

export const fixturePassword = 'Secret#2025';

export interface SchoolFixture {
  tenantId: string;
  schoolName: string;
  classIds: string[];
  studentIds: string[];
  teacherId: string;
  /** The subjects and class-subject mappings made (the teacher's Physics in VI-B, unless 'first'). */
  subjectIds: string[];
  classSubjectIds: string[];
  accounts: Record<RoleName, { id: string; username: string }>;
}

export interface FixtureOptions {
  schoolName?: string;
  /**
   * Which classes the teacher may mark and edit (module-kit/teaching.ts): 'both' (default)
   * class teacher of V-A and teaching Physics in VI-B; 'first' V-A only, for tests of the rule.
   */
  teacherClasses?: 'both' | 'first';
}

let cachedHash: Promise<string> | undefined;

export async function createSchoolFixture(db: Db, tenantId: string, options: string | FixtureOptions = {}): Promise<SchoolFixture> {
  const { schoolName = `${tenantId} School`, teacherClasses = 'both' } = typeof options === 'string' ? { schoolName: options } : options;
  cachedHash ??= hashPassword(fixturePassword);
  const passwordHash = await cachedHash;
  await db.insert(schools).values({ tenantId, schoolName, schoolId: `${tenantId.toUpperCase()}-01` });

  const teacherId = randomUUID();
  await db.insert(teachers).values({
    id: teacherId,
    tenantId,
    employeeId: 'EMP-01',
    firstName: 'Meera',
    lastName: 'Nair',
    emailId: 'teacher@example.in',
    phoneNumber: '9123456780',
  });

  // The teacher is class teacher of V-A, not of VI-B (they teach Physics there unless 'first').
  const classIds = [randomUUID(), randomUUID()];
  await db.insert(classes).values([
    { id: classIds[0]!, tenantId, className: 'V', classSection: 'A', classTeacherId: teacherId },
    { id: classIds[1]!, tenantId, className: 'VI', classSection: 'B' },
  ]);
  const studentIds = [randomUUID(), randomUUID(), randomUUID()];
  await db.insert(students).values([
    {
      id: studentIds[0]!,
      tenantId,
      admissionId: `${tenantId}-001`,
      firstName: 'Aarav',
      lastName: 'Sharma',
      emailId: 'student@example.in',
      rollNumber: '1',
      classId: classIds[0]!,
      parentEmail: 'parent@example.in',
      dateOfBirth: '2014-04-12',
      gender: 'Male',
      phoneNumber: '9876543210',
      address: '12 MG Road, Pune',
    },
    {
      id: studentIds[1]!,
      tenantId,
      admissionId: `${tenantId}-002`,
      firstName: 'Diya',
      lastName: 'Sharma',
      rollNumber: '2',
      classId: classIds[1]!,
      parentEmail: 'parent@example.in',
    },
    { id: studentIds[2]!, tenantId, admissionId: `${tenantId}-003`, firstName: 'Kabir', lastName: 'Iyer', classId: classIds[0]! },
  ]);

  const subjectIds: string[] = [];
  const classSubjectIds: string[] = [];
  if (teacherClasses === 'both') {
    subjectIds.push(randomUUID());
    classSubjectIds.push(randomUUID());
    await db.insert(subjects).values({ id: subjectIds[0]!, tenantId, subjectName: 'Physics', subjectCode: 'PHY' });
    await db
      .insert(classSubjects)
      .values({ id: classSubjectIds[0]!, tenantId, classId: classIds[1]!, subjectId: subjectIds[0]!, teacherId });
  }

  const account = (role: RoleName, extra: Partial<typeof users.$inferInsert> = {}) => ({
    id: randomUUID(),
    tenantId,
    username: `${role}@example.in`,
    passwordHash,
    role,
    status: 'active' as const,
    ...extra,
  });
  const rows = [
    account('admin'),
    account('teacher', { teacherId }),
    account('student', { studentId: studentIds[0]! }),
    account('parent'),
  ];
  await db.insert(users).values(rows);
  const parent = rows[3]!;
  await db.insert(parentChildren).values([
    { tenantId, userId: parent.id, studentId: studentIds[0]! },
    { tenantId, userId: parent.id, studentId: studentIds[1]! },
  ]);
  const accounts = Object.fromEntries(rows.map((row) => [row.role, { id: row.id, username: row.username }])) as Record<
    RoleName,
    { id: string; username: string }
  >;
  return { tenantId, schoolName, classIds, studentIds, teacherId, subjectIds, classSubjectIds, accounts };
}

