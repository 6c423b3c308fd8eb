/**
 * Marks entry in the offline engine against the real server in-process: a teacher's grid typed
 * offline goes as one sheet (edits of a cell merge while waiting); two devices entering one grid
 * merge by cell at the school (different cells both kept; the same cell: the later sheet wins and
 * the earlier value is in the history); the device's provisional cell gives way to the school's.
 * The admin publishes through the outbox; a family's device then holds the result, never the marks.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Exam } from '../../contract/exams';
import { students } from '../../server/db/core-tables';
import { marks, marksHistory } from '../../server/modules/exams/tables';
import { marksTable, resultsTable } from '../../sync/modules/exams';
import { type SyncHarness } from '../support/sync-harness';
import { useKindsSuite } from '../support/kinds-suite';
import { examPaths, markPaths } from '../../contract/exams';

const kinds = useKindsSuite();
let h: SyncHarness;

/** VI-B Physics (the fixture's teacher teaches it) with a second student, in an exam the admin adds. */
async function gridSetUp() {
  h = await kinds.start();
  const classId = h.school.classIds[1]!;
  const subjectId = h.school.subjectIds[0]!;
  const diya = h.school.studentIds[1]!;
  const arjun = randomUUID();
  await kinds.server.database.db.insert(students).values({ id: arjun, tenantId: h.tenantId, admissionId: `${h.tenantId}-arjun`, firstName: 'Arjun', classId });
  const admin = await h.signIn('admin');
  const response = await kinds.server.call({
    method: 'POST',
    url: examPaths.create,
    tenant: h.tenantId,
    token: admin,
    payload: {
      name: 'Unit Test 1',
      term: 'Term 1',
      academicYear: '2026-27',
      classIds: [classId],
      schedule: [{ classId, subjectId, date: '2026-07-20', startTime: '09:30', durationMinutes: 60, maxMarks: 40, passMarks: 14 }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const exam = response.json().data as Exam;
  return { exam, classId, subjectId, diya, arjun };
}

const signedIn = (role: 'teacher' | 'admin' | 'parent') => kinds.signedIn(role);

const { offline, online } = kinds;

describe('marks entry on the device', () => {
  it('sends a grid typed offline as one sheet, a cell edited twice as its last value', async () => {
    const { exam, classId, subjectId, diya, arjun } = await gridSetUp();
    const engine = await signedIn('teacher');
    offline();
    const grid = { examId: exam.id, classId, subjectId };
    await engine.mutate('marks.enterSheet', { ...grid, entries: [{ studentId: diya, marks: 31 }] });
    await engine.mutate('marks.enterSheet', { ...grid, entries: [{ studentId: arjun, absent: true }] });
    await engine.mutate('marks.enterSheet', { ...grid, entries: [{ studentId: diya, marks: 33.5 }] });
    const shown = await engine.db.tableOf(marksTable).where('[examId+classId+subjectId]').equals([exam.id, classId, subjectId]).toArray();
    expect(shown.map((row) => [row.studentId, row.marks, row.absent]).sort()).toEqual([[arjun, null, true], [diya, 33.5, false]].sort());
    expect(await engine.db.outbox.count()).toBe(1);

    online();
    const from = h.net.requests.length;
    expect((await engine.syncNow()).status).toBe('ok');
    expect(h.net.requests.slice(from).filter((request) => request.url === markPaths.markSheet)).toHaveLength(1);
    const stored = await kinds.server.database.db.select().from(marks).where(eq(marks.examId, exam.id));
    expect(stored.map((row) => [row.studentId, row.marks, row.absent]).sort()).toEqual([[arjun, null, true], [diya, 33.5, false]].sort());
    // The device's ids are the school's: nothing to replace.
    const after = await engine.db.tableOf(marksTable).toArray();
    expect(after.map((row) => row.id).sort()).toEqual(stored.map((row) => row.id).sort());
    expect(after.every((row) => row.rev > 0)).toBe(true);
  });

  it('merges two devices’ grids by cell: different cells both kept, the same cell the later, the earlier in history', async () => {
    const { exam, classId, subjectId, diya, arjun } = await gridSetUp();
    const teacher = await signedIn('teacher');
    const admin = await signedIn('admin');
    offline();
    const grid = { examId: exam.id, classId, subjectId };
    await teacher.mutate('marks.enterSheet', { ...grid, entries: [{ studentId: diya, marks: 20 }] });
    await admin.mutate('marks.enterSheet', { ...grid, entries: [{ studentId: diya, marks: 25 }, { studentId: arjun, marks: 30 }] });
    online();
    expect((await teacher.syncNow()).status).toBe('ok');
    expect((await admin.syncNow()).status).toBe('ok');
    expect((await teacher.syncNow()).status).toBe('ok');

    const stored = await kinds.server.database.db.select().from(marks).where(eq(marks.examId, exam.id));
    expect(stored.map((row) => [row.studentId, row.marks]).sort()).toEqual([[arjun, 30], [diya, 25]].sort());
    const history = await kinds.server.database.db.select().from(marksHistory).where(eq(marksHistory.markId, stored.find((row) => row.studentId === diya)!.id));
    expect(history.map((row) => [row.previous, row.next])).toEqual([[expect.objectContaining({ marks: 20 }), expect.objectContaining({ marks: 25 })]]);
    // Each device shows the school's cells, one row per cell (the admin's provisional Diya row gave way).
    for (const engine of [teacher, admin]) {
      const rows = await engine.db.tableOf(marksTable).toArray();
      expect(rows.map((row) => [row.id, row.studentId, row.marks]).sort()).toEqual(stored.map((row) => [row.id, row.studentId, row.marks]).sort());
    }
  });

  it('publishes through the outbox; the parent’s device then holds the result and no marks', async () => {
    const { exam, classId, subjectId, diya, arjun } = await gridSetUp();
    const admin = await signedIn('admin');
    await admin.mutate('marks.enterSheet', { examId: exam.id, classId, subjectId, entries: [{ studentId: diya, marks: 36 }, { studentId: arjun, marks: 12 }] });
    await admin.mutate('exams.publish', { examId: exam.id, classId, examName: exam.name, className: 'VI B' });
    expect((await admin.syncNow()).status).toBe('ok');
    expect((await admin.syncNow()).status).toBe('ok');
    const results = await admin.db.tableOf(resultsTable).toArray();
    expect(results.map((row) => [row.studentId, row.percentage, row.result, row.rank]).sort()).toEqual([[arjun, 30, 'fail', 2], [diya, 90, 'pass', 1]].sort());

    const parent = await signedIn('parent');
    expect((await parent.db.tableOf(resultsTable).toArray()).map((row) => row.studentId)).toEqual([diya]);
    expect(await parent.db.tableOf(marksTable).count()).toBe(0);
  });
});
