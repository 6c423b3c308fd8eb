/**
 * /admin/profile and /student/profile: the settings page's profile rows from the session profile,
 * with the user's own record from the mirror (offline engine, fake-indexeddb) laid over it; a
 * parent sees each child with class; a link goes to /settings for the password.
 */
import { describe, expect, it } from 'vitest';
import type { StudentProfile } from '../../../contract/auth';
import ProfilePage from '../../../src/features/profile/ProfilePage';
import { profileTexts } from '../../../src/features/profile/texts';
import { renderRoute, settle, type Rendered } from './dom';
import { studentEntry, teacherEntry } from './helpers';
import { screenHarness, signInStorage, until } from './records-harness';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { teachersTable } from '../../../sync/modules/teachers';

let view: Rendered | undefined;
const harness = screenHarness('profile');


/** The page's rows as "label: value", in order (the first list is the user's own profile). */
function rows(list: Element | null | undefined = view!.container.querySelector('dl.profile-list')): string[] {
  return Array.from(list?.querySelectorAll('.profile-row') ?? []).map(
    (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
  );
}

const student = (id: string, firstName: string, classId: string, extra: Record<string, unknown> = {}) => ({
  id,
  firstName,
  lastName: 'Sharma',
  classId,
  admissionId: `GV-${firstName}`,
  rollNumber: '4',
  rev: 3,
  ...extra,
});

describe('profile screens', () => {
  it('a teacher: employee id, no student fields, the teacher record from the mirror over the stored profile', async () => {
    signInStorage('TEACHER', { profile: teacherEntry() });
    const engine = await harness.engine('TEACHER');
    await engine.db.tableOf(teachersTable).put({
      id: 'tea-1',
      employeeId: 'EMP-042',
      firstName: 'Rahul',
      lastName: 'Verma',
      emailId: 'teacher@kaksha.demo',
      phoneNumber: '9000000001',
      address: '4 Lake View, Pune',
      dateOfBirth: '1985-11-30',
      gender: 'Male',
      rev: 2,
    });
    view = await harness.show(renderRoute('/admin/profile', <ProfilePage area="admin" />, '/admin/profile'));
    await until(() => rows().includes('Phone: 9000000001'), 'the mirror’s teacher record');
    expect(rows()).toEqual([
      'Name: Rahul Verma',
      'Email: teacher@kaksha.demo',
      'School: Green Valley Public School',
      'Employee ID: EMP-042',
      'Phone: 9000000001',
      'Address: 4 Lake View, Pune',
      'Date of birth: 30/11/1985',
      'Gender: Male',
    ]);
    expect(view.container.querySelector('h1')?.textContent).toBe('My profile');
    expect(view.container.querySelector('header a')?.getAttribute('href')).toBe('/admin');
    const settings = Array.from(view.container.querySelectorAll('a')).find((a) => a.textContent === profileTexts.toSettings);
    expect(settings?.getAttribute('href')).toBe('/settings');
  });

  it('a student: admission id, roll number and class with section from the own record and class in the mirror', async () => {
    signInStorage('STUDENT', { profile: studentEntry() });
    const engine = await harness.engine('STUDENT');
    await engine.db.tableOf(classesTable).put({ id: 'class-6b', className: 'VI', classSection: 'B', rev: 1 });
    await engine.db.tableOf(studentsTable).put(
      student('stu-1', 'Ananya', 'class-6b', { rollNumber: '12', phoneNumber: '9876500000', address: '12 MG Road, Pune', dateOfBirth: '2014-03-09', gender: 'Female', admissionId: 'GV-2019-001' }),
    );
    view = await harness.show(renderRoute('/student/profile', <ProfilePage area="student" />, '/student/profile'));
    await until(() => rows().includes('Class: VI B'), 'the mirror’s class');
    expect(rows()).toEqual([
      'Name: Ananya Sharma',
      'Email: student@kaksha.demo',
      'Admission ID: GV-2019-001',
      'Roll number: 12',
      'Class: VI B',
      'School: Green Valley Public School',
      'Phone: 9876500000',
      'Address: 12 MG Road, Pune',
      'Date of birth: 09/03/2014',
      'Gender: Female',
    ]);
    expect(view.container.textContent).not.toContain('Employee ID');
    expect(view.container.querySelector('header a')?.getAttribute('href')).toBe('/student');
  });

  it('a student before any sync: the stored profile alone', async () => {
    signInStorage('STUDENT', { profile: studentEntry() });
    await harness.engine('STUDENT');
    view = await harness.show(renderRoute('/student/profile', <ProfilePage area="student" />, '/student/profile'));
    await settle(20);
    expect(rows()).toContain('Class: Class 5 A');
    expect(rows()).toContain('Roll number: 7');
    expect(rows()).toContain('Admission ID: GV-2019-001');
  });

  it('a parent: the account’s own rows, then each child from the mirror with class', async () => {
    const firstChild: StudentProfile = studentEntry({ userType: 'PARENT', username: 'parent@kaksha.demo' });
    signInStorage('PARENT', { profile: { ...firstChild, parentProfile: { name: 'Prakash and Shruti Kulkarni' } } });
    const engine = await harness.engine('PARENT');
    await engine.db.tableOf(classesTable).bulkPut([
      { id: 'class-5a', className: 'Class 5', classSection: 'A', rev: 1 },
      { id: 'class-2c', className: 'Class 2', classSection: 'C', rev: 1 },
    ]);
    await engine.db.tableOf(studentsTable).bulkPut([
      student('stu-2', 'Vihaan', 'class-2c', { admissionId: 'GV-2023-014', rollNumber: '3' }),
      student('stu-1', 'Ananya', 'class-5a', { admissionId: 'GV-2019-001', rollNumber: '7' }),
    ]);
    view = await harness.show(renderRoute('/student/profile', <ProfilePage area="student" />, '/student/profile'));
    await until(() => view!.container.querySelectorAll('.profile-child').length === 2, 'both children');
    expect(rows()).toEqual(['Name: Prakash and Shruti Kulkarni', 'Email: parent@kaksha.demo', 'School: Green Valley Public School']);
    const children = Array.from(view.container.querySelectorAll('.profile-child'));
    expect(children.map((child) => child.querySelector('h3')?.textContent)).toEqual(['Ananya Sharma', 'Vihaan Sharma']);
    expect(rows(children[0]!.querySelector('dl'))).toEqual(['Admission ID: GV-2019-001', 'Roll number: 7', 'Class: Class 5 A']);
    expect(rows(children[1]!.querySelector('dl'))).toEqual(['Admission ID: GV-2023-014', 'Roll number: 3', 'Class: Class 2 C']);
    expect(view.container.textContent).toContain(profileTexts.childrenHeading);
  });
});
