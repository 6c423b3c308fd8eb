/**
 * School records in the offline engine against the real server in-process: students, teachers,
 * subjects, class subjects and the class teacher made, edited and deleted offline, then accepted;
 * updates of offline-made records waiting for their create and going out on the school's rev; a
 * conflict answer (contract/sync.ts) shown as "changed elsewhere" with the kept version; a
 * rejected create rolled back. Every test checks the server's stored rows and, after a sync, the
 * mirror against a fresh full pull.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import type { ConflictNotice } from '../../contract/sync';
import { classSubjects, classes, students, subjects, teachers } from '../../server/db/core-tables';
import { recordHistory } from '../../server/db/service-tables';
import type { ConflictRow } from '../../sync';
import type { TestApp } from '../support/test-app';
import { keyHeader } from '../support/sync-api';
import { createSyncHarness, createSyncServer, mirrorView, serverView, waitFor, type SyncHarness } from '../support/sync-harness';
import { studentsTable } from '../../sync/modules/students';
import { classSubjectsTable } from '../../sync/modules/class-subjects';
import { classesTable } from '../../sync/modules/classes';
import { teachersTable } from '../../sync/modules/teachers';
import { subjectsTable } from '../../sync/modules/subjects';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

interface Answer {
  method: string;
  url: string;
  status: number;
  body: unknown;
  data: Record<string, unknown>;
}

/** Records every answer the engine gets (the request's body and the envelope's data). */
function captureAnswers(harness: SyncHarness): Answer[] {
  const answers: Answer[] = [];
  const original = harness.net.fetch;
  harness.net.fetch = async (input, init) => {
    const response = await original(input, init);
    const text = await response.clone().text();
    answers.push({
      method: init.method ?? 'GET',
      url: new URL(input, 'http://localhost').pathname,
      status: response.status,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      data: text ? (JSON.parse(text) as { data: Record<string, unknown> }).data : {},
    });
    return response;
  };
  return answers;
}

const db = () => h.server.database.db;

async function liveStudent(id: string) {
  const [row] = await db().select().from(students).where(and(eq(students.id, id), isNull(students.deletedAt)));
  return row;
}

async function signedIn(role: 'admin' | 'teacher') {
  const token = await h.signIn(role);
  const engine = h.engine(role);
  expect((await engine.syncNow()).status).toBe('ok');
  return { engine, token };
}

