/**
 * Generates one demo school's rows from its definition: the school, its classes, its staff, its
 * students and the four demo accounts with what each stands for. Pure: no database, no clock, the
 * same definition always gives the same rows (ids included).
 */
import type { RoleName } from '../../contract/roles';
import type { classSubjects, classes, schools, subjects, teachers } from '../db/schema';
import { demoUsername } from './accounts';
import { createContext, homeAddress, pickCommunity, slug, uniqueEmail, type SeedContext } from './context';
import { stableUuid } from './random';
import type { DemoStaff, SchoolDefinition } from './schools';
import { generateStudents, type ClassSlot, type StudentRow } from './students';

type SchoolRow = typeof schools.$inferInsert;
type ClassRow = typeof classes.$inferInsert;
type TeacherRow = typeof teachers.$inferInsert;
type SubjectRow = typeof subjects.$inferInsert;
type ClassSubjectRow = typeof classSubjects.$inferInsert;

export interface AccountSeed {
  id: string;
  role: RoleName;
  username: string;
  studentId: string | null;
  teacherId: string | null;
  /** A parent's children. */
  childIds: string[];
}

export interface SchoolSeed {
  school: SchoolRow;
  classes: ClassRow[];
  teachers: TeacherRow[];
  students: StudentRow[];
  subjects: SubjectRow[];
  classSubjects: ClassSubjectRow[];
  accounts: AccountSeed[];
}

function classSlots(def: SchoolDefinition): ClassSlot[] {
  return def.levels.flatMap((level, levelIndex) =>
    level.sections.map((classSection) => ({
      id: stableUuid(def.tenantId, 'class', level.className, classSection),
      className: level.className,
      classSection,
      levelIndex,
      level,
    })),
  );
}

function randomStaff(ctx: SeedContext, index: number): DemoStaff & { emailId: string } {
  const { rng, def } = ctx;
  const community = pickCommunity(ctx);
  const gender = rng.chance(0.68) ? 'Female' : 'Male';
  const firstName = rng.pick(gender === 'Female' ? community.women : community.men);
  const lastName = rng.pick(community.surnames);
  return {
    firstName,
    lastName,
    gender,
    dateOfBirth: rng.dateFrom(new Date(Date.UTC(1968, 0, 1)), 30 * 365),
    subjects: def.subjectPlan[(index - 2) % def.subjectPlan.length] ?? 'English',
    emailId: uniqueEmail(ctx, `${slug(firstName)}.${slug(lastName)}`, def.staffDomain),
  };
}

function generateTeachers(ctx: SeedContext): TeacherRow[] {
  const { def, rng } = ctx;
  const { principal, teacher } = def.demo;
  ctx.emails.add(demoUsername('admin'));
  ctx.emails.add(demoUsername('teacher'));
  const rows: TeacherRow[] = [];
  for (let index = 0; index < def.teacherCount; index += 1) {
    const person =
      index === 0
        ? { ...principal, emailId: demoUsername('admin') }
        : index === 1
          ? { ...teacher, emailId: demoUsername('teacher') }
          : randomStaff(ctx, index);
    rows.push({
      id: stableUuid(def.tenantId, 'teacher', index),
      tenantId: def.tenantId,
      employeeId: `${def.employeePrefix}${String(index + 1).padStart(3, '0')}`,
      firstName: person.firstName,
      lastName: person.lastName,
      emailId: person.emailId,
      phoneNumber: rng.mobile(),
      address: homeAddress(ctx),
      dateOfBirth: person.dateOfBirth,
      gender: person.gender,
      subjects: person.subjects,
    });
  }
  return rows;
}

/** The subjects the school's staff teach (their `subjects` text, "Principal" left out), by name. */
function generateSubjects(def: SchoolDefinition, staff: TeacherRow[]): SubjectRow[] {
  const names = new Set(
    staff
      .flatMap((row) => (row.subjects ?? '').split(/[,;]/))
      .map((name) => name.trim())
      .filter((name) => name !== '' && name !== 'Principal'),
  );
  names.add(def.demo.teaching.subject);
  return [...names]
    .sort((a, b) => (a < b ? -1 : 1))
    .map((subjectName) => ({ id: stableUuid(def.tenantId, 'subject', subjectName), tenantId: def.tenantId, subjectName }));
}

/** The demo teacher's classes (schools.ts `teaching`): class teacher of one, a subject in others. */
function demoTeaching(def: SchoolDefinition, slots: ClassSlot[], subjectRows: SubjectRow[], teacherId: string) {
  const slotOf = (label: string) => {
    const slot = slots.find((s) => `${s.className}-${s.classSection}` === label);
    if (!slot) throw new Error(`${def.tenantId} has no class ${label}`);
    return slot;
  };
  const { classTeacherOf, subject, teaches } = def.demo.teaching;
  const subjectId = subjectRows.find((row) => row.subjectName === subject)?.id;
  if (!subjectId) throw new Error(`${def.tenantId} has no subject ${subject}`);
  const classTeacherClassId = slotOf(classTeacherOf).id;
  const mappings: ClassSubjectRow[] = teaches.map((label) => ({
    id: stableUuid(def.tenantId, 'class-subject', label, subject),
    tenantId: def.tenantId,
    classId: slotOf(label).id,
    subjectId,
    teacherId,
  }));
  return { classTeacherClassId, mappings };
}

export function generateSchoolSeed(def: SchoolDefinition): SchoolSeed {
  const ctx = createContext(def);
  const slots = classSlots(def);
  const staff = generateTeachers(ctx);
  const { students, demoIds } = generateStudents(ctx, slots);
  const [principalId, teacherId] = [staff[0]?.id, staff[1]?.id];
  if (!principalId || !teacherId) throw new Error(`${def.tenantId} needs at least two staff records`);
  const subjectRows = generateSubjects(def, staff);
  const teaching = demoTeaching(def, slots, subjectRows, teacherId);

  const account = (role: RoleName, links: Partial<AccountSeed>): AccountSeed => ({
    id: stableUuid(def.tenantId, 'user', role),
    role,
    username: demoUsername(role),
    studentId: null,
    teacherId: null,
    childIds: [],
    ...links,
  });
  return {
    school: {
      tenantId: def.tenantId,
      schoolName: def.schoolName,
      schoolId: def.schoolId,
      address: def.address,
      phoneNumber: def.phoneNumber,
      email: def.email,
    },
    classes: slots.map(({ id, className, classSection }) => ({
      id,
      tenantId: def.tenantId,
      className,
      classSection,
      classTeacherId: id === teaching.classTeacherClassId ? teacherId : null,
    })),
    teachers: staff,
    students,
    subjects: subjectRows,
    classSubjects: teaching.mappings,
    accounts: [
      account('admin', { teacherId: principalId }),
      account('teacher', { teacherId }),
      account('student', { studentId: demoIds[0] }),
      account('parent', { childIds: demoIds }),
    ],
  };
}
