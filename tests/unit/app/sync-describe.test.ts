/** The sync panel names every waiting or refused change in the words of the screen that made it. */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import '../../../src/app/routes';
import { recordsTexts } from '../../../src/features/records/texts';
import { describeEntry, loadChangeWords } from '../../../src/sync-binding/describe';
import type { ClassRow } from '../../../sync';

const classes = new Map<string, ClassRow>([['c1', { id: 'c1', className: 'VI', classSection: 'A', rev: 3 }]]);
const entry = (kind: string, body: unknown, path = '/api/x') => describeEntry({ kind, path, body }, classes);

beforeAll(() => loadChangeWords());

describe('describing a change', () => {
  it('names students, teachers and subjects by what was typed', () => {
    expect(entry('students.create', { firstName: 'Aarav', lastName: 'Sharma' })).toBe('New student Aarav Sharma');
    expect(entry('teachers.update', { firstName: 'Meena', lastName: 'Iyer' })).toBe('Teacher Meena Iyer changed');
    expect(entry('subjects.create', { subjectName: 'Mathematics' })).toBe('New subject Mathematics');
    expect(entry('students.delete', undefined, '/api/students/delete/s1')).toBe('Student deleted');
    expect(entry('classSubjects.delete', undefined)).toBe('Class subject deleted');
  });

  it('names admissions by the student, certificates by their title, class teachers by the class', () => {
    expect(entry('admissions.create', { student: { firstName: 'Diya', lastName: 'Nair' } })).toBe('New admission · Diya Nair');
    expect(entry('admissions.update', { student: { firstName: 'Diya', lastName: '' } })).toBe('Admission of Diya changed');
    expect(entry('admissions.cancel', undefined)).toBe(recordsTexts.changes.admissionCancel);
    expect(entry('certificates.issue', { kind: 'transfer', studentId: 's1' })).toBe(`${messages.certificates.titles.transfer} issued`);
    expect(entry('classes.setClassTeacher', { classId: 'c1', teacherId: null })).toBe('Class teacher of VI A');
  });

  it('names homework by its title and a done mark by what it says', () => {
    expect(entry('homework.create', { title: 'Tables of 7', classId: 'c1' })).toBe('New homework Tables of 7');
    expect(entry('homework.update', { title: 'Tables of 8' })).toBe('Homework Tables of 8 changed');
    expect(entry('homework.delete', undefined)).toBe('Homework deleted');
    expect(entry('homework.done', { homeworkId: 'h1', studentId: 's1', done: true })).toBe('Homework marked done');
    expect(entry('homework.done', { homeworkId: 'h1', studentId: 's1', done: false })).toBe('Homework marked not done');
    expect(entry('homework.removeAttachment', { homeworkId: 'h1', attachmentId: 'a1', fileName: 'sheet.pdf', title: 'Tables of 7' })).toBe(
      'Attachment sheet.pdf removed from Tables of 7',
    );
  });

  it('names notifications by their title and a read mark as such', () => {
    expect(entry('notifications.create', { title: 'Science fair', audience: { kind: 'school' } })).toBe('New notification Science fair');
    expect(entry('notifications.update', { title: 'Science fair' })).toBe('Notification Science fair changed');
    expect(entry('notifications.delete', undefined)).toBe('Notification deleted');
    expect(entry('notifications.read', { notificationId: 'n1', markId: 'm1' })).toBe('Notification marked read');
  });

  it('falls back to the kind for a change it does not know', () => {
    expect(entry('library.lend', { title: 'x' })).toBe('library.lend');
  });
});
