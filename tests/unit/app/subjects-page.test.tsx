/**
 * /admin/subjects over a real engine (fake-indexeddb, offline): paging from page 0, search by
 * code, the form's errors, add and delete as outbox entries, a mapped subject's delete refused from
 * the mirror, the school's later refusal shown, and teachers reading only.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import type { SyncEngine } from '../../../sync';
import { recordsKitTexts } from '../../../src/kit';
import SubjectsPage from '../../../src/features/subjects/SubjectsPage';
import { subjectsTexts } from '../../../src/features/subjects/texts';
import { AppToaster } from '../../../src/ui/AppToaster';
import { button, byLabel, click, meanwhile, renderRoute, settle, submit, type, type Rendered } from './dom';
import { screenHarness, signInStorage, until } from './records-harness';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { subjectsTable } from '../../../sync/modules/subjects';

let view: Rendered | undefined;
const harness = screenHarness('subjects');

const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;

async function signedInEngine(role: 'ADMIN' | 'TEACHER' = 'ADMIN'): Promise<SyncEngine> {
  signInStorage(role, { profile: { username: `${role.toLowerCase()}@kaksha.demo`, userType: role, teacherId: id(900) } });
  return harness.engine(role);
}

const names = () => Array.from(view!.container.querySelectorAll('tbody th[scope="row"]')).map((cell) => cell.textContent);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
const notice = () => view!.container.querySelector('[aria-live="assertive"]')?.textContent ?? '';
const labelled = (label: string) => view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);

async function open() {
  view = await harness.show(
    renderRoute(
      '/admin/subjects',
      <>
        <SubjectsPage />
        <AppToaster />
      </>,
      '/admin/subjects',
    ),
  );
  await until(() => view!.container.querySelector('table') !== null, 'the table');
}

describe('/admin/subjects', () => {
  it('pages 20 from page 0 and searches by code', async () => {
    const engine = await signedInEngine();
    await engine.db.tableOf(subjectsTable).bulkPut(
      Array.from({ length: 25 }, (_, n) => ({ id: id(n + 1), subjectName: `Subject ${String(n + 1).padStart(2, '0')}`, subjectCode: `C${n + 1}`, rev: 1 })),
    );
    await open();
    await until(() => names().length === 20, 'page 0');
    expect(names()[0]).toBe('Subject 01');
    expect(view!.container.querySelector('.rk-pager-position')?.textContent).toContain('Page 1 of 2');

    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.search.column), 'subjectCode');
    await type(byLabel(view!.container, recordsKitTexts.search.label), 'c2');
    await settle();
    expect(names()).toEqual(['Subject 02', 'Subject 20', 'Subject 21', 'Subject 22', 'Subject 23', 'Subject 24', 'Subject 25']);
  });

  it('checks the form, adds a subject on this device, and refuses a duplicate name', async () => {
    const engine = await signedInEngine();
    await engine.db.tableOf(subjectsTable).put({ id: id(1), subjectName: 'Hindi', subjectCode: null, rev: 1 });
    await open();
    await click(button(view!.container, subjectsTexts.add));
    await submit(dialog()!.querySelector('form')!);
    expect(dialog()!.textContent).toContain(messages.classes.formErrors);
    expect(dialog()!.textContent).toContain(messages.records.fields.required('Subject name'));

    await type(byLabel(dialog()!, subjectsTexts.subjectName), ' hindi ');
    await submit(dialog()!.querySelector('form')!);
    expect(dialog()!.textContent).toContain(messages.subjects.duplicate);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await type(byLabel(dialog()!, subjectsTexts.subjectName), 'Mathematics');
    await type(byLabel(dialog()!, subjectsTexts.subjectCode), '041');
    await submit(dialog()!.querySelector('form')!);
    await until(() => names().includes('Mathematics'), 'the new subject');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'subjects.create', method: 'POST' });
    expect(entry!.body).toMatchObject({ subjectName: 'Mathematics', subjectCode: '041' });
    await until(() => document.body.textContent?.includes(messages.subjects.added) === true, 'the toast');
  });

  it('refuses to delete a subject still mapped, deletes one that is not, and shows the school refusing', async () => {
    const engine = await signedInEngine();
    await engine.db.tableOf(subjectsTable).bulkPut([
      { id: id(1), subjectName: 'Hindi', subjectCode: null, rev: 1 },
      { id: id(2), subjectName: 'Sanskrit', subjectCode: null, rev: 1 },
    ]);
    await engine.db.tableOf(classSubjectsTable).bulkPut(
      [10, 11].map((n) => ({ id: id(n), classId: id(100 + n), subjectId: id(1), teacherId: null, className: 'VI', classSection: String(n), subjectName: 'Hindi', teacherName: null, rev: 1 })),
    );
    await open();
    await until(() => names().length === 2, 'the list');

    await click(labelled(subjectsTexts.removeLabel({ name: 'Hindi' }))!);
    expect(dialog()!.textContent).toContain(messages.subjects.stillMapped(2));
    expect(button(dialog()!, subjectsTexts.remove).disabled).toBe(true);
    await click(button(dialog()!, recordsKitTexts.confirm.cancel));
    expect(notice()).toBe('Deletion cancelled.');

    await click(labelled(subjectsTexts.removeLabel({ name: 'Sanskrit' }))!);
    await click(button(dialog()!, subjectsTexts.remove));
    await until(() => names().length === 1, 'the row to go');
    expect(await meanwhile(() => engine.db.tableOf(subjectsTable).get(id(2)))).toBeUndefined();
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'subjects.delete', method: 'DELETE' });
    expect(notice()).toBe(messages.subjects.deleted);

    // The school refuses the delete (a class on another device took the subject meanwhile).
    await meanwhile(() =>
      engine.db.rejected.put({
        id: entry!.id,
        kind: entry!.kind,
        method: entry!.method,
        path: entry!.path,
        body: entry!.body,
        createdAt: Date.now(),
        rejectedAt: Date.now(),
        status: 409,
        message: messages.subjects.stillMapped(1),
      }),
    );
    await until(() => document.body.textContent?.includes(messages.subjects.stillMapped(1)) === true, 'the refusal');
  });

  it('teachers read: no add, edit or delete', async () => {
    const engine = await signedInEngine('TEACHER');
    await engine.db.tableOf(subjectsTable).put({ id: id(1), subjectName: 'Hindi', subjectCode: null, rev: 1 });
    await open();
    await until(() => names().length === 1, 'the list');
    expect(view!.container.textContent).toContain(subjectsTexts.readOnly);
    expect(() => button(view!.container, subjectsTexts.add)).toThrow();
    expect(labelled(subjectsTexts.editLabel({ name: 'Hindi' }))).toBeNull();
    expect(labelled(subjectsTexts.removeLabel({ name: 'Hindi' }))).toBeNull();
  });
});
