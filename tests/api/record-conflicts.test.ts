/**
 * baseRev on record updates (contract/sync.ts): the same rev applies; an older one keeps the
 * server's copy, answers 200 with the kept record and a 'changed' notice and puts the device's
 * version in record_history; an update of a deleted record answers `{ id, deleted: true }` with a
 * 'deleted' notice; without baseRev the last write wins. A replay with the same Idempotency-Key
 * answers the same and adds nothing. For classes, students, teachers, subjects, class subjects and
 * admissions. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import type { ConflictNotice, SyncEntity } from '../../contract/sync';
import { recordHistory } from '../../server/db/service-tables';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let g: Tokens;
let classA: string;
let classB: string;
let secondTeacher: string;
let counter = 0;
const unique = () => ++counter;

type Body = Record<string, unknown>;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body, key?: string, token = g.admin) {
  return t.call({ method, url, tenant: 'green', token, payload, headers: key ? keyHeader(key) : {} });
}

async function ok(response: Promise<LightMyRequestResponse>): Promise<Body & { id: string; rev: number }> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json().data as Body & { id: string; rev: number };
}

interface Case {
  entity: SyncEntity;
  resource: { one(id: string): string; update(id: string): string; remove(id: string): string };
  updated: string;
  create(): Promise<string>;
  /** A full update body whose version `n` shows in `field` of the record as `shown(n)`. */
  body(n: number, id: string): Body;
  field: string;
  shown(n: number, id: string): unknown;
  deletable: boolean;
}

const subjectFor = new Map<string, string>();

const cases: Case[] = [
  {
    entity: 'classes',
    resource: paths.classes,
    updated: messages.classes.updated,
    create: async () => (await ok(call('POST', paths.classes.create, { className: 'IX', classSection: `S${unique()}` }))).id,
    body: (n) => ({ className: 'X', classSection: `V${n}` }),
    field: 'classSection',
    shown: (n) => `V${n}`,
    deletable: true,
  },
  {
    entity: 'students',
    resource: paths.students,
    updated: messages.students.updated,
    create: async () => (await ok(call('POST', paths.students.create, { firstName: 'Isha', classId: classA }))).id,
    body: (n) => ({ firstName: `Isha${'i'.repeat(n)}`, lastName: 'Rao', classId: classA }),
    field: 'firstName',
    shown: (n) => `Isha${'i'.repeat(n)}`,
    deletable: true,
  },
  {
    entity: 'teachers',
    resource: paths.teachers,
    updated: messages.teachers.updated,
    create: async () => (await ok(call('POST', paths.teachers.create, { firstName: 'Anil', employeeId: `EMP-C${unique()}` }))).id,
    body: (n) => ({ firstName: `Anil${'a'.repeat(n)}` }),
    field: 'firstName',
    shown: (n) => `Anil${'a'.repeat(n)}`,
    deletable: true,
  },
  {
    entity: 'subjects',
    resource: paths.subjects,
    updated: messages.subjects.updated,
    create: async () => (await ok(call('POST', paths.subjects.create, { subjectName: `Music ${unique()}` }))).id,
    body: (n, id) => ({ subjectName: `Music ${id.slice(0, 8)} v${n}` }),
    field: 'subjectName',
    shown: (n, id) => `Music ${id.slice(0, 8)} v${n}`,
    deletable: true,
  },
  {
    entity: 'classSubjects',
    resource: paths.classSubjects,
    updated: messages.classSubjects.updated,
    create: async () => {
      const subjectId = (await ok(call('POST', paths.subjects.create, { subjectName: `Drawing ${unique()}` }))).id;
      const id = (await ok(call('POST', paths.classSubjects.create, { classId: classB, subjectId }))).id;
      subjectFor.set(id, subjectId);
      return id;
    },
    body: (n, id) => ({ classId: classB, subjectId: subjectFor.get(id), teacherId: [null, green.teacherId, secondTeacher, null][n] }),
    field: 'teacherId',
    shown: (n) => [null, green.teacherId, secondTeacher, null][n],
    deletable: true,
  },
  {
    entity: 'admissions',
    resource: { ...paths.admissions, remove: () => '' },
    updated: messages.admissions.updated,
    create: async () =>
      (await ok(call('POST', paths.admissions.create, { admissionDate: '2025-06-10', student: { firstName: 'Tara', classId: classA } }))).id,
    body: (n) => ({ admissionDate: '2025-06-10', remarks: `Version ${n}`, student: { firstName: 'Tara', classId: classA } }),
    field: 'remarks',
    shown: (n) => `Version ${n}`,
    deletable: false,
  },
];

