/**
 * Sign-out and the user's files (src/sync-binding/use-sign-out.tsx): the files this user kept for
 * reading offline (their own Cache Storage) are deleted, another account's kept files are not;
 * attached files still waiting to be sent count in the question and stay on the device with the
 * outbox, to go when the same user signs in again.
 */
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { homeworkTable } from '../../../sync/modules/homework';
import { engineHost } from '../../../src/sync-binding/engine-host';
import { fileQueueOf, queueFiles } from '../../../src/sync-binding/file-queue';
import { keptFiles, keptFilesName } from '../../../src/sync-binding/kept-files';
import { useSignOut } from '../../../src/sync-binding/use-sign-out';
import { syncTexts } from '../../../src/sync-binding/texts';
import { button, click, renderRoute, settle } from './dom';
import { screenHarness, until } from './records-harness';
import { homeworkPaths } from '../../../contract/homework';

const screens = screenHarness('sign-out-files');

/** The Cache Storage, in memory (happy-dom has none). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (entries: Map<string, Response>) => ({
    match: async (key: string) => entries.get(key)?.clone(),
    put: async (key: string, response: Response) => void entries.set(key, response),
  });
  const storage = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name)!);
    },
    delete: async (name: string) => stores.delete(name),
    has: async (name: string) => stores.has(name),
    keys: async () => [...stores.keys()],
  };
  vi.stubGlobal('caches', storage);
  return storage;
}

function SignOutButton({ onEnd }: { onEnd: () => void }) {
  const { confirmSignOut, signOutDialog } = useSignOut(onEnd);
  return (
    <>
      <button type="button" onClick={confirmSignOut}>
        Log out
      </button>
      {signOutDialog}
    </>
  );
}

describe('sign-out and the user’s files', () => {
  it('deletes the files kept for reading offline, only this user’s', async () => {
    const storage = fakeCaches();
    const engine = await screens.engine('PARENT');
    const file = homeworkPaths.attachment('0197a000-0000-7000-8000-0000000000e1', '0197a000-0000-7000-8000-0000000000e2');
    await (await keptFiles(engine))!.put(file, new Response('%PDF-1.4 kept'));
    await (await storage.open('kaksha:another-school:another@kaksha.test-kept-files')).put(file, new Response('theirs'));
    expect(keptFilesName(engine)).toBe(`${engine.db.name}-kept-files`);

    const onEnd = vi.fn();
    const view = await screens.show(renderRoute('/settings', <SignOutButton onEnd={onEnd} />, '/settings'));
    await click(button(view.container, 'Log out'));
    await until(() => onEnd.mock.calls.length === 1, 'the session ended');
    expect(await storage.has(keptFilesName(engine))).toBe(false);
    expect(await storage.has('kaksha:another-school:another@kaksha.test-kept-files')).toBe(true);
  });

  it('asks first when an attached file waits, and keeps it for the next sign-in', async () => {
    fakeCaches();
    const engine = await screens.engine('TEACHER');
    const homeworkId = '0197a000-0000-7000-8000-0000000000e3';
    // Made offline: the homework has no school rev yet, so its file waits.
    await engine.db.tableOf(homeworkTable).put({ id: homeworkId, classId: 'c', subjectId: 's', title: 'Read', description: '', assignedDate: '2026-11-23', dueDate: '2026-11-27', rev: 0 });
    await queueFiles(engine, { table: 'homework', recordId: homeworkId, uploadPath: homeworkPaths.attachments(homeworkId) }, [new File(['%PDF-1.4'], 'sheet.pdf')]);
    // The host starts the file sender once the first screen is drawn. No screen here reads the
    // mirror, so that is first-screen.ts's fallback, 5 s after the page's start (here the test
    // process's): a fresh process with Vitest's transforms cached gets here in 1-2 s, and until's
    // usual 3 s ran out before it in a full run.
    await until(() => engineHost.files()?.waiting === 1, 'the host counts the waiting file', 800);

    const onEnd = vi.fn();
    const view = await screens.show(renderRoute('/settings', <SignOutButton onEnd={onEnd} />, '/settings'));
    await click(button(view.container, 'Log out'));
    expect(onEnd).not.toHaveBeenCalled();
    const dialog = document.querySelector('[role="alertdialog"]');
    expect(dialog?.textContent).toContain(messages.sync.waiting(1));
    await click(button(document.body, syncTexts.signOut.signOutAnyway));
    await until(() => onEnd.mock.calls.length === 1, 'the session ended');
    await settle();
    expect(await fileQueueOf(engine).files.count()).toBe(1);
  });
});
