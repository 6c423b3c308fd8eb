/**
 * /admin/classes over a real engine (fake-indexeddb, offline): the mirror's classes 20 a page from
 * page 0, search by column and off under the class filter, the form's errors, add / edit / delete
 * as outbox entries with the mirror changed at once, and a teacher's actions limited to their classes.
 */
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { romanClassNames } from '../../../contract/record-formats';
import { StorageFullError, type SyncEngine } from '../../../sync';
import ClassesPage from '../../../src/features/classes/ClassesPage';
import { classesTexts } from '../../../src/features/classes/texts';
import { recordsKitTexts } from '../../../src/kit';
import { AppToaster } from '../../../src/ui/AppToaster';
import { button, byLabel, click, meanwhile, renderRoute, settle, submit, type, type Rendered } from './dom';
import { screenHarness, signInStorage, until } from './records-harness';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { teachersTable } from '../../../sync/modules/teachers';

let view: Rendered | undefined;
const harness = screenHarness('classes');

const id = (n: number) => `0197c000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const teacherId = id(900);

function signInAs(role: 'ADMIN' | 'TEACHER') {
  signInStorage(role, { profile: { username: `${role.toLowerCase()}@kaksha.demo`, userType: role, teacherId, firstName: 'Meera', lastName: 'Nair' } });
}

/** I–XII with sections A–D where the count allows (4 × 12 = 48 rows, the first 45 used). */
function schoolClasses(count: number) {
  const rows = [];
  for (let n = 0; n < count; n += 1) {
    rows.push({ id: id(n + 1), className: romanClassNames[Math.floor(n / 4)]!, classSection: 'ABCD'[n % 4]!, rev: 1 });
  }
  return rows;
}

async function signedInEngine(role: 'ADMIN' | 'TEACHER' = 'ADMIN'): Promise<SyncEngine> {
  signInAs(role);
  return harness.engine(role);
}

const names = () =>
  Array.from(view!.container.querySelectorAll('tbody tr')).map((row) =>
    Array.from(row.querySelectorAll('th, td'))
      .slice(0, 2)
      .map((cell) => cell.textContent)
      .join(' '),
  );
const position = () => view!.container.querySelector('.rk-pager-position')?.textContent ?? '';
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
const notice = () => view!.container.querySelector('[aria-live="assertive"]')?.textContent ?? '';

async function open(engine: SyncEngine) {
  view = await harness.show(
    renderRoute(
      '/admin/classes',
      <>
        <ClassesPage />
        <AppToaster />
      </>,
      '/admin/classes',
    ),
  );
  await until(() => view!.container.querySelector('table') !== null, 'the table');
  return engine;
}

describe('/admin/classes', () => {
  it('lists the mirror 20 a page from page 0, in school order, with class teacher and student count', async () => {
    const engine = await signedInEngine();
    const classes = schoolClasses(45);
    classes[0] = { ...classes[0]!, classTeacherId: teacherId } as (typeof classes)[number];
    await engine.db.tableOf(classesTable).bulkPut(classes);
    await engine.db.tableOf(teachersTable).put({ id: teacherId, employeeId: 'T1', firstName: 'Meera', lastName: 'Nair', emailId: null, rev: 1 });
    await engine.db.tableOf(studentsTable).bulkPut(
      [1, 2, 3].map((n) => ({ id: id(500 + n), classId: id(1), admissionId: null, firstName: `S${n}`, lastName: 'K', rev: 1 })),
    );
    await open(engine);
    await until(() => names().length === 20, 'page 0');
    expect(position()).toContain('Page 1 of 3');
    expect(names().slice(0, 5)).toEqual(['I A', 'I B', 'I C', 'I D', 'II A']);
    const first = view!.container.querySelector('tbody tr')!;
    await until(() => first.textContent?.includes('Meera Nair') === true, 'the class teacher');
    await until(() => first.querySelectorAll('td')[2]?.textContent === '3', 'the student count');

    await click(view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${recordsKitTexts.pager.nextLabel}"]`)!);
    expect(names()[0]).toBe('VI A');
    await click(view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${recordsKitTexts.pager.nextLabel}"]`)!);
    expect(position()).toContain('Page 3 of 3');
    expect(names()).toHaveLength(5);

    // The device is offline: the admin's upload says it needs a connection and cannot start.
    expect(view!.container.textContent).toContain(recordsKitTexts.upload.offline);
    expect(button(view!.container, recordsKitTexts.upload.upload).disabled).toBe(true);
  });

  it('searches by column, and the class filter turns search off', async () => {
    const engine = await signedInEngine();
    await engine.db.tableOf(classesTable).bulkPut(schoolClasses(45));
    await open(engine);
    await until(() => names().length === 20, 'the list');

    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.search.column), 'classSection');
    await type(byLabel(view!.container, recordsKitTexts.search.label), 'b');
    await settle();
    expect(names().every((name) => name.endsWith(' B'))).toBe(true);
    expect(names()).toHaveLength(11);

    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.search.column), 'className');
    await type(byLabel(view!.container, recordsKitTexts.search.label), 'xii');
    await settle();
    expect(names()).toEqual(['XII A']);

    await type(byLabel<HTMLSelectElement>(view!.container, classesTexts.filterLabel), 'VI');
    await settle();
    expect(names()).toEqual(['VI A', 'VI B', 'VI C', 'VI D']);
    expect(byLabel(view!.container, recordsKitTexts.search.label).disabled).toBe(true);
    expect(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.search.column).disabled).toBe(true);
    expect(view!.container.textContent).toContain(classesTexts.searchDisabled);

    // Export writes exactly the rows the filter shows.
    const blobs: Blob[] = [];
    const urlSpy = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:classes';
    });
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await click(view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${recordsKitTexts.exportCsvLabel({ count: 4 })}"]`)!);
    await until(() => blobs.length === 1, 'the export');
    // A byte order mark first, so Excel reads UTF-8.
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((await blobs[0]!.text()).replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Class,Section,Class teacher,Students',
      'VI,A,,0',
      'VI,B,,0',
      'VI,C,,0',
      'VI,D,,0',
    ]);
    urlSpy.mockRestore();
    clickSpy.mockRestore();

    await type(byLabel<HTMLSelectElement>(view!.container, classesTexts.filterLabel), '');
    await settle();
    expect(byLabel(view!.container, recordsKitTexts.search.label).disabled).toBe(false);
  });

  it('an invalid form shows the spec message and the field error, and writes nothing', async () => {
    const engine = await signedInEngine();
    await engine.db.tableOf(classesTable).put({ id: id(1), className: 'VI', classSection: 'A', rev: 1 });
    await open(engine);
    await click(button(view!.container, classesTexts.add));
    const form = dialog()!.querySelector('form')!;
    await type(byLabel(dialog()!, classesTexts.className), '   ');
    await submit(form);
    expect(dialog()!.textContent).toContain(messages.classes.formErrors);
    expect(dialog()!.textContent).toContain('Class name is required.');
    expect(byLabel(dialog()!, classesTexts.className).getAttribute('aria-invalid')).toBe('true');

    // "6" with section "a" is class VI A, which exists.
    await type(byLabel(dialog()!, classesTexts.className), '6');
    await type(byLabel(dialog()!, classesTexts.classSection), 'a');
    await submit(form);
    expect(dialog()!.textContent).toContain(messages.classes.duplicate);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
    expect(await meanwhile(() => engine.db.tableOf(classesTable).count())).toBe(1);
  });

  it('adds and edits a class: the mirror shows it at once and the outbox holds the change', async () => {
    const engine = await signedInEngine();
    await open(engine);
    expect(view!.container.textContent).toContain(classesTexts.empty);
    await click(button(view!.container, classesTexts.add));
    await type(byLabel(dialog()!, classesTexts.className), 'Class 7');
    await type(byLabel(dialog()!, classesTexts.classSection), 'b');
    await submit(dialog()!.querySelector('form')!);
    await until(() => names().includes('VII B'), 'the new class');
    expect(dialog()).toBeNull();
    const [created] = await meanwhile(() => engine.db.outbox.toArray());
    expect(created).toMatchObject({ kind: 'classes.create', method: 'POST', body: { className: 'VII', classSection: 'B' } });
    // Offline: the spec's message with the note that it waits on this device.
    await until(() => document.body.textContent?.includes(messages.classes.added) === true, 'the toast');
    expect(document.body.textContent).toContain(recordsKitTexts.savedOffline);

    await click(view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${classesTexts.editLabel({ name: 'VII B' })}"]`)!);
    expect(byLabel(dialog()!, classesTexts.className).value).toBe('VII');
    await type(byLabel(dialog()!, classesTexts.classSection), 'C');
    await submit(dialog()!.querySelector('form')!);
    await until(() => names().includes('VII C'), 'the edited class');
    const stored = await meanwhile(() => engine.db.tableOf(classesTable).toArray());
    expect(stored.map((row) => `${row.className} ${row.classSection}`)).toEqual(['VII C']);
  });

  it('deletes only after confirmation: the row leaves the mirror and an outbox entry waits', async () => {
    const engine = await signedInEngine();
    await engine.db.tableOf(classesTable).bulkPut([
      { id: id(1), className: 'VI', classSection: 'A', rev: 1 },
      { id: id(2), className: 'VI', classSection: 'B', rev: 1 },
    ]);
    await engine.db.tableOf(studentsTable).put({ id: id(501), classId: id(2), admissionId: null, firstName: 'Asha', lastName: 'K', rev: 1 });
    await open(engine);
    await until(() => names().length === 2, 'the list');

    const deleteA = view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${classesTexts.removeLabel({ name: 'VI A' })}"]`)!;
    await click(deleteA);
    expect(dialog()!.textContent).toContain(classesTexts.deleteQuestion({ name: 'VI A' }));
    expect(document.activeElement?.textContent).toBe(recordsKitTexts.confirm.cancel);
    await click(button(dialog()!, recordsKitTexts.confirm.cancel));
    expect(await meanwhile(() => engine.db.tableOf(classesTable).count())).toBe(2);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
    // The list's notice (announced) says so, in the spec's words.
    expect(notice()).toBe('Deletion cancelled.');

    // The device is full: nothing is written, the row stays and the notice says why.
    const full = vi.spyOn(engine, 'mutate').mockRejectedValueOnce(new StorageFullError());
    await click(deleteA);
    await click(button(dialog()!, classesTexts.remove));
    await until(() => notice() === messages.sync.storageFull, 'the failure');
    full.mockRestore();
    expect(dialog()).toBeNull();
    expect(names()).toHaveLength(2);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await click(deleteA);
    await click(button(dialog()!, classesTexts.remove));
    await until(() => names().length === 1, 'the row to go');
    expect(await meanwhile(() => engine.db.tableOf(classesTable).get(id(1)))).toBeUndefined();
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'classes.delete', method: 'DELETE' });
    expect(entry!.path).toContain(id(1));
    // The spec's message stays in the notice and toasts too (section 8: class calls toast).
    expect(notice()).toBe(messages.classes.deleted);
    await until(() => document.querySelector('[data-sonner-toaster]')?.textContent?.includes(messages.classes.deleted) === true, 'the toast');

    // A class with students: the dialog says so and offers no delete.
    await click(view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${classesTexts.removeLabel({ name: 'VI B' })}"]`)!);
    expect(dialog()!.textContent).toContain(messages.classes.hasStudents(1));
    expect(button(dialog()!, classesTexts.remove).disabled).toBe(true);
  });

  it('a teacher may add classes but change only the classes they teach; no upload', async () => {
    const engine = await signedInEngine('TEACHER');
    await engine.db.tableOf(classesTable).bulkPut([
      { id: id(1), className: 'VI', classSection: 'A', rev: 1, classTeacherId: teacherId },
      { id: id(2), className: 'VI', classSection: 'B', rev: 1, classTeacherId: null },
      { id: id(3), className: 'VII', classSection: 'A', rev: 1, classTeacherId: null },
    ]);
    // Teaching a subject in VII A makes it theirs too.
    await engine.db.tableOf(classSubjectsTable).put({
      id: id(700),
      classId: id(3),
      subjectId: id(800),
      teacherId,
      className: 'VII',
      classSection: 'A',
      subjectName: 'Hindi',
      teacherName: 'Meera Nair',
      rev: 1,
    });
    await open(engine);
    await until(() => names().length === 3, 'the list');
    await until(() => view!.container.textContent?.includes(classesTexts.notYours) === true, 'the teacher rule');
    await until(() => view!.container.querySelector(`button[aria-label="${classesTexts.editLabel({ name: 'VII A' })}"]`) !== null, 'VII A');
    expect(view!.container.querySelector(`button[aria-label="${classesTexts.editLabel({ name: 'VI A' })}"]`)).not.toBeNull();
    expect(view!.container.querySelector(`button[aria-label="${classesTexts.editLabel({ name: 'VI B' })}"]`)).toBeNull();
    expect(button(view!.container, classesTexts.add).disabled).toBe(false);
    expect(view!.container.textContent).not.toContain(classesTexts.uploadHeading);
  });
});
