/**
 * The sync indicator of every signed-in screen: a polite status with the connection and waiting
 * count, the last sync, the not-accepted and changed-elsewhere counts, and alerts for a full disk
 * and for a session that must be renewed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import type { SyncState } from '../../../sync';
import { SyncBarView } from '../../../src/sync-binding/SyncBar';
import { syncTexts } from '../../../src/sync-binding/texts';
import { button, click, renderRoute, type Rendered } from './dom';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const base: SyncState = {
  online: true,
  serverDown: false,
  pendingCount: 0,
  lastSyncAt: null,
  syncing: false,
  needsSignIn: false,
  storageFull: false,
  rejected: [],
  conflicts: [],
};

async function render(state: Partial<SyncState>, onSignInAgain = vi.fn()) {
  view = await renderRoute('/admin', <SyncBarView state={{ ...base, ...state }} onSignInAgain={onSignInAgain} />, '/admin');
  return view.container;
}

const status = (container: HTMLElement) => container.querySelector<HTMLElement>('[role="status"]')!;

describe('sync indicator', () => {
  it('says online and that everything was sent, in a polite live region named Sync status', async () => {
    const container = await render({ lastSyncAt: Date.now() });
    expect(status(container).getAttribute('aria-live')).toBe('polite');
    expect(status(container).getAttribute('aria-label')).toBe(syncTexts.regionLabel);
    expect(status(container).textContent).toContain(syncTexts.online);
    expect(status(container).textContent).toContain(syncTexts.pending({ count: 0 }));
    expect(container.querySelector('.sync-last')?.textContent).toMatch(/^Synced /);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('counts the attached files the school refused among the problems', async () => {
    view = await renderRoute('/admin', <SyncBarView state={base} onSignInAgain={vi.fn()} filesNotSent={2} />, '/admin');
    expect(status(view.container).textContent).toContain(syncTexts.filesNotSent({ count: 2 }));
    expect(view.container.querySelector('.sync-bar')?.getAttribute('data-attention')).toBe('true');
  });

  it('says offline with the waiting count and the problems', async () => {
    const rejected = [{ id: 'e1', kind: 'attendance.markSheet', method: 'POST' as const, path: '/x', body: {}, createdAt: 1, rejectedAt: 2, status: 400, message: 'No.' }];
    const conflicts = [{ seq: 1, entryId: 'e2', entity: 'attendance' as const, recordId: 'r', kept: null, yours: {}, message: 'Changed elsewhere.', at: 3 }];
    const container = await render({ online: false, pendingCount: 3, rejected, conflicts });
    const text = status(container).textContent ?? '';
    expect(text).toContain(syncTexts.offline);
    expect(text).toContain(syncTexts.pending({ count: 3 }));
    expect(text).toContain(syncTexts.notAccepted({ count: 1 }));
    expect(text).toContain(syncTexts.changedElsewhere({ count: 1 }));
    expect(container.querySelector('.sync-last')?.textContent).toBe(syncTexts.neverSynced);
  });

  it('tells a server that does not answer apart from being offline', async () => {
    const container = await render({ serverDown: true, pendingCount: 1 });
    expect(status(container).textContent).toContain(syncTexts.serverDown);
  });

  it('shows a full disk as an alert with the contract message', async () => {
    const container = await render({ storageFull: true });
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(messages.sync.storageFull);
  });

  it('asks to sign in again when the session could not be renewed, keeping the changes', async () => {
    const signInAgain = vi.fn();
    const container = await render({ needsSignIn: true, pendingCount: 2 }, signInAgain);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(syncTexts.needsSignIn);
    await click(button(container, syncTexts.signInAgain));
    expect(signInAgain).toHaveBeenCalledTimes(1);
  });
});
