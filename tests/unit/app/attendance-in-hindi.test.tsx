/**
 * The mark attendance sheet in Hindi (docs/i18n.md): switched while it is open, it renders again
 * in Hindi without losing the marks chosen, and none of its own words stay English; only what the
 * school typed (names, class labels) and the digits remain in Latin letters.
 */
import { act } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnectivity } from '../../../sync';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import MarkAttendancePage from '../../../src/features/attendance/MarkAttendancePage';
import { showLanguage } from '../../../src/i18n';
import { sessionStore } from '../../../src/session/session-store';
import { engineHost } from '../../../src/sync-binding/engine-host';
import { click, renderRoute, until, type Rendered } from './dom';
import { teacherEntry } from './helpers';
import { signInStorage } from './records-harness';
import { fakeSessionSource } from './sync-session';

const classId = '0197b000-0000-7000-8000-0000000000d1';
const teacherId = '0197b000-0000-7000-8000-0000000000d9';
const students = [
  { id: '0197b000-0000-7000-8000-0000000000d2', rollNumber: '1', firstName: 'Arjun', lastName: 'Iyer' },
  { id: '0197b000-0000-7000-8000-0000000000d3', rollNumber: '2', firstName: 'Bina', lastName: 'Das' },
];
const schoolWords = ['Arjun Iyer', 'Bina Das', 'VI A'];

let view: Rendered | undefined;
let unbind: (() => void) | undefined;

beforeEach(() => {
  sessionStore.start();
});

afterEach(async () => {
  view?.unmount();
  view = undefined;
  unbind?.();
  unbind = undefined;
  await engineHost.settled();
});

afterAll(() => showLanguage('en', { remember: false }));

/** Every word the sheet shows or reads aloud: its text, labels, titles and placeholders. */
function shownWords(root: HTMLElement): string {
  const attributes = [...root.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((element) =>
    ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [root.textContent ?? '', ...attributes].join(' ');
}

describe('the mark attendance sheet in Hindi', () => {
  it('renders again in Hindi when the language changes, keeps the marks, and leaves no English of its own', async () => {
    signInStorage('TEACHER', { profile: teacherEntry({ userType: 'TEACHER', teacherId }) });
    const source = fakeSessionSource();
    unbind = engineHost.bind(source, { connectivity: createConnectivity({ online: false }), locks: null });
    source.signIn('TEACHER', 'hindi-sheet@kaksha.test', 'hindi-sheet-school');
    await engineHost.settled();
    const engine = engineHost.current()!;
    await engine.db.tableOf(classesTable).put({ id: classId, className: 'VI', classSection: 'A', classTeacherId: teacherId, rev: 1 });
    await engine.db.tableOf(studentsTable).bulkPut(students.map((student) => ({ ...student, classId, admissionId: null, rev: 1 })));

    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${classId}&date=2025-07-01`);
    const rows = () => [...view!.container.querySelectorAll<HTMLLIElement>('li.mark-row')];
    await until(() => rows().length === 2, 'the sheet');
    await click(rows()[1]!.querySelector<HTMLInputElement>('input[aria-label="Absent"]')!);
    expect(view.container.textContent).toContain('1 unsaved change');

    await act(() => showLanguage('hi', { remember: false }));

    const text = view.container.textContent ?? '';
    expect(text).toContain('उपस्थिति दर्ज करें');
    expect(text).toContain('उपस्थिति सहेजें');
    expect(text).toContain('अभी दर्ज नहीं: सहेजने तक सभी उपस्थित हैं।');
    expect(text).toContain('1 बदलाव सहेजा नहीं गया');
    expect(view.container.querySelector('.mark-roll')?.getAttribute('aria-label')).toBe('अनुक्रमांक 1');
    expect(rows()[1]!.querySelector<HTMLInputElement>('input[aria-label="अनुपस्थित"]')!.checked).toBe(true);
    expect(rows()[0]!.querySelector<HTMLInputElement>('input[aria-label="उपस्थित"]')!.checked).toBe(true);
    expect(view.container.querySelector('[aria-label="सभी को अनुपस्थित चिह्नित करें"]')).not.toBeNull();

    const english = schoolWords.reduce((words, typed) => words.split(typed).join(' '), shownWords(view.container)).match(/[A-Za-z]{2,}/g) ?? [];
    expect(english).toEqual([]);
  });
});
