import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../../src/session/session-store';
import { memoryStore } from '../../../src/session/storage-keys';
import { nowMs, nowSec, studentEntry, teacherEntry, tokenFor } from './helpers';

function storeAt(clock: { now: number }) {
  const stores = { local: memoryStore(), session: memoryStore({ currentTenantId: 'greenvalley' }) };
  return { stores, store: new SessionStore(stores, () => clock.now) };
}

describe('SessionStore', () => {
  it('logs in, notifies subscribers and exposes the role', () => {
    const clock = { now: nowMs };
    const { store } = storeAt(clock);
    let notified = 0;
    store.subscribe(() => notified++);
    const session = store.login({ username: 'teacher@kaksha.demo', token: tokenFor('teacher'), profile: { students: [], teachers: [teacherEntry()] } });
    expect(session?.role).toBe('teacher');
    expect(store.getSnapshot().session).toBe(session);
    expect(notified).toBe(1);
  });

  it('ends the session silently when the token is found expired on query', () => {
    const clock = { now: nowMs };
    const { store, stores } = storeAt(clock);
    store.login({ username: 's@x.in', token: tokenFor('student', { expiresInSec: 60 }), profile: { students: [studentEntry()], teachers: [] } });
    expect(store.current()).not.toBeNull();
    clock.now = (nowSec + 61) * 1000;
    expect(store.current()).toBeNull();
    expect(store.getSnapshot().session).toBeNull();
    expect(stores.local.getItem('jwtToken')).toBeNull();
    expect(stores.session.getItem('currentTenantId')).toBeNull();
    expect(store.getSnapshot().profileError).toBe(false);
  });

  it('raises the profile error when the profile cannot be stored, and dismisses it', () => {
    const { store } = storeAt({ now: nowMs });
    expect(store.login({ username: 'a@b.in', token: tokenFor('admin'), profile: { students: [], teachers: [] } })).toBeNull();
    expect(store.getSnapshot()).toEqual({ session: null, profileError: true });
    store.dismissProfileError();
    expect(store.getSnapshot().profileError).toBe(false);
  });

  it('replaces the token of the same user only', () => {
    const { store, stores } = storeAt({ now: nowMs });
    store.login({ username: 'student@kaksha.demo', token: tokenFor('student'), profile: { students: [studentEntry()], teachers: [] } });
    const renewed = tokenFor('student', { expiresInSec: 7 * 86400 });
    store.replaceToken(renewed);
    expect(stores.local.getItem('jwtToken')).toBe(renewed);
    expect(store.getSnapshot().session?.token).toBe(renewed);
    store.replaceToken(tokenFor('admin', { sub: 'someone-else@kaksha.demo' }));
    expect(stores.local.getItem('jwtToken')).toBe(renewed);
  });

  it('follows another tab signing out', () => {
    const { store, stores } = storeAt({ now: nowMs });
    store.login({ username: 'student@kaksha.demo', token: tokenFor('student'), profile: { students: [studentEntry()], teachers: [] } });
    stores.local.removeItem('jwtToken');
    store.syncFromStorage();
    expect(store.getSnapshot().session).toBeNull();
  });
});
