/**
 * The sign-in profile of spec section 3: a student's own entry, a parent's children, or the staff
 * entry of a teacher or an admin, with the fields the settings and profile screens show. A parent's
 * profile also carries `parentProfile` (the parent's own name; parent-name.ts).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { LoginProfile, ProfileModel, StudentProfile, TeacherProfile } from '../../../contract/auth';
import type { School } from '../../../contract/school';
import type { Db } from '../../db/client';
import { classes, parentChildren, students, teachers, type users } from '../../db/core-tables';
import { parentNameOf } from './parent-name';

type UserRow = typeof users.$inferSelect;

async function studentRows(db: Db, school: School, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ student: students, className: classes.className, classSection: classes.classSection })
    .from(students)
    .leftJoin(classes, and(eq(classes.tenantId, students.tenantId), eq(classes.id, students.classId)))
    .where(and(eq(students.tenantId, school.tenantId), inArray(students.id, studentIds), isNull(students.deletedAt)))
    .orderBy(students.firstName);
}

function studentEntries(
  school: School,
  user: UserRow,
  rows: Awaited<ReturnType<typeof studentRows>>,
  userType: StudentProfile['userType'],
): StudentProfile[] {
  return rows.map(({ student, className, classSection }) => ({
    userType,
    username: user.username,
    firstName: student.firstName,
    lastName: student.lastName,
    schoolId: school.schoolId,
    schoolName: school.schoolName,
    associatedEntityId: student.id,
    studentId: student.id,
    admissionId: student.admissionId,
    rollNumber: student.rollNumber,
    classId: student.classId,
    studentProfileModel: {
      className: className ?? null,
      classSection: classSection ?? null,
      schoolName: school.schoolName,
      phoneNumber: student.phoneNumber,
      address: student.address,
      dateOfBirth: student.dateOfBirth,
      gender: student.gender,
    },
  }));
}

async function staffEntry(db: Db, school: School, user: UserRow): Promise<TeacherProfile> {
  const [teacher] = user.teacherId
    ? await db
        .select()
        .from(teachers)
        .where(and(eq(teachers.tenantId, school.tenantId), eq(teachers.id, user.teacherId), isNull(teachers.deletedAt)))
    : [];
  const model: ProfileModel = {
    className: null,
    classSection: null,
    schoolName: school.schoolName,
    phoneNumber: teacher?.phoneNumber ?? null,
    address: teacher?.address ?? null,
    dateOfBirth: teacher?.dateOfBirth ?? null,
    gender: teacher?.gender ?? null,
  };
  return {
    userType: user.role === 'admin' ? 'ADMIN' : 'TEACHER',
    username: user.username,
    firstName: teacher?.firstName ?? null,
    lastName: teacher?.lastName ?? null,
    schoolId: school.schoolId,
    schoolName: school.schoolName,
    associatedEntityId: teacher?.id ?? null,
    teacherId: teacher?.id ?? null,
    employeeId: teacher?.employeeId ?? null,
    teacherProfileModel: model,
  };
}

export async function buildLoginProfile(db: Db, school: School, user: UserRow): Promise<LoginProfile> {
  switch (user.role) {
    case 'student':
      return {
        students: studentEntries(school, user, await studentRows(db, school, user.studentId ? [user.studentId] : []), 'STUDENT'),
        teachers: [],
      };
    case 'parent': {
      const links = await db
        .select({ studentId: parentChildren.studentId })
        .from(parentChildren)
        .where(
          and(
            eq(parentChildren.tenantId, school.tenantId),
            eq(parentChildren.userId, user.id),
            isNull(parentChildren.deletedAt),
          ),
        );
      const rows = await studentRows(db, school, links.map((link) => link.studentId));
      return {
        students: studentEntries(school, user, rows, 'PARENT'),
        teachers: [],
        parentProfile: { name: parentNameOf(user.username, rows.map((row) => row.student)) },
      };
    }
    case 'teacher':
    case 'admin':
      return { students: [], teachers: [await staffEntry(db, school, user)] };
  }
}
