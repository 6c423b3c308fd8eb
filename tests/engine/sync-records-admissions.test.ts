/**
 * Admissions and certificates in the offline engine against the real server in-process: an
 * admission made offline shows no admission number (entry and student) until the school gives
 * one; what depends on it (an edit of the student, a certificate) waits and goes out with the
 * number; edits and cancelling; a rejected admission rolled back; a certificate's serial and
 * print data once the school accepts the issue, and a resend that answers the first issue.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { academicYearLabel, academicYearOf } from '../../contract/admission';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { students } from '../../server/db/core-tables';
import { admissions } from '../../server/modules/admissions/tables';
import { certificates } from '../../server/modules/certificates/tables';
import type { SyncEngine } from '../../sync';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { admissionsTable, certificatesTable } from '../../sync/modules/records';
import { studentsTable } from '../../sync/modules/students';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

const db = () => h.server.database.db;

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

async function adminEngine(): Promise<SyncEngine> {
  await h.signIn('admin');
  const engine = h.engine('admin');
  expect((await engine.syncNow()).status).toBe('ok');
  return engine;
}

const anaya = (classId: string) => ({ firstName: 'Anaya', lastName: 'Joshi', classId, rollNumber: '11', fatherName: 'Vikram Joshi' });

describe('admissions', () => {
  it('made offline: no admission number on the entry or the student; the edit and the certificate waiting on it go out with the number', async () => {
    h = await createSyncHarness(server);
    const engine = await adminEngine();
    const [c0] = h.school.classIds as [string];
    const { result } = await engine.mutate('admissions.create', { admissionDate: '2026-06-10', previousSchool: 'ZP School, Wai', student: anaya(c0) });
    const admissionId = String(result);
    const entry = (await engine.db.tableOf(admissionsTable).get(admissionId))!;
    expect(entry).toMatchObject({
      admissionNumber: null,
      admissionSeq: null,
      admissionYear: 2026,
      academicYear: '2026-27',
      admissionDate: '2026-06-10',
      status: 'admitted',
      classId: c0,
      className: 'V',
      classSection: 'A',
      previousSchool: 'ZP School, Wai',
      remarks: null,
      rev: 0,
    });
    const studentId = entry.studentId;
    expect(await engine.db.tableOf(studentsTable).get(studentId)).toMatchObject({ admissionId: null, firstName: 'Anaya', classId: c0, rollNumber: '11', rev: 0 });
    expect((await engine.db.tableOf(admissionsTable).where('studentId').equals(studentId).toArray()).map((row) => row.id)).toEqual([admissionId]);
    expect(await engine.db.tableOf(admissionsTable).where({ status: 'admitted', admissionYear: 2026 }).count()).toBe(1);

    // The student's form shows no admission id yet and sends it as it is (a PUT replaces every field).
    await engine.mutate('students.update', { id: studentId, admissionId: null, ...anaya(c0), rollNumber: '12' });
    const { result: certificateId } = await engine.mutate('certificates.issue', { kind: 'bonafide', studentId, purpose: 'Bank account' });
    expect(await engine.db.tableOf(certificatesTable).get(String(certificateId))).toEqual({
      id: certificateId,
      kind: 'bonafide',
      studentId,
      serial: null,
      serialNumber: null,
      issueDate: localToday(),
      studentName: 'Anaya Joshi',
      issuedBy: h.username('admin'),
      print: null,
      rev: 0,
    });
    const [admit, edit, issue] = await engine.db.outbox.orderBy('seq').toArray();
    expect(edit!.dependsOn).toEqual([admit!.id]);
    expect(issue!.dependsOn).toEqual([admit!.id]);
    expect(issue!.path).toBe(paths.certificates.issue('bonafide', studentId));

    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    expect(await engine.db.rejected.count()).toBe(0);
    const [stored] = await db().select().from(admissions).where(eq(admissions.id, admissionId));
    expect(stored).toMatchObject({ admissionNumber: '2026-0001', admissionSeq: 1, studentId, status: 'admitted' });
    const [storedStudent] = await db().select().from(students).where(eq(students.id, studentId));
    expect(storedStudent).toMatchObject({ admissionId: '2026-0001', rollNumber: '12' });
    expect(await engine.db.tableOf(admissionsTable).get(admissionId)).toMatchObject({ admissionNumber: '2026-0001', admissionSeq: 1, rev: stored!.rev });
    expect(await engine.db.tableOf(studentsTable).get(studentId)).toMatchObject({ admissionId: '2026-0001', rollNumber: '12' });
    expect(await engine.db.tableOf(admissionsTable).where('admissionNumber').equals('2026-0001').count()).toBe(1);
    const certificate = (await engine.db.tableOf(certificatesTable).get(String(certificateId)))!;
    expect(certificate).toMatchObject({ serial: 'BC-0001', serialNumber: 1 });
    expect(certificate.print).toMatchObject({ serial: 'BC-0001', student: { admissionId: '2026-0001', rollNumber: '12' }, details: { purpose: 'Bank account' } });
    expect(await engine.db.tableOf(certificatesTable).where('serial').equals('BC-0001').count()).toBe(1);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('an edit carries the entry rev and changes entry and student at once; cancelling keeps the number', async () => {
    h = await createSyncHarness(server);
    const engine = await adminEngine();
    const [c0, c1] = h.school.classIds as [string, string];
    const { result } = await engine.mutate('admissions.create', { admissionDate: '2026-07-01', student: anaya(c0) });
    const id = String(result);
    await engine.syncNow();
    const admitted = (await engine.db.tableOf(admissionsTable).get(id))!;
    expect(admitted.admissionNumber).toBe('2026-0001');

    await engine.mutate('admissions.update', { id, admissionDate: '2026-07-02', remarks: 'Sibling in VI-B', student: { ...anaya(c1), lastName: 'Joshi-Rane' } });
    const [entry] = await engine.db.outbox.toArray();
    expect(entry!.body).toMatchObject({ baseRev: admitted.rev });
    expect(entry!.refs).toEqual([`admissions:${id}`, `students:${admitted.studentId}`]);
    expect(await engine.db.tableOf(admissionsTable).get(id)).toMatchObject({
      admissionNumber: '2026-0001',
      admissionDate: '2026-07-02',
      remarks: 'Sibling in VI-B',
      classId: c1,
      className: 'VI',
      classSection: 'B',
    });
    expect(await engine.db.tableOf(studentsTable).get(admitted.studentId)).toMatchObject({ lastName: 'Joshi-Rane', classId: c1, admissionId: '2026-0001' });
    await engine.syncNow();
    const [edited] = await db().select().from(admissions).where(eq(admissions.id, id));
    expect(edited).toMatchObject({ admissionDate: '2026-07-02', remarks: 'Sibling in VI-B', classId: c1, admissionNumber: '2026-0001' });
    expect((await db().select().from(students).where(eq(students.id, admitted.studentId)))[0]).toMatchObject({ lastName: 'Joshi-Rane' });

    await engine.mutate('admissions.cancel', { id });
    expect(await engine.db.tableOf(admissionsTable).get(id)).toMatchObject({ status: 'cancelled', admissionNumber: '2026-0001' });
    expect(await engine.db.tableOf(admissionsTable).where('status').equals('cancelled').count()).toBe(1);
    await engine.syncNow();
    expect((await db().select().from(admissions).where(eq(admissions.id, id)))[0]).toMatchObject({ status: 'cancelled', admissionNumber: '2026-0001' });
    expect(await engine.db.tableOf(admissionsTable).get(id)).toMatchObject({ status: 'cancelled', admissionNumber: '2026-0001' });
    expect(await engine.db.rejected.count()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('an admission the school rejects is rolled back (entry and student), and the certificate waiting on it goes with it', async () => {
    h = await createSyncHarness(server);
    const engine = await adminEngine();
    const before = { admissions: await engine.db.tableOf(admissionsTable).count(), students: await engine.db.tableOf(studentsTable).count() };
    const { result } = await engine.mutate('admissions.create', { student: { firstName: '   ', lastName: 'Nobody' } });
    const id = String(result);
    const pending = (await engine.db.tableOf(admissionsTable).get(id))!;
    expect(pending).toMatchObject({ admissionNumber: null, admissionDate: localToday(), academicYear: academicYearLabel(academicYearOf(localToday())) });
    await engine.mutate('certificates.issue', { kind: 'studentDetails', studentId: pending.studentId });
    expect(await engine.db.tableOf(studentsTable).count()).toBe(before.students + 1);

    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    expect(await engine.db.tableOf(admissionsTable).get(id)).toBeUndefined();
    expect(await engine.db.tableOf(studentsTable).get(pending.studentId)).toBeUndefined();
    expect(await engine.db.tableOf(certificatesTable).count()).toBe(0);
    expect({ admissions: await engine.db.tableOf(admissionsTable).count(), students: await engine.db.tableOf(studentsTable).count() }).toEqual(before);
    const rejected = await engine.db.rejected.toArray();
    const admit = rejected.find((row) => row.kind === 'admissions.create')!;
    expect(admit.status).toBe(400);
    expect(admit.message).toContain(messages.records.fields.required('First name'));
    expect(rejected.find((row) => row.kind === 'certificates.issue')).toMatchObject({ causedBy: admit.id, message: messages.sync.dependencyRejected });
    expect(await db().select().from(admissions).where(eq(admissions.tenantId, h.tenantId))).toEqual([]);
    expect(await engine.db.base.count()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });
});

describe('certificates', () => {
  it('an issue whose answer was lost is sent again under its key and id: one line in the register, its serial shown', async () => {
    h = await createSyncHarness(server);
    const engine = await adminEngine();
    const [s0] = h.school.studentIds as [string];
    const { result } = await engine.mutate('certificates.issue', { kind: 'transfer', studentId: s0, reasonForLeaving: 'Family moved', conduct: 'Good' });
    const id = String(result);
    expect(await engine.db.tableOf(certificatesTable).get(id)).toMatchObject({ kind: 'transfer', serial: null, print: null, studentName: 'Aarav Sharma' });
    expect(await engine.db.tableOf(certificatesTable).where({ studentId: s0 }).count()).toBe(1);
    expect(await engine.db.tableOf(certificatesTable).where('kind').equals('transfer').count()).toBe(1);
    let dropped = 0;
    h.net.faults = (request) => (request.method === 'POST' && dropped++ === 0 ? { kind: 'drop-response' } : { kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('no-response');
    expect(await engine.db.tableOf(certificatesTable).get(id)).toMatchObject({ serial: null });

    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const stored = await db().select().from(certificates).where(and(eq(certificates.tenantId, h.tenantId)));
    expect(stored.map((row) => [row.id, row.serial])).toEqual([[id, 'TC-0001']]);
    const shown = (await engine.db.tableOf(certificatesTable).get(id))!;
    expect(shown).toMatchObject({ serial: 'TC-0001', serialNumber: 1, rev: stored[0]!.rev });
    expect(shown.print).toMatchObject({ kind: 'transfer', details: { reasonForLeaving: 'Family moved', conduct: 'Good' } });
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });
});
