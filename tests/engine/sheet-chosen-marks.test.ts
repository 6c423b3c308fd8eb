/**
 * A mark made on purpose is never silently overruled by one the person never saw (docs/sync-server.md
 * "Conflicts"). A teacher's device that has not seen the school's sheet of a day (a first sync not
 * done, or offline since before it was marked) marks one student and saves the sheet, the others
 * "present until changed": the marks she did not choose take the school's without a word, the one
 * she chose meets the school's as a notice with both versions, and she chooses on the sheet
 * (src/features/attendance/choices.ts): hers reaches the school, or the school's stays.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../contract/paths';
import { recordHistory } from '../../server/db/service-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { choicesOf, keepSchools, keepYours } from '../../src/features/attendance/choices';
import { attendanceTable } from '../../sync/modules/attendance';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, type SyncHarness } from '../support/sync-harness';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

const today = '2025-06-10';

async function serverMarks(harness: SyncHarness) {
  const rows = await harness.server.database.db.select().from(attendance).where(and(eq(attendance.tenantId, harness.tenantId), eq(attendance.date, today)));
  return new Map(rows.map((row) => [row.studentId, row.status]));
}

const historyRows = (harness: SyncHarness) =>
  harness.server.database.db.select().from(recordHistory).where(eq(recordHistory.tenantId, harness.tenantId));

/** The school marks the class first (the admin's sheet): Aarav present, Kabir absent. */
async function schoolMarks(harness: SyncHarness, classId: string, aarav: string, kabir: string) {
  const token = await harness.signIn('admin');
  const response = await harness.server.call({
    method: 'POST',
    url: paths.attendance.markSheet,
    tenant: harness.tenantId,
    token,
    payload: { classId, date: today, entries: [{ studentId: aarav, status: 'present' }, { studentId: kabir, status: 'absent', remark: 'fever' }] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a sheet saved over marks the device never saw', () => {
  it.each([
    ['she keeps hers', 'yours'],
    ['she keeps the school\'s', 'school'],
  ] as const)('only the mark she chose meets the school\'s, shown with both; %s', async (_label, choice) => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const [classId] = h.school.classIds as [string];
    const [aarav, , kabir] = h.school.studentIds as [string, string, string];
    const engine = h.engine('teacher');
    await engine.syncNow();
    // Marked at the school after this device's last pull: the device shows the sheet as unmarked.
    await schoolMarks(h, classId, aarav, kabir);

    // She marks Aarav absent; Kabir stays as the sheet starts everyone, present, which she never chose.
    await engine.mutate('attendance.markSheet', {
      classId,
      date: today,
      entries: [
        { studentId: aarav, status: 'absent' },
        { studentId: kabir, status: 'present', assumed: true },
      ],
    });
    const report = await engine.syncNow();
    expect(report.status).toBe('ok');

    // The school kept its marks (the first to arrive); Kabir's took the school's without a notice.
    expect(await serverMarks(h)).toEqual(new Map([[aarav, 'present'], [kabir, 'absent']]));
    const notices = await engine.db.conflicts.toArray();
    const choices = choicesOf(notices);
    expect([...choices.values()].map(({ studentId, yours, school }) => ({ studentId, yours, school }))).toEqual([
      { studentId: aarav, yours: { status: 'absent', remark: '' }, school: { status: 'present', remark: '' } },
    ]);
    expect((await engine.db.tableOf(attendanceTable).get([kabir, today]))).toMatchObject({ status: 'absent', remark: 'fever' });
    expect(await historyRows(h)).toHaveLength(1);

    const aaravChoice = choices.get(aarav)!;
    if (choice === 'yours') await keepYours(engine, classId, today, aaravChoice);
    else await keepSchools(engine, aaravChoice);
    await engine.syncNow();

    expect(await engine.db.conflicts.count()).toBe(0);
    expect(await engine.pendingCount()).toBe(0);
    expect(await serverMarks(h)).toEqual(new Map([[aarav, choice === 'yours' ? 'absent' : 'present'], [kabir, 'absent']]));
    // Her choice is based on the school's version she was shown: applied, not another notice.
    expect(await historyRows(h)).toHaveLength(1);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('a mark nobody chose never replaces one she chose while the sheet waits to go out', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const [classId] = h.school.classIds as [string];
    const [aarav, , kabir] = h.school.studentIds as [string, string, string];
    const engine = h.engine('teacher');
    await engine.syncNow();
    await schoolMarks(h, classId, aarav, kabir);
    h.net.down = true;
    await engine.mutate('attendance.markSheet', { classId, date: today, entries: [{ studentId: kabir, status: 'late' }] });
    await engine.mutate('attendance.markSheet', {
      classId,
      date: today,
      entries: [
        { studentId: aarav, status: 'present', assumed: true },
        { studentId: kabir, status: 'present', assumed: true },
      ],
    });
    const [entry] = await engine.db.outbox.toArray();
    expect((entry!.body as { entries: unknown[] }).entries).toEqual([
      expect.objectContaining({ studentId: kabir, status: 'late' }),
      expect.objectContaining({ studentId: aarav, status: 'present', assumed: true }),
    ]);
    expect((entry!.body as { entries: { assumed?: boolean }[] }).entries[0]!.assumed).toBeUndefined();
    h.net.down = false;
    await engine.syncNow();
    expect(choicesOf(await engine.db.conflicts.toArray()).get(kabir)?.yours.status).toBe('late');
    expect(choicesOf(await engine.db.conflicts.toArray()).has(aarav)).toBe(false);
  });
});
