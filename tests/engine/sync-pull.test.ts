/**
 * The puller and attendance, against the real server in-process: mirror equals server, pending
 * changes stay on top of pulled versions (no flicker), role scopes and the reset when a student
 * changes class (docs/sync.md test 9), pulls while other writes commit and resuming an interrupted pull
 * (test 10), two teachers marking the same student with skewed clocks (tests 11 and 12).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { headers } from '../../contract/envelope';
import { paths } from '../../contract/paths';
import { students } from '../../server/db/core-tables';
import { recordHistory } from '../../server/db/service-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { createConnectivity } from '../../sync/connectivity';
import type { SyncEngine } from '../../sync';
import { metaKeys } from '../../sync/db';
import type { Clock } from '../../sync/http';
import { realClock } from '../../sync/http';
import type { Fault } from '../support/inject-fetch';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, waitFor, type SyncHarness } from '../support/sync-harness';
import { attendanceTable } from '../../sync/modules/attendance';
import { classesTable } from '../../sync/modules/classes';
import { studentsTable } from '../../sync/modules/students';
import { teachersTable } from '../../sync/modules/teachers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

const today = '2025-06-10';

async function serverAttendance(harness: SyncHarness) {
  return harness.server.database.db.select().from(attendance).where(eq(attendance.tenantId, harness.tenantId));
}

async function expectMirrorEqualsServer(harness: SyncHarness, engine: SyncEngine, role: Parameters<SyncHarness['engine']>[0]) {
  expect(await mirrorView(engine.db)).toEqual(await serverView(harness, role));
}

describe('pull', () => {
  it('fills a teacher\'s mirror with the school; attendance marked offline reaches it once, under the device\'s id', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher');
    await engine.syncNow();
    expect(await engine.db.tableOf(classesTable).count()).toBe(2);
    expect(await engine.db.tableOf(studentsTable).count()).toBe(3);
    expect(await engine.db.tableOf(teachersTable).count()).toBe(1);
    await expectMirrorEqualsServer(h, engine, 'teacher');
    expect(await engine.db.tableOf(studentsTable).where('classId').equals(h.school.classIds[0]!).count()).toBe(2);

    h.net.down = true;
    const [c0] = h.school.classIds;
    const [s0, , s2] = h.school.studentIds;
    await engine.mutate('attendance.markSheet', { classId: c0!, date: today, entries: [{ studentId: s0!, status: 'absent' }, { studentId: s2!, status: 'present' }] });
    await engine.mutate('attendance.markSheet', { classId: c0!, date: today, entries: [{ studentId: s0!, status: 'late', remark: 'bus' }] });
    expect(await engine.pendingCount()).toBe(1);
    const deviceIds = (await engine.db.tableOf(attendanceTable).toArray()).map((row) => row.id).sort();
    await engine.syncNow();
    h.net.down = false;
    await engine.syncNow();

    expect(await engine.pendingCount()).toBe(0);
    const rows = await serverAttendance(h);
    expect(rows.map((row) => row.id).sort()).toEqual(deviceIds);
    expect(rows.find((row) => row.studentId === s0)).toMatchObject({ status: 'late', remark: 'bus' });
    const marks = h.net.requests.filter((r) => r.url === paths.attendance.markSheet && r.status === 200);
    expect(marks).toHaveLength(1);
    await expectMirrorEqualsServer(h, engine, 'teacher');
    expect(await engine.db.base.count()).toBe(0);

    // The next change of the same records is based on the server's revs: applied, not a conflict.
    await engine.mutate('attendance.markSheet', { classId: c0!, date: today, entries: [{ studentId: s2!, status: 'leave' }] });
    await engine.syncNow();
    expect(await engine.db.conflicts.count()).toBe(0);
    expect((await serverAttendance(h)).find((row) => row.studentId === s2)?.status).toBe('leave');
    await expectMirrorEqualsServer(h, engine, 'teacher');
  });

  it('a pending change stays on top of a newer pulled version (no flicker) until the school decides', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    await h.signIn('admin');
    const teacher = h.engine('teacher');
    const admin = h.engine('admin');
    await teacher.syncNow();
    const [c0] = h.school.classIds as [string];
    const [s0] = h.school.studentIds as [string];
    const teacherToken = () => h.tokens.get(`${h.tenantId}:${h.username('teacher')}`)!;
    let hold = true;
    h.net.faults = (request) =>
      hold && request.method === 'POST' && request.headers.authorization?.includes(teacherToken()) ? { kind: 'status', status: 503 } : { kind: 'pass' };
    await teacher.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: 'absent' }] });
    await admin.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: 'late' }] });
    await admin.syncNow();

    const report = await teacher.syncNow();
    expect(report.push?.status).toBe('waiting');
    expect(report.pull?.changes).toBeGreaterThan(0);
    // Shown: the pending mark, re-applied on top of the admin's newer version (its id and rev).
    const base = (await teacher.db.base.get(`attendance:${s0}|${today}`))?.row;
    expect(base).toMatchObject({ status: 'late' });
    expect(await teacher.db.tableOf(attendanceTable).get([s0, today])).toMatchObject({ status: 'absent', id: base!.id, rev: base!.rev });

    hold = false;
    await teacher.syncNow();
    expect(await teacher.pendingCount()).toBe(0);
    // The admin's mark reached the school first: it is kept; the teacher's is in history and shown.
    expect((await teacher.db.tableOf(attendanceTable).get([s0, today]))?.status).toBe('late');
    expect(await teacher.db.conflicts.count()).toBe(1);
    await expectMirrorEqualsServer(h, teacher, 'teacher');
    await admin.syncNow();
    await expectMirrorEqualsServer(h, admin, 'admin');
  });

  it('a late replayed answer never replaces a newer version the device already pulled', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    await h.signIn('admin');
    const teacher = h.engine('teacher');
    const admin = h.engine('admin');
    await teacher.syncNow();
    const [c0] = h.school.classIds as [string];
    const [s0] = h.school.studentIds as [string];
    const teacherToken = () => h.tokens.get(`${h.tenantId}:${h.username('teacher')}`)!;
    const teacherPosts: Fault[] = [{ kind: 'drop-response' }, { kind: 'status', status: 503 }];
    h.net.faults = (request) =>
      request.method === 'POST' && request.headers.authorization?.includes(teacherToken()) ? (teacherPosts.shift() ?? { kind: 'pass' }) : { kind: 'pass' };

    // The teacher's mark commits, but its answer is lost.
    await teacher.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: 'absent' }] });
    expect((await teacher.syncNow()).status).toBe('no-response');
    // The admin sees it and changes it.
    await admin.syncNow();
    await admin.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: 'leave' }] });
    await admin.syncNow();
    // The teacher's retry meets a 503; its pull brings the admin's version.
    await teacher.syncNow();
    // Then the retry is answered from the stored first answer (older rev): the newer version stays.
    await teacher.syncNow();
    expect(await teacher.pendingCount()).toBe(0);
    expect((await teacher.db.tableOf(attendanceTable).get([s0, today]))?.status).toBe('leave');
    await expectMirrorEqualsServer(h, teacher, 'teacher');
  });

  it('a reset empties the mirror, never the outbox, and pending changes come back on top', async () => {
    h = await createSyncHarness(server);
    await h.signIn('admin');
    const engine = h.engine('admin');
    await engine.syncNow();
    const c0 = h.school.classIds[0]!;
    await engine.mutate('classes.update', { id: c0, className: 'Pending', classSection: 'A' });
    // A record that left what this user may see: only a fresh pull can tell the device.
    await engine.db.tableOf(classesTable).put({ id: '0190a0b0-0000-7000-8000-0000000000ff', className: 'Gone', classSection: '', rev: 1 });
    let resets = 1;
    h.net.faults = (request) => {
      if (request.method === 'PUT') return { kind: 'status', status: 503 };
      if (request.url.startsWith(paths.sync.pull) && !request.url.includes('cursor=&') && resets-- > 0) {
        return { kind: 'status', status: 200, body: { success: true, message: 'reset', data: { changes: [], cursor: '', hasMore: true, reset: true } } };
      }
      return { kind: 'pass' };
    };
    const report = await engine.syncNow();
    expect(report.pull).toMatchObject({ status: 'done', reset: true });
    expect(await engine.pendingCount()).toBe(1);
    expect((await engine.db.tableOf(classesTable).get(c0))?.className).toBe('Pending');
    expect(await engine.db.tableOf(classesTable).get('0190a0b0-0000-7000-8000-0000000000ff')).toBeUndefined();
    expect(await engine.db.tableOf(classesTable).count()).toBe(2);
    expect(await engine.db.tableOf(studentsTable).count()).toBe(3);
    h.net.faults = () => ({ kind: 'pass' });
    await engine.syncNow();
    expect(await engine.db.rejected.count()).toBe(0);
    await expectMirrorEqualsServer(h, engine, 'admin');
  });

  it('a reset keeps the mirror readable while the pull starts over, through an interruption; only its end removes what the school no longer shows', async () => {
    h = await createSyncHarness(server);
    await h.signIn('admin');
    const engine = h.engine('admin', { pullLimit: 2 });
    await engine.syncNow();
    const c0 = h.school.classIds[0]!;
    await engine.mutate('classes.update', { id: c0, className: 'Pending', classSection: 'A' });
    const goneId = '0190a0b0-0000-7000-8000-0000000000fe';
    await engine.db.tableOf(classesTable).put({ id: goneId, className: 'Gone', classSection: '', rev: 1 });
    const before = { students: await engine.db.tableOf(studentsTable).count(), teachers: await engine.db.tableOf(teachersTable).count() };
    let resets = 1;
    let laterPagesToDrop = 1;
    let startedOver = false;
    h.net.faults = (request) => {
      if (request.method === 'PUT') return { kind: 'status', status: 503 };
      if (!request.url.startsWith(paths.sync.pull)) return { kind: 'pass' };
      if (request.url.includes('cursor=&')) {
        startedOver = true;
        return { kind: 'pass' };
      }
      if (!startedOver && resets-- > 0) {
        return { kind: 'status', status: 200, body: { success: true, message: 'reset', data: { changes: [], cursor: '', hasMore: true, reset: true } } };
      }
      // The connection drops after the first page of the pull that starts over.
      if (startedOver && laterPagesToDrop-- > 0) return { kind: 'drop-request' };
      return { kind: 'pass' };
    };
    const interrupted = await engine.syncNow();
    expect(interrupted.pull).toMatchObject({ status: 'no-response', reset: true, pages: 1 });
    // Every row is still there, the one the school no longer shows too, and the pending change on top.
    expect(await engine.db.tableOf(classesTable).get(goneId)).toBeDefined();
    expect((await engine.db.tableOf(classesTable).get(c0))?.className).toBe('Pending');
    expect(await engine.db.tableOf(studentsTable).count()).toBe(before.students);
    expect(await engine.db.tableOf(teachersTable).count()).toBe(before.teachers);

    // After a reload (a new engine on the same database) the pull resumes and finishes.
    await engine.close();
    const resumed = h.engine('admin', { pullLimit: 2 });
    const report = await resumed.syncNow();
    expect(report.pull).toMatchObject({ status: 'done', reset: false });
    expect(await resumed.db.tableOf(classesTable).get(goneId)).toBeUndefined();
    expect((await resumed.db.tableOf(classesTable).get(c0))?.className).toBe('Pending');
    expect(await resumed.db.meta.where('key').startsWith('refill').count()).toBe(0);
    h.net.faults = () => ({ kind: 'pass' });
    await resumed.syncNow();
    expect(await resumed.pendingCount()).toBe(0);
    await expectMirrorEqualsServer(h, resumed, 'admin');
  });

  it('9. role scopes: a student holds their own and their class\'s records, a parent their children\'s; a class change resets', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    await h.signIn('student');
    await h.signIn('parent');
    const [c0, c1] = h.school.classIds as [string, string];
    const [s0, s1, s2] = h.school.studentIds as [string, string, string];
    const teacher = h.engine('teacher');
    await teacher.syncNow();
    await teacher.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: 'absent' }, { studentId: s2, status: 'present' }] });
    await teacher.mutate('attendance.markSheet', { classId: c1, date: today, entries: [{ studentId: s1, status: 'late' }] });
    await teacher.syncNow();

    const student = h.engine('student');
    await student.syncNow();
    expect((await student.db.tableOf(classesTable).toArray()).map((row) => row.id)).toEqual([c0]);
    expect((await student.db.tableOf(studentsTable).toArray()).map((row) => row.id)).toEqual([s0]);
    expect(await student.db.tableOf(teachersTable).count()).toBe(0);
    expect((await student.db.tableOf(attendanceTable).toArray()).map((row) => row.studentId)).toEqual([s0]);
    await expectMirrorEqualsServer(h, student, 'student');

    const parent = h.engine('parent');
    await parent.syncNow();
    expect((await parent.db.tableOf(classesTable).toArray()).map((row) => row.id).sort()).toEqual([c0, c1].sort());
    expect((await parent.db.tableOf(studentsTable).toArray()).map((row) => row.id).sort()).toEqual([s0, s1].sort());
    expect((await parent.db.tableOf(attendanceTable).toArray()).map((row) => row.studentId).sort()).toEqual([s0, s1].sort());
    await expectMirrorEqualsServer(h, parent, 'parent');

    // The student moves to the other class: the next pull starts over, and the old class leaves.
    await h.server.database.db
      .update(students)
      .set({ classId: c1 })
      .where(and(eq(students.tenantId, h.tenantId), eq(students.id, s0)));
    const report = await student.syncNow();
    expect(report.pull?.reset).toBe(true);
    expect((await student.db.tableOf(classesTable).toArray()).map((row) => row.id)).toEqual([c1]);
    expect(await student.db.tableOf(classesTable).get(c0)).toBeUndefined();
    await expectMirrorEqualsServer(h, student, 'student');
  });

  it('10. pulls while other writes commit between pages, and an interrupted pull resumes: nothing skipped, nothing twice', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    await h.signIn('admin');
    const admin = h.engine('admin');
    const teacher = h.engine('teacher', { pullLimit: 2 });
    await admin.syncNow();
    const [c0, c1] = h.school.classIds as [string, string];
    const [s0, s1, s2] = h.school.studentIds as [string, string, string];
    const statuses = ['present', 'absent', 'late', 'leave'] as const;
    let pulls = 0;
    let writing = Promise.resolve();
    h.net.faults = (request) => {
      if (!request.url.startsWith(paths.sync.pull) || request.headers.authorization === undefined) return { kind: 'pass' };
      if (!request.headers.authorization.includes(h.tokens.get(`${h.tenantId}:${h.username('teacher')}`)!)) return { kind: 'pass' };
      pulls += 1;
      // Another device writes while the teacher pages through.
      const n = pulls;
      writing = writing.then(async () => {
        const date = `2025-06-${String(10 + (n % 15)).padStart(2, '0')}`;
        await admin.mutate('attendance.markSheet', { classId: c0, date, entries: [{ studentId: s0, status: statuses[n % 4]! }, { studentId: s2, status: statuses[(n + 1) % 4]! }] });
        await admin.mutate('attendance.markSheet', { classId: c1, date, entries: [{ studentId: s1, status: statuses[(n + 2) % 4]! }] });
        await admin.syncNow();
      });
      // The fourth page's answer is lost: the pull stops and resumes from the last whole page.
      return pulls === 4 ? { kind: 'drop-response' } : { kind: 'pass' };
    };
    for (let round = 0; round < 6; round += 1) {
      await teacher.syncNow();
      await writing;
    }
    h.net.faults = () => ({ kind: 'pass' });
    await admin.syncNow();
    await teacher.syncNow();
    expect(pulls).toBeGreaterThan(6);
    await expectMirrorEqualsServer(h, teacher, 'teacher');
    await expectMirrorEqualsServer(h, admin, 'admin');
    expect(await teacher.db.tableOf(attendanceTable).count()).toBe((await serverAttendance(h)).length);
  }, 180_000);
});

describe('pull pages in flight', () => {
  it('asks for the next page while storing the current one, and reads its answer only once that page is stored', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const teacher = h.engine('teacher', { pullLimit: 2 });
    const events: string[] = [];
    const note = (value: unknown, transaction: { on(event: 'complete', listener: () => void): void }) => {
      transaction.on('complete', () => events.push(`stored ${String(value)}`));
    };
    teacher.db.meta.hook('creating', (key, row, transaction) => {
      if (key === metaKeys.cursor) note(row.value, transaction);
    });
    teacher.db.meta.hook('updating', (changes, key, _row, transaction) => {
      if (key === metaKeys.cursor && 'value' in changes) note((changes as { value: unknown }).value, transaction);
    });
    const inner = h.net.fetch;
    h.net.fetch = async (input, init) => {
      const url = new URL(input, 'http://kaksha.invalid');
      if (url.pathname !== paths.sync.pull) return inner(input, init);
      const cursor = url.searchParams.get('cursor') ?? '';
      events.push(`ask ${cursor}`);
      const response = await inner(input, init);
      const body = await response.text();
      const answer = new Response(body, { status: response.status, headers: response.headers });
      answer.text = async () => {
        events.push(`read ${cursor}`);
        return body;
      };
      return answer;
    };

    await teacher.syncNow();
    const asked = events.filter((event) => event.startsWith('ask ') && event !== 'ask ').map((event) => event.slice(4));
    expect(asked.length).toBeGreaterThanOrEqual(3);
    for (const cursor of asked) {
      const ask = events.indexOf(`ask ${cursor}`);
      const stored = events.indexOf(`stored ${cursor}`);
      const read = events.indexOf(`read ${cursor}`);
      expect(stored, `page up to ${cursor} stored`).toBeGreaterThan(-1);
      expect(ask, 'the next page is asked for before the page ending there is stored').toBeLessThan(stored);
      expect(read, 'its answer is read only after that').toBeGreaterThan(stored);
    }
    await expectMirrorEqualsServer(h, teacher, 'teacher');
  });

  it('lets a screen read the mirror between two pages: a read asked for when a page is stored runs before the next page is stored', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const teacher = h.engine('teacher', { pullLimit: 2 });
    const events: string[] = [];
    let pages = 0;
    const stored = (transaction: { on(event: 'complete', listener: () => void): void }) => {
      transaction.on('complete', () => {
        const page = ++pages;
        events.push(`stored ${page}`);
        // What a screen does when the mirror changes: a live query reads it again in a task of its own.
        setTimeout(() => void teacher.db.tableOf(classesTable).count().then(() => events.push(`read after ${page}`)), 0);
      });
    };
    teacher.db.meta.hook('creating', (key, _row, transaction) => {
      if (key === metaKeys.cursor) stored(transaction);
    });
    teacher.db.meta.hook('updating', (changes, key, _row, transaction) => {
      if (key === metaKeys.cursor && 'value' in changes) stored(transaction);
    });

    await teacher.syncNow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 1; page < pages; page += 1) {
      expect(events.indexOf(`read after ${page}`), `the read asked for after page ${page}`).toBeLessThan(events.indexOf(`stored ${page + 1}`));
    }
  });
});

describe('conflicts', () => {
  function skewed(offsetMs: number): Clock {
    return { ...realClock, now: () => Date.now() + offsetMs };
  }
  const at1970: Clock = { ...realClock, now: () => 86_400_000 };

  it.each([
    ['teacher first', 'teacher', 'admin'],
    ['admin first', 'admin', 'teacher'],
  ] as const)(
    '11 and 12. two teachers mark one student offline (%s, clocks skewed): the first to reach the school wins, the other is kept and shown',
    async (_label, first, second) => {
      h = await createSyncHarness(server);
      await h.signIn('teacher');
      await h.signIn('admin');
      // One device's clock says 1970, the other's is a day ahead; neither decides anything.
      const engines = {
        teacher: h.engine('teacher', { clock: at1970, connectivity: createConnectivity() }),
        admin: h.engine('admin', { clock: skewed(86_400_000) }),
      };
      await engines.teacher.syncNow();
      await engines.admin.syncNow();
      const [c0] = h.school.classIds as [string];
      const [s0] = h.school.studentIds as [string];
      const status = { teacher: 'absent', admin: 'late' } as const;
      await engines.teacher.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: status.teacher }] });
      await engines.admin.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: status.admin }] });

      await engines[first].syncNow();
      await engines[second].syncNow();
      await engines[first].syncNow();

      const [row] = await serverAttendance(h);
      expect(row).toMatchObject({ status: status[first] });
      // A device time at 1970 or a day ahead is not believed: stored as no time at all.
      expect(row!.deviceMarkedAt).toBeNull();
      const history = await h.server.database.db.select().from(recordHistory).where(eq(recordHistory.tenantId, h.tenantId));
      expect(history).toHaveLength(1);
      expect(history[0]!.payload).toMatchObject({ status: status[second], studentId: s0 });

      // The loser is told: a "changed elsewhere" notice; both mirrors show the kept version.
      const notices = await engines[second].db.conflicts.toArray();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ entity: 'attendance', recordId: row!.id, yours: { status: status[second] } });
      expect(await engines[first].db.conflicts.count()).toBe(0);
      for (const role of ['teacher', 'admin'] as const) {
        expect((await engines[role].db.tableOf(attendanceTable).get([s0, today]))?.status).toBe(status[first]);
        await expectMirrorEqualsServer(h, engines[role], role);
      }

      // Re-sending the losing change (same body, new key) changes nothing.
      const [sent] = h.net.requests.filter((r) => r.url === paths.attendance.markSheet && r.headers.authorization?.includes(h.tokens.get(`${h.tenantId}:${h.username(second)}`)!));
      const again = await h.server.call({
        method: 'POST',
        url: paths.attendance.markSheet,
        tenant: h.tenantId,
        token: h.tokens.get(`${h.tenantId}:${h.username(second)}`)!,
        headers: { [headers.idempotencyKey]: '0190a0b0-0000-7000-8000-00000000abcd', 'content-type': 'application/json' },
        payload: sent!.body!,
      });
      expect(again.statusCode).toBe(200);
      const [after] = await serverAttendance(h);
      expect(after).toEqual(row);
      expect(await h.server.database.db.select().from(recordHistory).where(eq(recordHistory.tenantId, h.tenantId))).toHaveLength(1);
    },
  );

  it('the conflicts list is live and can be dismissed', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    await h.signIn('admin');
    const teacher = h.engine('teacher');
    const admin = h.engine('admin');
    await teacher.syncNow();
    const [c0] = h.school.classIds as [string];
    const [s0] = h.school.studentIds as [string];
    await admin.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: 'leave' }] });
    await admin.syncNow();
    await teacher.mutate('attendance.markSheet', { classId: c0, date: today, entries: [{ studentId: s0, status: 'absent' }] });
    let seen: { seq?: number }[] = [];
    const subscription = teacher.conflicts$.subscribe((list) => (seen = list));
    await teacher.syncNow();
    await waitFor(() => seen.length, (n) => n === 1);
    await teacher.dismissConflict(seen[0]!.seq!);
    await waitFor(() => seen.length, (n) => n === 0);
    subscription.unsubscribe();
  });
});
