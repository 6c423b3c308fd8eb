/**
 * Generates one demo school's rows from its definition: the school, its classes, its staff, its
 * students, who teaches what, the admission register, recent attendance, a few certificates and the
 * four demo accounts with what each stands for. Pure: no database; the clock enters only as `today`
 * (attendance and certificates are dated relative to it), so the same definition and day always give
 * the same rows (ids included).
 */
import { officeCashier } from '../../contract/fees';
import type { RoleName } from '../../contract/roles';
import type { classes, schools, subjects, teachers } from '../db/core-tables';
import { demoUsername } from './accounts';
import { generateAdmissions, type AdmissionCounterRow, type AdmissionRow } from './admissions';
import { workingDaysBefore } from '../../contract/working-days';
import { generateAttendance, seededSchoolDays, type AttendanceRow } from './attendance';
import { generateMessaging, type MessagingSeed } from './messaging';
import { generateHomework } from './homework';
import { generateFees, type FeeSeed, type FeeSource } from './fees';
import { generateLastYear, type LastYearSeed } from './last-year';
import { generatePayments, type PaymentSeed } from './payments';
import { generateLeave, type LeaveSeed } from './leave';
import { calendarOf, generateEvents, generateHolidays } from './events';
import { generateStaffTimetable, type StaffTimetableSeed } from './staff-timetable';
import { generateExams } from './exams';
import { generateNotifications } from './notifications';
import { generateCertificates, type CertificateCounterRow, type CertificateRow } from './certificates';
import { createContext, homeAddress, pickCommunity, slug, uniqueEmail, type SeedContext } from './context';
import { assignTeaching, generateSubjects, labelOf, type ClassSubjectRow } from './curriculum';
import { Random, stableUuid } from './random';
import type { DemoStaff, SchoolDefinition } from './schools';
import { generateStudents, type ClassSlot, type StudentRow } from './students';

type SchoolRow = typeof schools.$inferInsert;
type ClassRow = typeof classes.$inferInsert;
type TeacherRow = typeof teachers.$inferInsert;
type SubjectRow = typeof subjects.$inferInsert;

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
  admissions: AdmissionRow[];
  admissionCounters: AdmissionCounterRow[];
  attendance: AttendanceRow[];
  certificates: CertificateRow[];
  certificateCounters: CertificateCounterRow[];
  accounts: AccountSeed[];
  homework: ReturnType<typeof generateHomework>;
  fees: FeeSeed;
  payments: PaymentSeed;
  leave: LeaveSeed;
  notifications: ReturnType<typeof generateNotifications>;
  /** WhatsApp and SMS: the settings and the demo children's recent absences as told. */
  messaging: MessagingSeed;
  events: ReturnType<typeof generateEvents>;
  timetable: StaffTimetableSeed['timetable'];
  teacherAttendance: StaffTimetableSeed['teacherAttendance'];
  exams: ReturnType<typeof generateExams>;
  /** Last year closed and this one open; each student's class last year. */
  years: Pick<LastYearSeed, 'schoolYears' | 'studentYears'>;
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

function randomStaff(ctx: SeedContext, index: number, subjects?: string): DemoStaff & { emailId: string } {
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
    subjects: subjects ?? def.subjectPlan[(index - 2) % def.subjectPlan.length] ?? 'English',
    emailId: uniqueEmail(ctx, `${slug(firstName)}.${slug(lastName)}`, def.staffDomain),
  };
}

function teacherRow(ctx: SeedContext, index: number, person: DemoStaff & { emailId: string }): TeacherRow {
  const { def, rng } = ctx;
  return {
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
  };
}

/**
 * The teachers taken on later (`addedStaff`), numbered after the first ones, from a stream of their
 * own drawn after the students: adding them leaves every earlier record (and the students) unchanged.
 */
function generateAddedTeachers(ctx: SeedContext): TeacherRow[] {
  const own: SeedContext = { ...ctx, rng: new Random(`kaksha-demo:${ctx.def.tenantId}:added-staff`) };
  return ctx.def.addedStaff.map((subjects, at) => {
    const index = ctx.def.teacherCount + at;
    return teacherRow(own, index, randomStaff(own, index, subjects));
  });
}

