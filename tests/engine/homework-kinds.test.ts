/**
 * Homework in the offline engine against the real server in-process: a teacher's homework made,
 * edited and deleted offline and accepted once; a parent's done mark toggled on a plane (the
 * toggles merge into one request) and stored once, the device's provisional mark replaced by the
 * school's. Each test compares the mirror with a fresh full pull.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { homework, homeworkAttachments, homeworkDone } from '../../server/modules/homework/tables';
import { onePagePdf } from '../../server/seed/homework-files';
import { multipart } from '../support/uploads';
import { homeworkDoneTable, homeworkTable } from '../../sync/modules/homework';
import { mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { useKindsSuite } from '../support/kinds-suite';
import { homeworkMessages, homeworkPaths } from '../../contract/homework';

const kinds = useKindsSuite();
let h: SyncHarness;

const { offline, online } = kinds;

async function storedHomework(id: string) {
  const [row] = await h.server.database.db.select().from(homework).where(eq(homework.id, id));
  return row;
}

const signedIn = (role: 'teacher' | 'parent') => kinds.signedIn(role);

/** The teacher's Physics in VI-B (the fixture's mapping). */
function physicsInVIB() {
  return { classId: h.school.classIds[1]!, subjectId: h.school.subjectIds[0]! };
}

