/**
 * /admin/mapping over a real engine (fake-indexeddb, offline): a class's subjects and teachers from
 * the mirror; adding a subject, changing its teacher, removing it and setting or clearing the class
 * teacher each change the mirror at once and wait in the outbox; teachers read only.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import type { SyncEngine } from '../../../sync';
import MappingPage from '../../../src/features/mapping/MappingPage';
import { mappingTexts } from '../../../src/features/mapping/texts';
import { recordsKitTexts } from '../../../src/kit';
import { AppToaster } from '../../../src/ui/AppToaster';
import { button, byLabel, click, meanwhile, renderRoute, type, type Rendered } from './dom';
import { screenHarness, signInStorage, until } from './records-harness';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classesTable } from '../../../sync/modules/classes';
import { teachersTable } from '../../../sync/modules/teachers';
import { subjectsTable } from '../../../sync/modules/subjects';

let view: Rendered | undefined;
const harness = screenHarness('mapping');

const id = (n: number) => `0197e000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const classVI = id(1);
const hindi = id(11);
const maths = id(12);
const science = id(13);
const meera = id(21);
const ravi = id(22);

async function signedInEngine(role: 'ADMIN' | 'TEACHER' = 'ADMIN'): Promise<SyncEngine> {
  signInStorage(role, { profile: { username: `${role.toLowerCase()}@kaksha.demo`, userType: role, teacherId: meera } });
  const engine = await harness.engine(role);
  await engine.db.tableOf(classesTable).bulkPut([
    { id: classVI, className: 'VI', classSection: 'A', rev: 1, classTeacherId: meera },
    { id: id(2), className: 'VII', classSection: 'A', rev: 1 },
  ]);
  await engine.db.tableOf(subjectsTable).bulkPut([
    { id: hindi, subjectName: 'Hindi', subjectCode: '002', rev: 1 },
    { id: maths, subjectName: 'Mathematics', subjectCode: '041', rev: 1 },
    { id: science, subjectName: 'Science', subjectCode: null, rev: 1 },
  ]);
  await engine.db.tableOf(teachersTable).bulkPut([
    { id: meera, employeeId: 'T1', firstName: 'Meera', lastName: 'Nair', emailId: null, rev: 1 },
    { id: ravi, employeeId: 'T2', firstName: 'Ravi', lastName: 'Kumar', emailId: null, rev: 1 },
  ]);
  await engine.db.tableOf(classSubjectsTable).put({
    id: id(31),
    classId: classVI,
    subjectId: hindi,
    teacherId: meera,
    className: 'VI',
    classSection: 'A',
    subjectName: 'Hindi',
    teacherName: 'Meera Nair',
    rev: 1,
  });
  return engine;
}

const subjectNames = () => Array.from(view!.container.querySelectorAll('tbody th[scope="row"]')).map((cell) => cell.textContent);
const notice = () => view!.container.querySelector('[aria-live="assertive"]')?.textContent ?? '';
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
const labelled = <T extends HTMLElement>(label: string) => view!.container.querySelector<T>(`[aria-label="${label}"]`);
const outbox = (engine: SyncEngine) => meanwhile(() => engine.db.outbox.orderBy('seq').toArray());

async function open(url = `/admin/mapping?classId=${classVI}`) {
  view = await harness.show(
    renderRoute(
      '/admin/mapping',
      <>
        <MappingPage />
        <AppToaster />
      </>,
      url,
    ),
  );
}

describe('/admin/mapping', () => {
  it('asks for a class, then shows its subjects, teachers and class teacher', async () => {
    await signedInEngine();
    await open('/admin/mapping');
    await until(() => view!.container.textContent?.includes(mappingTexts.chooseClassHint) === true, 'the class picker');
    await type(byLabel<HTMLSelectElement>(view!.container, mappingTexts.classLabel), classVI);
    await until(() => subjectNames().length === 1, 'the subjects');
    expect(view!.container.querySelector('caption')?.textContent).toBe(mappingTexts.subjectsCaption({ name: 'VI A' }));
    expect(subjectNames()).toEqual(['Hindi']);
    expect(labelled<HTMLSelectElement>(mappingTexts.teacherFor({ subject: 'Hindi' }))!.value).toBe(meera);
    expect(byLabel<HTMLSelectElement>(view!.container, mappingTexts.classTeacherLabel).value).toBe(meera);
    expect(view!.router.state.location.search).toBe(`?classId=${classVI}`);
  });

  it('adds a subject with its teacher, changes a teacher and removes a subject, each waiting in the outbox', async () => {
    const engine = await signedInEngine();
    await open();
    await until(() => subjectNames().length === 1, 'the subjects');
    const addSubject = byLabel<HTMLSelectElement>(view!.container, mappingTexts.addSubject);
    expect(Array.from(addSubject.options).map((option) => option.textContent)).toEqual([mappingTexts.chooseSubject, 'Mathematics', 'Science']);

    await type(addSubject, maths);
    await type(byLabel<HTMLSelectElement>(view!.container, mappingTexts.addTeacher), ravi);
    await click(button(view!.container, mappingTexts.add));
    await until(() => subjectNames().includes('Mathematics'), 'the new mapping');
    const created = (await meanwhile(() => engine.db.tableOf(classSubjectsTable).where('classId').equals(classVI).toArray())).find((row) => row.subjectId === maths);
    expect(created).toMatchObject({ teacherId: ravi, subjectName: 'Mathematics', className: 'VI' });
    let entries = await outbox(engine);
    expect(entries.at(-1)).toMatchObject({ kind: 'classSubjects.create', method: 'POST', body: { classId: classVI, subjectId: maths, teacherId: ravi } });
    await until(() => document.body.textContent?.includes(messages.classSubjects.added) === true, 'the toast');

    const hindiTeacher = labelled<HTMLSelectElement>(mappingTexts.teacherFor({ subject: 'Hindi' }))!;
    const saveHindi = labelled<HTMLButtonElement>(mappingTexts.saveTeacherLabel({ subject: 'Hindi' }))!;
    expect(saveHindi.disabled).toBe(true);
    await type(hindiTeacher, ravi);
    expect(saveHindi.disabled).toBe(false);
    await click(saveHindi);
    await until(async () => (await engine.db.tableOf(classSubjectsTable).get(id(31)))?.teacherId === ravi, 'the teacher change');
    entries = await outbox(engine);
    expect(entries.at(-1)).toMatchObject({ kind: 'classSubjects.update', method: 'PUT', path: paths.classSubjects.update(id(31)) });

    await click(labelled<HTMLButtonElement>(mappingTexts.removeLabel({ subject: 'Hindi' }))!);
    expect(dialog()!.textContent).toContain(mappingTexts.removeQuestion({ subject: 'Hindi', name: 'VI A' }));
    await click(button(dialog()!, recordsKitTexts.confirm.cancel));
    expect(notice()).toBe('Deletion cancelled.');
    expect(subjectNames()).toContain('Hindi');
    await click(labelled<HTMLButtonElement>(mappingTexts.removeLabel({ subject: 'Hindi' }))!);
    await click(button(dialog()!, mappingTexts.remove));
    await until(() => !subjectNames().includes('Hindi'), 'the removal');
    expect(notice()).toBe(messages.classSubjects.deleted);
    expect(await meanwhile(() => engine.db.tableOf(classSubjectsTable).get(id(31)))).toBeUndefined();
    entries = await outbox(engine);
    expect(entries.at(-1)).toMatchObject({ kind: 'classSubjects.delete', method: 'DELETE' });
  });

  it('sets and clears the class teacher', async () => {
    const engine = await signedInEngine();
    await open();
    const select = () => byLabel<HTMLSelectElement>(view!.container, mappingTexts.classTeacherLabel);
    await until(() => view!.container.querySelector<HTMLSelectElement>('#map-class-teacher-select')?.value === meera, 'the class teacher');
    await type(select(), ravi);
    await click(button(view!.container, mappingTexts.saveClassTeacher));
    await until(async () => (await engine.db.tableOf(classesTable).get(classVI))?.classTeacherId === ravi, 'the new class teacher');
    expect((await outbox(engine)).at(-1)).toMatchObject({ kind: 'classes.setClassTeacher', method: 'PUT', body: { teacherId: ravi } });
    await until(() => document.body.textContent?.includes(messages.classSubjects.classTeacherSet) === true, 'the toast');

    await type(select(), '');
    await click(button(view!.container, mappingTexts.saveClassTeacher));
    await until(async () => (await engine.db.tableOf(classesTable).get(classVI))?.classTeacherId === null, 'the cleared class teacher');
    expect((await outbox(engine)).at(-1)).toMatchObject({ kind: 'classes.setClassTeacher', body: { teacherId: null } });
    await until(() => document.body.textContent?.includes(messages.classSubjects.classTeacherCleared) === true, 'the toast');
  });

  it('teachers read the mapping without controls', async () => {
    const engine = await signedInEngine('TEACHER');
    await open();
    await until(() => subjectNames().length === 1, 'the subjects');
    expect(view!.container.textContent).toContain(mappingTexts.readOnly);
    expect(view!.container.querySelector('tbody')?.textContent).toContain('Meera Nair (T1)');
    expect(view!.container.querySelectorAll('tbody select')).toHaveLength(0);
    expect(labelled(mappingTexts.removeLabel({ subject: 'Hindi' }))).toBeNull();
    expect(() => button(view!.container, mappingTexts.add)).toThrow();
    expect(() => button(view!.container, mappingTexts.saveClassTeacher)).toThrow();
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
  });
});
