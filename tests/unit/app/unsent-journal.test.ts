/**
 * Changes noted before the page went away (src/sync-binding/unsent-journal.ts): a change whose
 * engine write finished is crossed out and never handed again; one the page's end cut short is
 * handed to the same user's engine at its next start, once, and lands in its outbox; another user or
 * school never gets it; one the engine cannot store now stays, one it refuses as it is goes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { StorageFullError } from '../../../sync/errors';
import { noteUnsent, replayUnsent, settleUnsent } from '../../../src/sync-binding/unsent-journal';
import { enginesOverFetch } from '../../support/fake-school-engine';

const tenantId = 'journal-school';
const username = 'teacher@journal.in';
const offline = () => Promise.reject(new TypeError('offline'));
const engineOver = enginesOverFetch(tenantId, username);

afterEach(() => window.localStorage.clear());

describe('changes noted before the page went away', () => {
  it('hands the same user\'s engine, at its next start, only what it never stored, once', async () => {
    const owner = { tenantId, username };
    const stored = noteUnsent(owner, 'classes.create', { className: 'Stored', classSection: 'A' });
    settleUnsent(owner, stored);
    noteUnsent(owner, 'classes.create', { className: 'Cut short', classSection: 'B' });

    const { engine } = engineOver(offline, false);
    expect(await replayUnsent(engine)).toBe(1);
    const entries = await engine.db.outbox.toArray();
    expect(entries.map((entry) => [entry.kind, (entry.body as { className: string }).className])).toEqual([['classes.create', 'Cut short']]);
    expect(await replayUnsent(engine)).toBe(0);
    expect(await engine.db.outbox.count()).toBe(1);
  });

  it('never hands one user\'s or school\'s notes to another', async () => {
    noteUnsent({ tenantId, username: 'admin@journal.in' }, 'classes.create', { className: 'Admin', classSection: '' });
    noteUnsent({ tenantId: 'other-school', username }, 'classes.create', { className: 'Other school', classSection: '' });
    const { engine } = engineOver(offline, false);
    expect(await replayUnsent(engine)).toBe(0);
    expect(await engine.db.outbox.count()).toBe(0);
    expect(window.localStorage.length).toBe(2);
  });

  it('keeps a note the device had no room for, drops one the engine refuses, and survives a damaged note', async () => {
    const owner = { tenantId, username };
    noteUnsent(owner, 'classes.create', { className: 'No room', classSection: '' });
    noteUnsent(owner, 'no.such.kind', {});
    const full = { tenantId, username, mutate: () => Promise.reject(new StorageFullError()) };
    expect(await replayUnsent(full)).toBe(0);
    const { engine } = engineOver(offline, false);
    expect(await replayUnsent(engine)).toBe(1);
    expect(await engine.db.outbox.count()).toBe(1);
    expect(window.localStorage.length).toBe(0);

    window.localStorage.setItem(`kaksha:unsent:${tenantId}:${username}`, '{not json');
    expect(await replayUnsent(engine)).toBe(0);
  });
});
