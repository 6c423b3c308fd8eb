import { beforeEach, describe, expect, it } from 'vitest';
import { displayName, selectProfile, teacherIdOf } from '../../../src/session/profile';
import {
  chooseSchool,
  clearSession,
  readSession,
  saveLogin,
  startupCheck,
} from '../../../src/session/session-rules';
import { memoryStore, type KeyValueStore, type SessionStores } from '../../../src/session/storage-keys';
import { nowMs, studentEntry, teacherEntry, tokenFor } from './helpers';

let local: ReturnType<typeof memoryStore>;
let session: ReturnType<typeof memoryStore>;
let stores: SessionStores;

function signedIn(token = tokenFor('student')) {
  local.setItem('jwtToken', token);
  local.setItem('username', 'student@kaksha.demo');
  local.setItem('userProfile', JSON.stringify(studentEntry()));
  local.setItem('last_sent_fcm_token', 'device-1');
  session.setItem('currentTenantId', 'greenvalley');
  session.setItem('currentSchoolName', 'Green Valley Public School');
}

beforeEach(() => {
  local = memoryStore();
  session = memoryStore();
  stores = { local, session };
});

describe('startup check (spec section 4)', () => {
  it('logs in when token, username, profile and tenant id are all present and the token is valid', () => {
    signedIn();
    const result = startupCheck(stores, nowMs);
    expect(result?.username).toBe('student@kaksha.demo');
    expect(result?.role).toBe('student');
    expect(result?.tenantId).toBe('greenvalley');
    expect(result?.profile.firstName).toBe('Ananya');
  });

  it.each(['jwtToken', 'username', 'userProfile'])('clears the credentials when %s is missing', (key) => {
    signedIn();
    local.removeItem(key);
    expect(startupCheck(stores, nowMs)).toBeNull();
    expect(local.dump()).toEqual({});
  });

  it('clears the session when the tenant id is missing and the token names none', () => {
    signedIn(tokenFor('student', { tenantId: '' }));
    session.removeItem('currentTenantId');
    expect(startupCheck(stores, nowMs)).toBeNull();
    expect(local.getItem('jwtToken')).toBeNull();
  });

  it("takes a new tab's tenant id and school name from the token and profile", () => {
    signedIn(tokenFor('student', { tenantId: 'greenvalley' }));
    session.removeItem('currentTenantId');
    session.removeItem('currentSchoolName');
    expect(startupCheck(stores, nowMs)?.tenantId).toBe('greenvalley');
    expect(session.getItem('currentSchoolName')).toBe('Green Valley Public School');
  });

  it('never replaces the tenant this tab chose', () => {
    signedIn(tokenFor('student', { tenantId: 'greenvalley' }));
    session.setItem('currentTenantId', 'riverside');
    expect(startupCheck(stores, nowMs)?.tenantId).toBe('riverside');
  });

  it('clears an expired or undecodable token silently', () => {
    signedIn(tokenFor('student', { expiresInSec: -5 }));
    expect(startupCheck(stores, nowMs)).toBeNull();
    expect(local.getItem('jwtToken')).toBeNull();
    signedIn('not.a.token');
    expect(startupCheck(stores, nowMs)).toBeNull();
    expect(local.getItem('userProfile')).toBeNull();
  });

  it('clears an unreadable stored profile', () => {
    signedIn();
    local.setItem('userProfile', '{not json');
    expect(startupCheck(stores, nowMs)).toBeNull();
    expect(local.getItem('jwtToken')).toBeNull();
  });

  it('keeps the school chosen in this tab when nobody is signed in', () => {
    chooseSchool(stores, 'riverside', 'Riverside High School');
    expect(startupCheck(stores, nowMs)).toBeNull();
    expect(session.getItem('currentTenantId')).toBe('riverside');
    expect(session.getItem('currentSchoolName')).toBe('Riverside High School');
  });
});