describe('students', () => {
  it('made offline: shown at once (rev 0), accepted with the school rev; the update of it waits for the create and goes on its rev', async () => {
    h = await createSyncHarness(server);
    const { engine } = await signedIn('admin');
    const [c0] = h.school.classIds as [string];
    const { result } = await engine.mutate('students.create', { firstName: '  Ishaan ', lastName: 'Rao', classId: c0, rollNumber: '7' });
    const id = String(result);
    expect(await engine.db.tableOf(studentsTable).get(id)).toMatchObject({ id, firstName: 'Ishaan', lastName: 'Rao', classId: c0, rollNumber: '7', admissionId: null, rev: 0 });
    expect((await engine.db.tableOf(studentsTable).where('rollNumber').equals('7').toArray()).map((row) => row.id)).toEqual([id]);

    await engine.mutate('students.update', { id, firstName: 'Ishaan', lastName: 'Rao', classId: c0, rollNumber: '8' });
    const [create, update] = await engine.db.outbox.orderBy('seq').toArray();
    expect(update!.dependsOn).toEqual([create!.id]);
    expect(update!.body).not.toHaveProperty('baseRev');
    expect(await engine.db.tableOf(studentsTable).get(id)).toMatchObject({ rollNumber: '8', rev: 0 });

    // The create does not reach the school: the update waits behind it.
    h.net.faults = (request) => (request.method === 'POST' ? { kind: 'drop-request' } : { kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('no-response');
    expect(h.net.requests.some((request) => request.method === 'PUT')).toBe(false);
    expect(await liveStudent(id)).toBeUndefined();

    h.net.faults = () => ({ kind: 'pass' });
    const answers = captureAnswers(h);
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.pendingCount()).toBe(0);
    const created = answers.find((answer) => answer.method === 'POST' && answer.url === paths.students.create)!;
    expect(created.status).toBe(201);
    const put = answers.find((answer) => answer.method === 'PUT')!;
    expect(put.url).toBe(paths.students.update(id));
    expect(put.body).toMatchObject({ baseRev: created.data.rev, rollNumber: '8' });
    const stored = await liveStudent(id);
    expect(stored).toMatchObject({ firstName: 'Ishaan', lastName: 'Rao', rollNumber: '8', classId: c0 });
    expect(await engine.db.tableOf(studentsTable).get(id)).toMatchObject({ rollNumber: '8', rev: stored!.rev });
    expect(await engine.db.base.count()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('an update of a record the school has carries its rev; a delete removes it at once and at the school', async () => {
    h = await createSyncHarness(server);
    const { engine } = await signedIn('teacher');
    const [s0] = h.school.studentIds as [string];
    const before = (await engine.db.tableOf(studentsTable).get(s0))!;
    expect(before.rev).toBeGreaterThan(0);
    await engine.mutate('students.update', {
      id: s0,
      admissionId: String(before.admissionId),
      firstName: 'Aarav',
      lastName: 'Sharma-Kulkarni',
      classId: before.classId,
    });
    const [entry] = await engine.db.outbox.toArray();
    expect(entry!.body).toMatchObject({ baseRev: before.rev, lastName: 'Sharma-Kulkarni' });
    expect(await engine.db.tableOf(studentsTable).get(s0)).toMatchObject({ lastName: 'Sharma-Kulkarni', phoneNumber: null, rev: before.rev });
    await engine.syncNow();
    expect(await liveStudent(s0)).toMatchObject({ lastName: 'Sharma-Kulkarni', phoneNumber: null });

    await engine.mutate('students.delete', { id: s0 });
    expect(await engine.db.tableOf(studentsTable).get(s0)).toBeUndefined();
    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    expect(await engine.db.rejected.count()).toBe(0);
    expect(await liveStudent(s0)).toBeUndefined();
    expect(await engine.db.tableOf(studentsTable).get(s0)).toBeUndefined();
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('a create the school rejects is rolled back with its message, and the update waiting on it goes with it', async () => {
    h = await createSyncHarness(server);
    const { engine } = await signedIn('admin');
    const { result } = await engine.mutate('students.create', { firstName: 'Zoya', lastName: 'Khan', phoneNumber: '12345' });
    const id = String(result);
    await engine.mutate('students.update', { id, firstName: 'Zoya', lastName: 'Khan', phoneNumber: '12346' });
    expect(await engine.db.tableOf(studentsTable).get(id)).toMatchObject({ firstName: 'Zoya', phoneNumber: '12346' });
    const count = await engine.db.tableOf(studentsTable).count();

    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    expect(await engine.db.tableOf(studentsTable).get(id)).toBeUndefined();
    expect(await engine.db.tableOf(studentsTable).count()).toBe(count - 1);
    const rejected = await engine.db.rejected.toArray();
    const create = rejected.find((row) => row.kind === 'students.create')!;
    expect(create).toMatchObject({ status: 400 });
    expect(create.message).toContain(messages.records.fields.mobile('Phone number'));
    expect(rejected.find((row) => row.kind === 'students.update')).toMatchObject({
      causedBy: create.id,
      message: messages.sync.dependencyRejected,
    });
    expect(h.net.requests.some((request) => request.method === 'PUT')).toBe(false);
    expect(await liveStudent(id)).toBeUndefined();
    expect(await engine.db.base.count()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });
});

describe('teachers and subjects', () => {
  it('teachers: create offline then accepted, update on the school rev, delete', async () => {
    h = await createSyncHarness(server);
    const { engine } = await signedIn('admin');
    const { result } = await engine.mutate('teachers.create', { employeeId: 'EMP-09', firstName: 'Ravi', lastName: 'Menon', subjects: 'Maths' });
    const id = String(result);
    expect(await engine.db.tableOf(teachersTable).get(id)).toMatchObject({ employeeId: 'EMP-09', firstName: 'Ravi', lastName: 'Menon', emailId: null, rev: 0 });
    expect((await engine.db.tableOf(teachersTable).where('lastName').equals('Menon').toArray()).map((row) => row.id)).toEqual([id]);
    await engine.syncNow();
    const [stored] = await db().select().from(teachers).where(eq(teachers.id, id));
    expect(stored).toMatchObject({ employeeId: 'EMP-09', firstName: 'Ravi', subjects: 'Maths' });
    expect(await engine.db.tableOf(teachersTable).get(id)).toMatchObject({ rev: stored!.rev });

    await engine.mutate('teachers.update', { id, employeeId: 'EMP-09', firstName: 'Ravi', lastName: 'Menon', subjects: 'Maths, Physics' });
    expect((await engine.db.outbox.toArray())[0]!.body).toMatchObject({ baseRev: stored!.rev });
    expect(await engine.db.tableOf(teachersTable).get(id)).toMatchObject({ subjects: 'Maths, Physics' });
    await engine.syncNow();
    const [updated] = await db().select().from(teachers).where(eq(teachers.id, id));
    expect(updated).toMatchObject({ subjects: 'Maths, Physics' });
    expect(updated!.rev).toBeGreaterThan(stored!.rev);

    await engine.mutate('teachers.delete', { id });
    expect(await engine.db.tableOf(teachersTable).get(id)).toBeUndefined();
    await engine.syncNow();
    const [deleted] = await db().select().from(teachers).where(eq(teachers.id, id));
    expect(deleted!.deletedAt).not.toBeNull();
    expect(await engine.db.rejected.count()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('subjects: create and an update of it offline (the update waits, then goes on the created rev), delete', async () => {
    h = await createSyncHarness(server);
    const { engine } = await signedIn('admin');
    const { result } = await engine.mutate('subjects.create', { subjectName: 'Sanskrit' });
    const id = String(result);
    await engine.mutate('subjects.update', { id, subjectName: 'Sanskrit', subjectCode: 'SKT' });
    expect(await engine.db.tableOf(subjectsTable).get(id)).toEqual({ id, subjectName: 'Sanskrit', subjectCode: 'SKT', rev: 0 });
    expect((await engine.db.tableOf(subjectsTable).where('subjectName').equals('Sanskrit').toArray()).map((row) => row.id)).toEqual([id]);
    const [create, update] = await engine.db.outbox.orderBy('seq').toArray();
    expect(update!.dependsOn).toEqual([create!.id]);

    const answers = captureAnswers(h);
    await engine.syncNow();
    const created = answers.find((answer) => answer.method === 'POST')!;
    expect(answers.find((answer) => answer.method === 'PUT')!.body).toMatchObject({ baseRev: created.data.rev });
    const [stored] = await db().select().from(subjects).where(eq(subjects.id, id));
    expect(stored).toMatchObject({ subjectName: 'Sanskrit', subjectCode: 'SKT' });
    expect(await engine.db.tableOf(subjectsTable).get(id)).toEqual({ id, subjectName: 'Sanskrit', subjectCode: 'SKT', rev: stored!.rev });

    await engine.mutate('subjects.delete', { id });
    expect(await engine.db.tableOf(subjectsTable).get(id)).toBeUndefined();
    await engine.syncNow();
    const [deleted] = await db().select().from(subjects).where(eq(subjects.id, id));
    expect(deleted!.deletedAt).not.toBeNull();
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });
});

describe('class subjects and the class teacher', () => {
  it('a mapping of a subject and a teacher both made offline shows the names at once and waits for both', async () => {
    h = await createSyncHarness(server);
    const { engine } = await signedIn('admin');
    const [, c1] = h.school.classIds as [string, string];
    const { result: subjectId } = await engine.mutate('subjects.create', { subjectName: 'Marathi', subjectCode: 'MR' });
    const { result: teacherId } = await engine.mutate('teachers.create', { firstName: 'Sunita', lastName: 'Patil' });
    const { result } = await engine.mutate('classSubjects.create', { classId: c1, subjectId: String(subjectId), teacherId: String(teacherId) });
    const id = String(result);
    expect(await engine.db.tableOf(classSubjectsTable).get(id)).toEqual({
      id,
      classId: c1,
      subjectId,
      teacherId,
      className: 'VI',
      classSection: 'B',
      subjectName: 'Marathi',
      teacherName: 'Sunita Patil',
      rev: 0,
    });
    expect(await engine.db.tableOf(classSubjectsTable).where('[classId+subjectId]').equals([c1, String(subjectId)]).count()).toBe(1);
    expect(await engine.db.tableOf(classSubjectsTable).where('teacherId').equals(String(teacherId)).count()).toBe(1);
    await engine.mutate('classes.setClassTeacher', { classId: c1, teacherId: String(teacherId) });
    expect(await engine.db.tableOf(classesTable).get(c1)).toMatchObject({ classTeacherId: teacherId });
    expect(await engine.db.tableOf(classesTable).where('classTeacherId').equals(String(teacherId)).count()).toBe(1);
    const entries = await engine.db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => entry.kind)).toEqual([
      'subjects.create',
      'teachers.create',
      'classSubjects.create',
      'classes.setClassTeacher',
    ]);
    expect(entries[2]!.dependsOn.sort()).toEqual([entries[0]!.id, entries[1]!.id].sort());
    expect(entries[3]!.dependsOn).toEqual([entries[1]!.id]);

    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const [mapping] = await db().select().from(classSubjects).where(eq(classSubjects.id, id));
    expect(mapping).toMatchObject({ classId: c1, subjectId, teacherId });
    const [klass] = await db().select().from(classes).where(eq(classes.id, c1));
    expect(klass!.classTeacherId).toBe(teacherId);
    expect(await engine.db.tableOf(classSubjectsTable).get(id)).toMatchObject({ teacherName: 'Sunita Patil', rev: mapping!.rev });
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));

    // Reassigned to the fixture teacher, then removed; the class teacher cleared.
    await engine.mutate('classSubjects.update', { id, classId: c1, subjectId: String(subjectId), teacherId: h.school.teacherId });
    expect(await engine.db.tableOf(classSubjectsTable).get(id)).toMatchObject({ teacherId: h.school.teacherId, teacherName: 'Meera Nair' });
    expect((await engine.db.outbox.toArray())[0]!.body).toMatchObject({ baseRev: mapping!.rev });
    await engine.mutate('classes.setClassTeacher', { classId: c1, teacherId: null });
    expect(await engine.db.tableOf(classesTable).get(c1)).toMatchObject({ classTeacherId: null });
    await engine.syncNow();
    const [reassigned] = await db().select().from(classSubjects).where(eq(classSubjects.id, id));
    expect(reassigned!.teacherId).toBe(h.school.teacherId);
    expect((await db().select().from(classes).where(eq(classes.id, c1)))[0]!.classTeacherId).toBeNull();
    await engine.mutate('classSubjects.delete', { id });
    expect(await engine.db.tableOf(classSubjectsTable).get(id)).toBeUndefined();
    await engine.syncNow();
    expect((await db().select().from(classSubjects).where(eq(classSubjects.id, id)))[0]!.deletedAt).not.toBeNull();
    expect(await engine.db.rejected.count()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });
});

describe('conflicts (contract/sync.ts: the kept record and its notice)', () => {
  it('an update whose base rev lost shows the kept version and lands in "changed elsewhere"', async () => {
    h = await createSyncHarness(server);
    const { engine, token } = await signedIn('admin');
    const [s0] = h.school.studentIds as [string];
    const seen = (await engine.db.tableOf(studentsTable).get(s0))!;
    // Someone else changes the student at the school; this device has not pulled it.
    const other = await h.server.call({
      method: 'PUT',
      url: paths.students.update(s0),
      tenant: h.tenantId,
      token,
      headers: keyHeader(),
      payload: { admissionId: seen.admissionId, firstName: 'Aarav', lastName: 'Deshmukh', classId: seen.classId },
    });
    expect(other.statusCode).toBe(200);
    const kept = (other.json() as { data: Record<string, unknown> }).data;

    await engine.mutate('students.update', { id: s0, admissionId: String(seen.admissionId), firstName: 'Aarav', lastName: 'Mine', classId: seen.classId });
    const [entry] = await engine.db.outbox.toArray();
    expect(entry!.body).toMatchObject({ baseRev: seen.rev });
    expect(await engine.db.tableOf(studentsTable).get(s0)).toMatchObject({ lastName: 'Mine' });
    const notice: ConflictNotice = {
      entity: 'students',
      id: s0,
      reason: 'changed',
      kept,
      yours: entry!.body,
      message: messages.sync.conflict,
    };
    h.net.faults = (request) =>
      request.method === 'PUT'
        ? { kind: 'status', status: 200, body: { success: true, message: messages.sync.conflict, data: { ...kept, conflict: notice } } }
        : request.method === 'GET'
          ? { kind: 'status', status: 503 }
          : { kind: 'pass' };

    let shown: ConflictRow[] = [];
    const subscription = engine.conflicts$.subscribe((rows) => (shown = rows));
    // The answer alone (the pull after it fails): the mirror shows the kept version.
    expect((await engine.syncNow()).status).toBe('error');
    expect(await engine.pendingCount()).toBe(0);
    expect(await engine.db.rejected.count()).toBe(0);
    const [conflict] = await engine.db.conflicts.toArray();
    expect(conflict).toMatchObject({ entryId: entry!.id, entity: 'students', recordId: s0, message: messages.sync.conflict, kept });
    expect(await engine.db.tableOf(studentsTable).get(s0)).toMatchObject({ lastName: 'Deshmukh', rev: kept.rev });
    expect(await engine.db.base.count()).toBe(0);
    await waitFor(() => shown.length, (n) => n === 1);
    subscription.unsubscribe();
    expect(await liveStudent(s0)).toMatchObject({ lastName: 'Deshmukh' });
    h.net.faults = () => ({ kind: 'pass' });
    await engine.syncNow();
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('two devices against the real server: the later edit on an old rev is kept in history, the school keeps the first (students and classes)', async () => {
    h = await createSyncHarness(server);
    const { engine: office } = await signedIn('admin');
    const { engine: teacher } = await signedIn('teacher');
    const [s0] = h.school.studentIds as [string];
    const [c0] = h.school.classIds as [string];
    const seen = (await teacher.db.tableOf(studentsTable).get(s0))!;
    const shared = { admissionId: String(seen.admissionId), firstName: 'Aarav', classId: seen.classId };
    await office.mutate('students.update', { id: s0, ...shared, lastName: 'Office' });
    await office.mutate('classes.update', { id: c0, className: 'V', classSection: 'C' });
    await office.syncNow();
    await teacher.mutate('students.update', { id: s0, ...shared, lastName: 'Teacher' });
    await teacher.mutate('classes.update', { id: c0, className: 'V', classSection: 'D' });
    const sent = await teacher.db.outbox.orderBy('seq').toArray();
    expect(sent.map((entry) => (entry.body as { baseRev?: number }).baseRev)).toEqual([seen.rev, (await teacher.db.tableOf(classesTable).get(c0))!.rev]);

    await teacher.syncNow();
    expect(await teacher.pendingCount()).toBe(0);
    expect(await teacher.db.rejected.count()).toBe(0);
    const conflicts = await teacher.db.conflicts.orderBy('seq').toArray();
    expect(conflicts.map((row) => [row.entity, row.recordId, row.message])).toEqual([
      ['students', s0, messages.sync.recordChanged],
      ['classes', c0, messages.sync.recordChanged],
    ]);
    expect(await teacher.db.tableOf(studentsTable).get(s0)).toMatchObject({ lastName: 'Office' });
    expect(await teacher.db.tableOf(classesTable).get(c0)).toMatchObject({ classSection: 'C' });
    expect(await liveStudent(s0)).toMatchObject({ lastName: 'Office' });
    const history = await db().select().from(recordHistory).where(eq(recordHistory.tenantId, h.tenantId));
    expect(history.map((row) => [row.entity, row.recordId, row.authorUserId])).toEqual([
      ['students', s0, h.school.accounts.teacher.id],
      ['classes', c0, h.school.accounts.teacher.id],
    ]);
    expect(history[0]!.payload).toMatchObject({ lastName: 'Teacher' });
    expect(await mirrorView(teacher.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('an update of a record deleted elsewhere ({ id, deleted: true }) removes it and lands in "changed elsewhere"', async () => {
    h = await createSyncHarness(server);
    const { engine, token } = await signedIn('admin');
    const { result } = await engine.mutate('subjects.create', { subjectName: 'Music' });
    const id = String(result);
    await engine.syncNow();
    const removed = await h.server.call({ method: 'DELETE', url: paths.subjects.remove(id), tenant: h.tenantId, token, headers: keyHeader() });
    expect(removed.statusCode).toBe(200);

    await engine.mutate('subjects.update', { id, subjectName: 'Music and Dance' });
    const [entry] = await engine.db.outbox.toArray();
    const notice: ConflictNotice = { entity: 'subjects', id, reason: 'deleted', kept: null, yours: entry!.body, message: messages.sync.conflict };
    h.net.faults = (request) =>
      request.method === 'PUT'
        ? { kind: 'status', status: 200, body: { success: true, message: messages.sync.conflict, data: { id, deleted: true, conflict: notice } } }
        : request.method === 'GET'
          ? { kind: 'status', status: 503 }
          : { kind: 'pass' };
    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    expect(await engine.db.tableOf(subjectsTable).get(id)).toBeUndefined();
    expect(await engine.db.conflicts.toArray()).toMatchObject([{ entity: 'subjects', recordId: id, kept: null }]);
    h.net.faults = () => ({ kind: 'pass' });
    await engine.syncNow();
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });
});