const history = (entity: SyncEntity, id: string) =>
  t.database.db
    .select()
    .from(recordHistory)
    .where(and(eq(recordHistory.tenantId, 'green'), eq(recordHistory.entity, entity), eq(recordHistory.recordId, id)));

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green', { teacherClasses: 'first' });
  g = await signInAll(t, green);
  [classA, classB] = green.classIds as [string, string];
  secondTeacher = (await ok(call('POST', paths.teachers.create, { firstName: 'Sunita', employeeId: 'EMP-02' }))).id;
});
afterAll(() => t.close());

describe.each(cases)('baseRev on $entity updates', (c) => {
  it("applies the same rev; keeps the server's copy against an older one, with the notice and the device's version in history; answers a replay the same", async () => {
    const id = await c.create();
    const first = await ok(call('GET', c.resource.one(id)));

    // The rev the device edited is the server's: applied.
    const applied = await call('PUT', c.resource.update(id), { ...c.body(1, id), baseRev: first.rev });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().message).toBe(c.updated);
    const current = applied.json().data as Body & { rev: number };
    expect(current[c.field]).toEqual(c.shown(1, id));
    expect(current.rev).toBeGreaterThan(first.rev);
    expect(current).not.toHaveProperty('conflict');

    // Another device edited the first copy: not applied, the server's copy kept.
    const key = randomUUID();
    const stale = { ...c.body(2, id), baseRev: first.rev };
    const lost = await call('PUT', c.resource.update(id), stale, key);
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().message).toBe(messages.sync.recordChanged);
    const stored = await ok(call('GET', c.resource.one(id)));
    expect(stored).toEqual(current);
    const { conflict, ...kept } = lost.json().data as Body & { conflict: ConflictNotice };
    expect(kept).toEqual(current);
    expect(conflict).toMatchObject({ entity: c.entity, id, reason: 'changed', kept: current, message: messages.sync.recordChanged });
    expect(conflict.yours).toMatchObject({ id, baseRev: first.rev });
    expect((conflict.yours as Body)[c.field]).toEqual(c.shown(2, id));

    const kepts = await history(c.entity, id);
    expect(kepts).toHaveLength(1);
    expect(kepts[0]).toMatchObject({ reason: 'changed', keptRev: current.rev, authorUserId: green.accounts.admin.id });
    expect(kepts[0]!.payload).toEqual(conflict.yours);

    // The same request again (a retry after a lost answer): the first answer, nothing new.
    const replay = await call('PUT', c.resource.update(id), stale, key);
    expect(replay.statusCode).toBe(200);
    expect(isReplay(replay)).toBe(true);
    expect(replay.json()).toEqual(lost.json());
    expect(await history(c.entity, id)).toHaveLength(1);
    expect(await ok(call('GET', c.resource.one(id)))).toEqual(current);

    // Without baseRev (an older client, an online form): the last write wins.
    const plain = await ok(call('PUT', c.resource.update(id), c.body(3, id)));
    expect(plain[c.field]).toEqual(c.shown(3, id));
    expect(plain.rev).toBeGreaterThan(current.rev);
  });

  it.runIf(c.deletable)('answers an update of a deleted record with { id, deleted: true } and a deleted notice', async () => {
    const id = await c.create();
    const first = await ok(call('GET', c.resource.one(id)));
    await ok(call('DELETE', c.resource.remove(id)));

    const key = randomUUID();
    const update = { ...c.body(2, id), baseRev: first.rev };
    const answer = await call('PUT', c.resource.update(id), update, key);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      success: true,
      message: messages.sync.recordDeleted,
      data: { id, deleted: true, conflict: { entity: c.entity, id, reason: 'deleted', kept: null, message: messages.sync.recordDeleted } },
    });
    expect(Object.keys(answer.json().data as Body).sort()).toEqual(['conflict', 'deleted', 'id']);
    const kepts = await history(c.entity, id);
    expect(kepts).toHaveLength(1);
    expect(kepts[0]).toMatchObject({ reason: 'deleted', keptRev: 0, payload: answer.json().data.conflict.yours });
    expect((await call('GET', c.resource.one(id))).statusCode).toBe(404);

    const replay = await call('PUT', c.resource.update(id), update, key);
    expect(isReplay(replay)).toBe(true);
    expect(replay.json()).toEqual(answer.json());
    // Without baseRev there is nothing to compare: still the route's 404.
    expect((await call('PUT', c.resource.update(id), c.body(3, id))).statusCode).toBe(404);
  });
});

