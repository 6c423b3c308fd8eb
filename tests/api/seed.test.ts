import { createHash } from 'node:crypto';
import { and, asc, count, eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAadhaar, isValidApaar, isValidIndianMobile } from '../../contract/indian-ids';
import { paths } from '../../contract/paths';
import type { Db } from '../../server/db/client';
import { classSubjects, classes, parentChildren, schools, students, subjects, teachers, users } from '../../server/db/schema';
import { demoAccounts, demoPassword, demoSchoolSeeds, seedDemoSchools } from '../../server/seed/demo';
import { openTestDatabase } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let seeded: boolean;
let seedMs: number;

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  seeded = await seedDemoSchools(t.database.db);
  seedMs = performance.now() - started;
}, 120_000);
afterAll(() => t.close());

const tenants = ['greenvalley', 'riverside'] as const;

async function countOf(db: Db, table: typeof students | typeof teachers | typeof classes, tenantId: string) {
  const [row] = await db.select({ value: count() }).from(table).where(eq(table.tenantId, tenantId));
  return row?.value ?? 0;
}

/** The columns the seed writes (not the clock, the rev sequence or transaction ids the database adds). */
function seededColumns(table: typeof schools | typeof students | typeof teachers, sample: object) {
  const all: Record<string, AnyPgColumn> = getTableColumns(table);
  const picked: Record<string, AnyPgColumn> = {};
  for (const key of Object.keys(sample)) if (all[key]) picked[key] = all[key];
  return picked;
}

/** A digest of every seeded record, in id order. */
async function digest(db: Db): Promise<string> {
  const [sample] = demoSchoolSeeds();
  if (!sample?.students[0] || !sample.teachers[0]) throw new Error('the seed generates no rows');
  const hash = createHash('sha256');
  const rows = [
    await db.select(seededColumns(schools, sample.school)).from(schools).orderBy(asc(schools.tenantId)),
    await db.select(seededColumns(students, sample.students[0])).from(students).orderBy(asc(students.id)),
    await db.select(seededColumns(teachers, sample.teachers[0])).from(teachers).orderBy(asc(teachers.id)),
    await db
      .select({ id: classes.id, n: classes.className, s: classes.classSection, t: classes.classTeacherId })
      .from(classes)
      .orderBy(asc(classes.id)),
    await db.select({ id: subjects.id, n: subjects.subjectName }).from(subjects).orderBy(asc(subjects.id)),
    await db
      .select({ id: classSubjects.id, c: classSubjects.classId, s: classSubjects.subjectId, t: classSubjects.teacherId })
      .from(classSubjects)
      .orderBy(asc(classSubjects.id)),
    await db
      .select({ id: users.id, u: users.username, r: users.role, s: users.studentId, t: users.teacherId })
      .from(users)
      .orderBy(asc(users.id)),
    await db.select({ u: parentChildren.userId, s: parentChildren.studentId }).from(parentChildren).orderBy(asc(parentChildren.studentId)),
  ];
  for (const list of rows) hash.update(JSON.stringify(list));
  return hash.digest('hex');
}