function generateTeachers(ctx: SeedContext): TeacherRow[] {
  const { def } = ctx;
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
    rows.push(teacherRow(ctx, index, person));
  }
  return rows;
}

/** `today` (YYYY-MM-DD): attendance covers the school days before it, certificates were issued on some. */
export function generateSchoolSeed(def: SchoolDefinition, today: string): SchoolSeed {
  const ctx = createContext(def);
  const slots = classSlots(def);
  const firstStaff = generateTeachers(ctx);
  const { students, demoIds, joinings } = generateStudents(ctx, slots);
  const staff = [...firstStaff, ...generateAddedTeachers(ctx)];
  const [principal, demoTeacher] = staff;
  if (!principal?.id || !demoTeacher?.id) throw new Error(`${def.tenantId} needs at least two staff records`);
  const subjectRows = generateSubjects(def, staff);
  const teaching = assignTeaching(def, slots, staff, subjectRows);
  const register = generateAdmissions(def, slots, joinings);

  const account = (role: RoleName, links: Partial<AccountSeed>): AccountSeed => ({
    id: stableUuid(def.tenantId, 'user', role),
    role,
    username: demoUsername(role),
    studentId: null,
    teacherId: null,
    childIds: [],
    ...links,
  });
  const accounts = [
    account('admin', { teacherId: principal.id }),
    account('teacher', { teacherId: demoTeacher.id }),
    account('student', { studentId: demoIds[0] }),
    account('parent', { childIds: demoIds }),
  ];
  const [adminAccount, teacherAccount, studentAccount, parentAccount] = accounts as [AccountSeed, AccountSeed, AccountSeed, AccountSeed];
  const school: SchoolRow = {
    tenantId: def.tenantId,
    schoolName: def.schoolName,
    schoolId: def.schoolId,
    address: def.address,
    phoneNumber: def.phoneNumber,
    email: def.email,
  };
  const demoClassIds = new Set(
    slots
      .filter((slot) => [def.demo.teaching.classTeacherOf, ...def.demo.teaching.teaches].includes(labelOf(slot)))
      .map((slot) => slot.id),
  );
  const holidays = generateHolidays({ tenantId: def.tenantId, adminId: adminAccount.id }, today);
  const calendar = calendarOf(holidays);
  const examSource = {
    tenantId: def.tenantId,
    classes: slots.map(({ id, className }) => ({ id, className })),
    students: students.map((row) => ({ id: String(row.id), classId: row.classId ?? null })),
    classSubjects: teaching.classSubjects,
    subjectNames: new Map(subjectRows.map((row) => [String(row.id), row.subjectName])),
    adminId: adminAccount.id,
    demoTeacher: { teacherId: String(demoTeacher.id), accountId: teacherAccount.id },
    calendar,
  };
  const exams = generateExams(examSource, today);
  const events = generateEvents(
    {
      tenantId: def.tenantId,
      adminId: adminAccount.id,
      teacherId: teacherAccount.id,
      familyClassIds: [...new Set(demoIds.map((studentId) => String(students.find((row) => row.id === studentId)?.classId)))],
      teacherClassIds: [...demoClassIds],
      allClassIds: slots.map((slot) => slot.id),
    },
    today,
    holidays,
    exams.exams,
  );
  // Attendance and certificates on the last working days: never a Sunday or a holiday.
  const days = workingDaysBefore(today, seededSchoolDays, calendar);
  const attendanceRows = generateAttendance(def.tenantId, students, days, (classId) =>
    demoClassIds.has(classId) ? teacherAccount.id : adminAccount.id,
  );
  const issued = generateCertificates({
    school,
    slots,
    students,
    admissions: register.admissions,
    demoIds,
    issuer: { userId: adminAccount.id, name: `${principal.firstName} ${principal.lastName}` },
    days,
  });
  const staffTimetable = generateStaffTimetable(
    {
      tenantId: def.tenantId,
      classes: slots.map((slot) => ({ id: slot.id, label: labelOf(slot) })),
      classSubjects: teaching.classSubjects,
      teacherIds: staff.map((row) => String(row.id)),
      demoTeacherId: String(demoTeacher.id),
      adminId: adminAccount.id,
      calendar,
    },
    today,
  );
  const feeSource: FeeSource = {
    tenantId: def.tenantId,
    classes: slots.map(({ id, className, classSection, levelIndex }) => ({ id, className, classSection, levelIndex })),
    students: students.map((row) => ({
      id: String(row.id),
      classId: row.classId ?? null,
      firstName: row.firstName,
      lastName: row.lastName ?? '',
      admissionId: row.admissionId ?? null,
    })),
    demoIds,
    // The admin account is the principal's: receipts name her, as the server does (fees/cashier.ts).
    cashier: { id: adminAccount.id, name: `${principal.firstName} ${principal.lastName}`.trim() || officeCashier },
    holidays: calendar,
  };
  const lastYear = generateLastYear({ tenantId: def.tenantId, today, slots, fees: feeSource, exams: examSource });
  const fees = mergeFees(generateFees(feeSource, today), lastYear.fees);
  return {
    school,
    classes: slots.map(({ id, className, classSection }) => ({
      id,
      tenantId: def.tenantId,
      className,
      classSection,
      classTeacherId: teaching.classTeachers.get(id) ?? null,
    })),
    teachers: staff,
    students,
    subjects: subjectRows,
    classSubjects: teaching.classSubjects,
    admissions: register.admissions,
    admissionCounters: register.counters,
    attendance: attendanceRows,
    certificates: issued.certificates,
    certificateCounters: issued.counters,
    accounts,
    homework: generateHomework(
      {
        tenantId: def.tenantId,
        classIds: slots.map((slot) => slot.id),
        classSubjects: teaching.classSubjects,
        subjectNames: new Map(subjectRows.map((row) => [String(row.id), row.subjectName])),
        giverOf: (teacherId) => (teacherId === demoTeacher.id ? teacherAccount.id : adminAccount.id),
        family: demoIds.map((studentId, index) => ({
          studentId,
          classId: String(students.find((row) => row.id === studentId)?.classId),
          markedBy: index === 0 ? studentAccount.id : parentAccount.id,
        })),
        calendar,
      },
      today,
    ),
    fees,
    payments: generatePayments(def.tenantId, fees, (studentId) => (demoIds.includes(studentId) ? parentAccount.id : adminAccount.id)),
    notifications: generateNotifications(
      {
        tenantId: def.tenantId,
        adminId: adminAccount.id,
        teacherId: teacherAccount.id,
        parentId: parentAccount.id,
        familyClassIds: [...new Set(demoIds.map((studentId) => String(students.find((row) => row.id === studentId)?.classId)))],
        teacherClassIds: [...demoClassIds],
      },
      today,
    ),
    messaging: generateMessaging({
      tenantId: def.tenantId,
      parentId: parentAccount.id,
      children: demoIds.map((studentId) => {
        const student = students.find((row) => row.id === studentId)!;
        const slot = slots.find((one) => one.id === student.classId);
        return { id: studentId, firstName: student.firstName, className: slot ? [slot.className, slot.classSection].filter(Boolean).join(' ') : '' };
      }),
      attendance: attendanceRows,
    }),
    events,
    ...staffTimetable,
    // Last year's results, not its marks: a device holds this year's marks only (SyncScope.syncFrom).
    exams: { exams: [...lastYear.exams.exams, ...exams.exams], marks: exams.marks, results: [...lastYear.exams.results, ...exams.results] },
    years: { schoolYears: lastYear.schoolYears, studentYears: lastYear.studentYears },
    leave: generateLeave({
      tenantId: def.tenantId,
      today,
      calendar,
      children: demoIds.map((studentId) => ({ id: studentId, classId: String(students.find((row) => row.id === studentId)?.classId) })),
      parentId: parentAccount.id,
      adminId: adminAccount.id,
      teacher: { teacherId: String(demoTeacher.id), accountId: teacherAccount.id },
    }),
  };
}

/** This year's fees with last year's (the heads are the school's, shared by both). */
function mergeFees(now: FeeSeed, last: LastYearSeed['fees']): FeeSeed {
  return {
    heads: now.heads,
    structures: [...last.structures, ...now.structures],
    installments: [...last.installments, ...now.installments],
    concessions: [...last.concessions, ...now.concessions],
    receipts: [...last.receipts, ...now.receipts],
    items: [...last.items, ...now.items],
    counters: [...last.counters, ...now.counters],
  };
}