describe('homework kinds', () => {
  it('made, edited and deleted offline by a teacher: shown at once, each sent once, the school as the device', async () => {
    h = await kinds.start();
    const engine = await signedIn('teacher');
    offline();
    const { result } = await engine.mutate('homework.create', {
      ...physicsInVIB(),
      title: '  Ohm’s law ',
      description: 'Exercise 4.2',
      assignedDate: '23/11/2026',
      dueDate: '2026-11-25',
    });
    const id = String(result);
    expect(await engine.db.tableOf(homeworkTable).get(id)).toMatchObject({
      id,
      title: 'Ohm’s law',
      assignedDate: '2026-11-23',
      dueDate: '2026-11-25',
      rev: 0,
    });
    await engine.mutate('homework.update', { id, ...physicsInVIB(), title: 'Ohm’s law', description: 'Exercise 4.3', assignedDate: '2026-11-23', dueDate: '2026-11-27' });
    expect((await engine.syncNow()).status).toBe('no-response');
    expect(await storedHomework(id)).toBeUndefined();

    online();
    const sentFrom = h.net.requests.length;
    expect((await engine.syncNow()).status).toBe('ok');
    const sent = h.net.requests.slice(sentFrom).filter((request) => request.url.startsWith('/api/homework'));
    expect(sent.map((request) => request.method)).toEqual(['POST', 'PUT']);
    const stored = await storedHomework(id);
    expect(stored).toMatchObject({ title: 'Ohm’s law', description: 'Exercise 4.3', dueDate: '2026-11-27', deletedAt: null });
    expect(await engine.db.tableOf(homeworkTable).get(id)).toMatchObject({ rev: stored!.rev, attachments: [] });
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));

    await engine.mutate('homework.delete', { id });
    expect(await engine.db.tableOf(homeworkTable).get(id)).toBeUndefined();
    expect((await engine.syncNow()).status).toBe('ok');
    expect((await storedHomework(id))!.deletedAt).not.toBeNull();
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('a teacher’s homework for a class they do not teach is refused and rolled back', async () => {
    h = await kinds.start();
    const engine = await signedIn('teacher');
    // Physics is taken by VI-B only: V-A (where she is class teacher) does not take it.
    const { result } = await engine.mutate('homework.create', { classId: h.school.classIds[0]!, subjectId: h.school.subjectIds[0]!, title: 'Read', assignedDate: '2026-11-23', dueDate: '2026-11-25' });
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.db.tableOf(homeworkTable).get(String(result))).toBeUndefined();
    expect(await engine.db.rejected.toArray()).toMatchObject([{ kind: 'homework.create', status: 400, message: homeworkMessages.subjectNotTaken }]);
    expect(await storedHomework(String(result))).toBeUndefined();
  });

  it('a parent’s done mark toggled offline goes as one request with the last state; the school’s mark replaces the device’s', async () => {
    h = await kinds.start();
    const teacher = await signedIn('teacher');
    const { result } = await teacher.mutate('homework.create', { ...physicsInVIB(), title: 'Circuits', assignedDate: '2026-11-23', dueDate: '2026-11-30' });
    expect((await teacher.syncNow()).status).toBe('ok');
    const homeworkId = String(result);
    const studentId = h.school.studentIds[1]!; // Diya, VI-B, the parent's child

    const parent = await signedIn('parent');
    expect(await parent.db.tableOf(homeworkTable).get(homeworkId)).toMatchObject({ title: 'Circuits' });
    offline();
    await parent.mutate('homework.done', { homeworkId, studentId, done: true });
    await parent.mutate('homework.done', { homeworkId, studentId, done: false });
    await parent.mutate('homework.done', { homeworkId, studentId, done: true });
    const marks = await parent.db.tableOf(homeworkDoneTable).toArray();
    expect(marks).toMatchObject([{ homeworkId, studentId, done: true, rev: 0 }]);
    expect(await parent.db.outbox.count()).toBe(1);
    expect((await parent.syncNow()).status).toBe('no-response');

    online();
    const before = h.net.requests.length;
    expect((await parent.syncNow()).status).toBe('ok');
    expect(h.net.requests.slice(before).filter((request) => request.url.endsWith(homeworkPaths.done(homeworkId)))).toHaveLength(1);
    const stored = await h.server.database.db
      .select()
      .from(homeworkDone)
      .where(and(eq(homeworkDone.homeworkId, homeworkId), isNull(homeworkDone.deletedAt)));
    expect(stored).toMatchObject([{ studentId, done: true }]);
    expect(await parent.db.tableOf(homeworkDoneTable).toArray()).toMatchObject([{ id: stored[0]!.id, done: true, rev: stored[0]!.rev }]);
    expect(await mirrorView(parent.db)).toEqual(await serverView(h, 'parent'));

    // Unticked later: the same row, by the school's id.
    await parent.mutate('homework.done', { homeworkId, studentId, done: false });
    expect((await parent.syncNow()).status).toBe('ok');
    expect(await parent.db.tableOf(homeworkDoneTable).toArray()).toMatchObject([{ id: stored[0]!.id, done: false, doneAt: null }]);
    expect(await mirrorView(parent.db)).toEqual(await serverView(h, 'parent'));
  });

  it('a teacher removes an attachment offline: gone from the device at once, sent once when online (a lost answer replayed), the school as the device', async () => {
    h = await kinds.start();
    const engine = await signedIn('teacher');
    const { result } = await engine.mutate('homework.create', { ...physicsInVIB(), title: 'Light', assignedDate: '2026-11-23', dueDate: '2026-11-30' });
    expect((await engine.syncNow()).status).toBe('ok');
    const homeworkId = String(result);
    const token = h.tokens.get(`${h.tenantId}:${h.username('teacher')}`)!;
    const fileIds: string[] = [];
    for (const name of ['chapter-5.pdf', 'chapter-6.pdf']) {
      const body = multipart(name, onePagePdf([name]));
      const answer = await h.server.call({ method: 'POST', url: homeworkPaths.attachments(homeworkId), tenant: h.tenantId, token, payload: body.payload, headers: body.headers });
      expect(answer.statusCode, answer.body).toBe(201);
      fileIds.push(answer.json().data.id as string);
    }
    expect((await engine.syncNow()).status).toBe('ok');
    expect((await engine.db.tableOf(homeworkTable).get(homeworkId))?.attachments).toHaveLength(2);

    offline();
    await engine.mutate('homework.removeAttachment', { homeworkId, attachmentId: fileIds[0]!, fileName: 'chapter-5.pdf', title: 'Light' });
    expect((await engine.db.tableOf(homeworkTable).get(homeworkId))?.attachments?.map((file) => file.fileName)).toEqual(['chapter-6.pdf']);
    expect((await engine.syncNow()).status).toBe('no-response');

    // Online, the school's answer is lost once: the retry is the same key, replayed.
    let lost = false;
    h.net.faults = (request) => {
      if (request.method === 'DELETE' && !lost) {
        lost = true;
        return { kind: 'drop-response' };
      }
      return { kind: 'pass' };
    };
    await engine.syncNow();
    online();
    expect((await engine.syncNow()).status).toBe('ok');
    const deletes = h.net.requests.filter((request) => request.method === 'DELETE' && request.status !== null);
    expect(deletes.map((request) => request.url)).toEqual([homeworkPaths.attachment(homeworkId, fileIds[0]!)]);
    const keys = new Set(h.net.requests.filter((request) => request.method === 'DELETE').map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(deletes[0]!.status).toBe(200);
    const stored = await h.server.database.db.select({ id: homeworkAttachments.id }).from(homeworkAttachments).where(eq(homeworkAttachments.homeworkId, homeworkId));
    expect(stored.map((row) => row.id)).toEqual([fileIds[1]]);
    expect(await engine.db.rejected.count()).toBe(0);
    expect((await engine.db.tableOf(homeworkTable).get(homeworkId))?.attachments?.map((file) => file.id)).toEqual([fileIds[1]]);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });
});