describe('demo seed', () => {
  it('seeds two schools of realistic size quickly', async () => {
    expect(seeded).toBe(true);
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
    expect(seedMs).toBeLessThan(10_000);
    const db = t.database.db;
    const rows = await db.select().from(schools).orderBy(asc(schools.tenantId));
    expect(rows.map((s) => [s.tenantId, s.schoolName])).toEqual([
      ['greenvalley', 'Green Valley Public School'],
      ['riverside', 'Riverside High School'],
    ]);
    for (const school of rows) {
      expect(school.schoolId).toMatch(/^[A-Z]+-[A-Z]+-\d+$/);
      expect(school.address).toMatch(/\d{6}$/);
      expect(school.phoneNumber).toBeTruthy();
      expect(school.email).toMatch(/@/);
    }
    expect(await countOf(db, classes, 'greenvalley')).toBe(26);
    expect(await countOf(db, classes, 'riverside')).toBe(36);
    const green = await countOf(db, students, 'greenvalley');
    const river = await countOf(db, students, 'riverside');
    expect(green).toBeGreaterThanOrEqual(350);
    expect(green).toBeLessThanOrEqual(450);
    expect(river).toBeGreaterThanOrEqual(600);
    expect(river).toBeGreaterThan(green);
    for (const tenantId of tenants) {
      const staff = await countOf(db, teachers, tenantId);
      expect(staff).toBeGreaterThanOrEqual(25);
      expect(staff).toBeLessThanOrEqual(35);
    }
  });

  it('is a no-op on a database that already has schools', async () => {
    const before = await countOf(t.database.db, students, 'riverside');
    expect(await seedDemoSchools(t.database.db)).toBe(false);
    expect(await countOf(t.database.db, students, 'riverside')).toBe(before);
  });

  it('produces the same records, ids included, on every run', async () => {
    expect(JSON.stringify(demoSchoolSeeds())).toBe(JSON.stringify(demoSchoolSeeds()));
    const other = await openTestDatabase();
    try {
      expect(await seedDemoSchools(other.db)).toBe(true);
      expect(await digest(other.db)).toBe(await digest(t.database.db));
    } finally {
      await other.close();
    }
  });

  it('fills every student field with well-formed Indian data', async () => {
    const rows = await t.database.db
      .select({ student: students, className: classes.className })
      .from(students)
      .innerJoin(classes, and(eq(classes.tenantId, students.tenantId), eq(classes.id, students.classId)));
    const admissionIds = new Set<string>();
    const rolls = new Map<string, string[]>();
    const ageOf = { Nursery: 3, LKG: 4, UKG: 5, I: 6, II: 7, III: 8, IV: 9, V: 10, VI: 11, VII: 12, VIII: 13, IX: 14, X: 15, XI: 16, XII: 17 };
    for (const { student: s, className } of rows) {
      const prefix = s.tenantId === 'greenvalley' ? 'GV' : 'RH';
      expect(s.admissionId).toMatch(new RegExp(`^${prefix}20[0-2]\\d/\\d{4}$`));
      admissionIds.add(`${s.tenantId}:${s.admissionId}`);
      rolls.set(String(s.classId), [...(rolls.get(String(s.classId)) ?? []), String(s.rollNumber)]);
      expect(s.firstName).toMatch(/^[A-Z][a-z]+$/);
      expect(s.lastName).toMatch(/^[A-Z][A-Za-z']+$/);
      expect(isValidIndianMobile(s.phoneNumber)).toBe(true);
      if (s.alternateNumber !== null) expect(isValidIndianMobile(s.alternateNumber)).toBe(true);
      if (s.aadhaarId !== null) expect(isValidAadhaar(s.aadhaarId), s.aadhaarId).toBe(true);
      if (s.apaarId !== null) expect(isValidApaar(s.apaarId)).toBe(true);
      expect(['Male', 'Female']).toContain(s.gender);
      expect(s.fatherName).toMatch(/^\S+ \S+$/);
      expect(s.motherName).toMatch(/^\S+ \S+$/);
      expect(s.address).toMatch(s.tenantId === 'greenvalley' ? /Bengaluru, Karnataka 56\d{4}$/ : /Pune, Maharashtra 41\d{4}$/);
      // Age on 1 June 2025 matches the class.
      const [year, month, day] = String(s.dateOfBirth).split('-').map(Number) as [number, number, number];
      const age = 2025 - year - (month > 6 || (month === 6 && day > 1) ? 1 : 0);
      expect(age, `${s.firstName} in ${className} born ${s.dateOfBirth}`).toBe(ageOf[className as keyof typeof ageOf]);
    }
    expect(admissionIds.size).toBe(rows.length);
    for (const list of rolls.values()) {
      expect(list.map(Number).sort((a, b) => a - b)).toEqual(list.map((_, i) => i + 1));
    }
    expect(rows.filter(({ student }) => student.aadhaarId !== null).length).toBeGreaterThan(rows.length * 0.9);
    expect(rows.filter(({ student }) => student.emailId !== null).length).toBeGreaterThan(50);
    // Siblings: more than one child shares a parents' e-mail.
    const byParent = new Map<string, number>();
    for (const { student } of rows) {
      if (student.parentEmail) byParent.set(student.parentEmail, (byParent.get(student.parentEmail) ?? 0) + 1);
    }
    expect([...byParent.values()].filter((n) => n > 1).length).toBeGreaterThan(20);
  });

  it('keeps Aadhaar ids unique within a school', async () => {
    for (const tenantId of tenants) {
      const ids = (await t.database.db.select({ a: students.aadhaarId }).from(students).where(eq(students.tenantId, tenantId)))
        .map((r) => r.a)
        .filter((a) => a !== null);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('demo accounts', () => {
  const signIn = (tenant: string, username: string) =>
    t.call({ method: 'POST', url: paths.authUser, tenant, payload: { username, password: demoPassword } });

  it.each(tenants)('all four sign in to %s with the right profile', async (tenant) => {
    for (const { role, username } of demoAccounts) {
      const response = await signIn(tenant, username);
      expect(response.statusCode, `${tenant} ${username}`).toBe(200);
      const { profile } = response.json().data;
      if (role === 'student') {
        expect(profile.teachers).toEqual([]);
        expect(profile.students).toHaveLength(1);
        expect(profile.students[0]).toMatchObject({ userType: 'STUDENT', username });
        const [record] = await t.database.db
          .select()
          .from(students)
          .where(and(eq(students.tenantId, tenant), eq(students.id, profile.students[0].studentId)));
        expect(record?.emailId).toBe(username);
        expect(record?.parentEmail).toBe('parent@kaksha.demo');
      } else if (role === 'parent') {
        expect(profile.teachers).toEqual([]);
        expect(profile.students).toHaveLength(2);
        const [first, second] = profile.students;
        expect(first.userType).toBe('PARENT');
        expect(first.lastName).toBe(second.lastName);
        expect(first.classId).not.toBe(second.classId);
        const links = await t.database.db
          .select({ studentId: parentChildren.studentId, parentEmail: students.parentEmail })
          .from(parentChildren)
          .innerJoin(students, and(eq(students.tenantId, parentChildren.tenantId), eq(students.id, parentChildren.studentId)))
          .where(eq(parentChildren.tenantId, tenant));
        expect(links.map((l) => l.parentEmail)).toEqual([username, username]);
      } else {
        expect(profile.students).toEqual([]);
        expect(profile.teachers).toHaveLength(1);
        expect(profile.teachers[0]).toMatchObject({ userType: role === 'admin' ? 'ADMIN' : 'TEACHER' });
        expect(profile.teachers[0].firstName).toBeTruthy();
        expect(profile.teachers[0].employeeId).toBeTruthy();
        const [record] = await t.database.db
          .select()
          .from(teachers)
          .where(and(eq(teachers.tenantId, tenant), eq(teachers.id, profile.teachers[0].teacherId)));
        expect(record?.emailId).toBe(username);
      }
    }
  });

  it.each([
    ['greenvalley', 'II-A', 'Mathematics', ['I-A', 'II-A', 'II-B', 'LKG-A', 'UKG-A', 'VII-B']],
    ['riverside', 'IX-C', 'Physics', ['IX-C', 'X-B', 'XI-A', 'XII-A']],
  ] as const)('makes teacher@kaksha.demo of %s class teacher of %s and a %s teacher of a few more', async (tenant, own, subject, all) => {
    const token = (await signIn(tenant, 'teacher@kaksha.demo')).json().data.jwtToken as string;
    const mine = await t.call({ method: 'GET', url: paths.classSubjects.myClasses, tenant, token });
    expect(mine.statusCode).toBe(200);
    const rows = mine.json().data as { id: string; className: string; classSection: string; classTeacherId: string | null }[];
    const label = (row: { className: string; classSection: string }) => `${row.className}-${row.classSection}`;
    expect(rows.map(label).sort()).toEqual([...all].sort());
    const teacherId = rows.find((row) => label(row) === own)?.classTeacherId;
    expect(teacherId).toBeTruthy();
    expect(rows.filter((row) => row.classTeacherId === teacherId).map(label)).toEqual([own]);

    const mapped = await t.call({ method: 'GET', url: `${paths.classSubjects.all}?teacherId=${teacherId}`, tenant, token });
    expect(new Set((mapped.json().data as { subjectName: string }[]).map((row) => row.subjectName))).toEqual(new Set([subject]));

    if (tenant === 'greenvalley') {
      // The end-to-end tests mark the first six classes by id as the demo teacher
      // (tests/e2e/support/offline.ts demoClass): each must be one of theirs.
      const classIdsInE2eOrder = (await t.database.db.select({ id: classes.id }).from(classes).where(eq(classes.tenantId, tenant)))
        .map((row) => row.id)
        .sort((a, b) => a.localeCompare(b))
        .slice(0, 6);
      expect(classIdsInE2eOrder.every((id) => rows.some((row) => row.id === id))).toBe(true);
    }
  });

  it('gives the same username in the two schools to different people', async () => {
    for (const { username } of demoAccounts) {
      const names = [];
      for (const tenant of tenants) {
        const { profile } = (await signIn(tenant, username)).json().data;
        names.push([...profile.students, ...profile.teachers].map((p) => `${p.firstName} ${p.lastName}`).join(', '));
      }
      expect(names[0], username).not.toBe(names[1]);
    }
  });
});
