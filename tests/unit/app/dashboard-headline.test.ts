/** The dashboards' greeting: a parent by their own name, their children named (not the first child as the parent). */
import { describe, expect, it } from 'vitest';
import type { LoginProfile } from '../../../contract/auth';
import { headlineOf } from '../../../src/navigation/dashboard-tiles';
import { saveLogin } from '../../../src/session/session-rules';
import { memoryStore } from '../../../src/session/storage-keys';
import { nowMs, studentEntry, teacherEntry, tokenFor } from './helpers';

function sessionOf(role: string, profile: LoginProfile) {
  const stores = { local: memoryStore(), session: memoryStore({ currentTenantId: 'greenvalley' }) };
  const result = saveLogin(stores, { username: `${role.toLowerCase()}@kaksha.demo`, token: tokenFor(role), profile }, nowMs);
  if (!result.ok) throw new Error('sign-in not stored');
  return result.session;
}

const child = (studentId: string, firstName: string) =>
  studentEntry({ userType: 'PARENT', username: 'parent@kaksha.demo', studentId, firstName, lastName: 'Kulkarni' });

describe('dashboard greeting', () => {
  it('greets a parent by name as the parent of both children', () => {
    const session = sessionOf('PARENT', {
      students: [child('stu-1', 'Ananya'), child('stu-2', 'Vihaan')],
      teachers: [],
      parentProfile: { name: 'Prakash and Shruti Kulkarni' },
    });
    expect(headlineOf(session, null)).toEqual({
      schoolName: 'Green Valley Public School',
      greeting: 'Welcome, Prakash and Shruti Kulkarni',
      detail: 'Parent of Ananya Kulkarni and Vihaan Kulkarni',
    });
  });

  it('a parent without a recorded name is greeted by their e-mail; three children read as a list', () => {
    const session = sessionOf('PARENT', {
      students: [child('stu-1', 'Ananya'), child('stu-2', 'Vihaan'), child('stu-3', 'Ira')],
      teachers: [],
      parentProfile: { name: null },
    });
    const headline = headlineOf(session, null);
    expect(headline.greeting).toBe('Welcome, parent@kaksha.demo');
    expect(headline.detail).toBe('Parent of Ananya Kulkarni, Vihaan Kulkarni and Ira Kulkarni');
  });

  it('staff and students keep their own name and role', () => {
    expect(headlineOf(sessionOf('TEACHER', { students: [], teachers: [teacherEntry()] }), null)).toMatchObject({
      greeting: 'Welcome, Rahul Verma',
      detail: 'Teacher',
    });
    expect(headlineOf(sessionOf('STUDENT', { students: [studentEntry()], teachers: [] }), null).greeting).toBe('Welcome, Ananya Sharma');
  });
});