describe('baseRev and permissions', () => {
  it("refuses a teacher's stale update of a class they do not teach (403), with nothing in history", async () => {
    const before = await ok(call('GET', paths.classes.one(classB)));
    await ok(call('PUT', paths.classes.update(classB), { className: 'VI', classSection: 'C' }));
    const refused = await call('PUT', paths.classes.update(classB), { className: 'VI', classSection: 'D', baseRev: before.rev }, undefined, g.teacher);
    expect(refused.statusCode).toBe(403);
    expect(await history('classes', classB)).toHaveLength(0);
  });

  it('checks the baseRev of a student update made by their class teacher', async () => {
    const aarav = green.studentIds[0]!;
    const before = await ok(call('GET', paths.students.one(aarav)));
    const body = { firstName: 'Aarav', lastName: 'Sharma', classId: classA, admissionId: before.admissionId };
    await ok(call('PUT', paths.students.update(aarav), { ...body, rollNumber: '7', baseRev: before.rev }, undefined, g.teacher));
    const lost = await call('PUT', paths.students.update(aarav), { ...body, rollNumber: '8', baseRev: before.rev }, undefined, g.teacher);
    expect(lost.statusCode).toBe(200);
    expect(lost.json().data).toMatchObject({ rollNumber: '7', conflict: { reason: 'changed', yours: { rollNumber: '8' } } });
    expect(await history('students', aarav)).toHaveLength(1);
  });
});

describe('baseRev and rows that travel again because a joined row changed', () => {
  it("applies an admission update based on the copy from before its student's edit, which moved its rev but not its own fields", async () => {
    const admission = await ok(call('POST', paths.admissions.create, { admissionDate: '2025-06-11', student: { firstName: 'Neha', classId: classA } }));
    const studentId = (admission.student as { id: string }).id;
    await ok(call('PUT', paths.students.update(studentId), { firstName: 'Neha', lastName: 'Kulkarni', classId: classA }));
    const touched = await ok(call('GET', paths.admissions.one(admission.id)));
    expect(touched.rev).toBeGreaterThan(admission.rev);

    const body = { admissionDate: '2025-06-11', remarks: 'Transport: bus 4', student: { firstName: 'Neha', lastName: 'Kulkarni', classId: classA } };
    const applied = await ok(call('PUT', paths.admissions.update(admission.id), { ...body, baseRev: admission.rev }));
    expect(applied.conflict).toBeUndefined();
    expect(applied.remarks).toBe('Transport: bus 4');
    expect(await history('admissions', admission.id)).toHaveLength(0);

    const lost = await ok(call('PUT', paths.admissions.update(admission.id), { ...body, remarks: 'Walks', baseRev: touched.rev }));
    expect(lost).toMatchObject({ remarks: 'Transport: bus 4', conflict: { reason: 'changed' } });
  });

  it('applies a subject rename based on the copy from before it was mapped to a class', async () => {
    const subject = await ok(call('POST', paths.subjects.create, { subjectName: `Sanskrit ${unique()}` }));
    await ok(call('POST', paths.classSubjects.create, { classId: classA, subjectId: subject.id }));
    expect((await ok(call('GET', paths.subjects.one(subject.id)))).rev).toBeGreaterThan(subject.rev);

    const renamed = await ok(call('PUT', paths.subjects.update(subject.id), { subjectName: `${String(subject.subjectName)} II`, baseRev: subject.rev }));
    expect(renamed.conflict).toBeUndefined();
    expect(renamed.subjectName).toBe(`${String(subject.subjectName)} II`);
  });

  it("applies a mapping's teacher change based on the copy from before its teacher was renamed", async () => {
    const subjectId = (await ok(call('POST', paths.subjects.create, { subjectName: `Yoga ${unique()}` }))).id;
    const mapping = await ok(call('POST', paths.classSubjects.create, { classId: classB, subjectId, teacherId: secondTeacher }));
    await ok(call('PUT', paths.teachers.update(secondTeacher), { firstName: 'Sunita', lastName: `Menon ${unique()}`, employeeId: 'EMP-02' }));
    expect((await ok(call('GET', paths.classSubjects.one(mapping.id)))).rev).toBeGreaterThan(mapping.rev);

    const moved = await ok(call('PUT', paths.classSubjects.update(mapping.id), { classId: classB, subjectId, teacherId: green.teacherId, baseRev: mapping.rev }));
    expect(moved.conflict).toBeUndefined();
    expect(moved.teacherId).toBe(green.teacherId);
  });
});