describe('clearSession (logout and expiry)', () => {
  it('removes token, username, profile, last sent push token and the current tenant', () => {
    signedIn();
    local.setItem('unrelated', 'kept');
    clearSession(stores);
    expect(local.dump()).toEqual({ unrelated: 'kept' });
    expect(session.getItem('currentTenantId')).toBeNull();
    expect(session.getItem('currentSchoolName')).toBeNull();
    expect(readSession(stores, nowMs)).toEqual({ kind: 'none' });
  });
});

describe('saveLogin', () => {
  beforeEach(() => chooseSchool(stores, 'greenvalley', 'Green Valley Public School'));

  it('stores the first student entry when there are students', () => {
    const token = tokenFor('parent', { sub: 'parent@kaksha.demo' });
    const result = saveLogin(
      stores,
      {
        username: 'Parent@Kaksha.demo',
        token,
        profile: { students: [studentEntry({ firstName: 'First' }), studentEntry({ firstName: 'Second' })], teachers: [teacherEntry()] },
      },
      nowMs,
    );
    expect(result.ok).toBe(true);
    expect(local.getItem('jwtToken')).toBe(token);
    expect(local.getItem('username')).toBe('parent@kaksha.demo');
    expect(JSON.parse(local.getItem('userProfile') ?? '{}').firstName).toBe('First');
  });

  it('stores the first teacher entry when there is no student', () => {
    const result = saveLogin(
      stores,
      { username: 'teacher@kaksha.demo', token: tokenFor('teacher'), profile: { students: [], teachers: [teacherEntry()] } },
      nowMs,
    );
    expect(result.ok && result.session.profile.employeeId).toBe('EMP-042');
  });

  it('fails, leaving nothing stored, when there is no entry at all', () => {
    const result = saveLogin(stores, { username: 'x@y.in', token: tokenFor('admin'), profile: { students: [], teachers: [] } }, nowMs);
    expect(result.ok).toBe(false);
    expect(local.dump()).toEqual({});
  });

  it('fails and clears when the profile cannot be written (storage full)', () => {
    const full: KeyValueStore = {
      getItem: (key) => local.getItem(key),
      removeItem: (key) => local.removeItem(key),
      setItem: (key, value) => {
        if (key === 'userProfile') throw new DOMException('quota', 'QuotaExceededError');
        local.setItem(key, value);
      },
    };
    const result = saveLogin(
      { local: full, session },
      { username: 'student@kaksha.demo', token: tokenFor('student'), profile: { students: [studentEntry()], teachers: [] } },
      nowMs,
    );
    expect(result.ok).toBe(false);
    expect(local.dump()).toEqual({});
  });
});

describe('profile rules (spec section 3)', () => {
  it('selectProfile prefers the first student, then the first teacher', () => {
    expect(selectProfile({ students: [studentEntry()], teachers: [teacherEntry()] })?.userType).toBe('STUDENT');
    expect(selectProfile({ students: [], teachers: [teacherEntry()] })?.userType).toBe('TEACHER');
    expect(selectProfile({ students: [], teachers: [teacherEntry({ userType: 'ADMIN' })] })?.userType).toBe('ADMIN');
    expect(selectProfile({ students: [], teachers: [] })).toBeNull();
  });

  it('teacher id is teacherId, else associatedEntityId, for TEACHER and ADMIN only', () => {
    expect(teacherIdOf(teacherEntry())).toBe('tea-1');
    expect(teacherIdOf(teacherEntry({ teacherId: null }))).toBe('tea-entity-1');
    expect(teacherIdOf(teacherEntry({ userType: 'ADMIN', teacherId: null }))).toBe('tea-entity-1');
    expect(teacherIdOf(studentEntry())).toBeNull();
    expect(teacherIdOf(null)).toBeNull();
  });

  it('display name is first + last, else username, else N/A', () => {
    expect(displayName(studentEntry())).toBe('Ananya Sharma');
    expect(displayName(studentEntry({ lastName: null }))).toBe('Ananya');
    expect(displayName(studentEntry({ firstName: null, lastName: ' ' }))).toBe('student@kaksha.demo');
    expect(displayName({}, 'from-session@kaksha.demo')).toBe('from-session@kaksha.demo');
    expect(displayName(null)).toBe('N/A');
  });
});
