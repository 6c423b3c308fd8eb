/**
 * The sync panel's files (src/sync-binding/FilesNotSent.tsx): how many attached files wait, and
 * each file the school refused with its message, a copy to save and Dismiss, which deletes it
 * from the device.
 */
import { describe, expect, it } from 'vitest';
import { fileQueueOf, type QueuedFile } from '../../../src/sync-binding/file-queue';
import { FilesNotSent } from '../../../src/sync-binding/FilesNotSent';
import { SyncBar } from '../../../src/sync-binding/SyncBar';
import { AppToaster } from '../../../src/ui/AppToaster';
import { syncTexts } from '../../../src/sync-binding/texts';
import { click, meanwhile, renderRoute } from './dom';
import { screenHarness, until } from './records-harness';
import { homeworkPaths, homeworkMessages } from '../../../contract/homework';

const screens = screenHarness('files-not-sent');
const homeworkId = '0197a000-0000-7000-8000-0000000000f1';

describe('files not sent', () => {
  it('lists a refused file with the school’s message until dismissed', async () => {
    const engine = await screens.engine('TEACHER');
    const refused: QueuedFile = {
      id: '0197a000-0000-7000-8000-0000000000f2',
      table: 'homework',
      recordId: homeworkId,
      uploadPath: homeworkPaths.attachments(homeworkId),
      fileName: 'worksheet.exe.pdf',
      blob: new Blob(['MZ']),
      queuedAt: 1,
      refused: { status: 415, message: homeworkMessages.attachmentWrongType, at: 2 },
    };
    await fileQueueOf(engine).files.put(refused);
    const view = await screens.show(renderRoute('/admin', <FilesNotSent files={{ waiting: 2, refused: [refused] }} engine={engine} />, '/admin'));
    const section = view.container.querySelector('section')!;
    expect(section.querySelector('h3')?.textContent).toBe(syncTexts.panel.filesHeading({ refused: 1 }));
    expect(section.textContent).toContain(syncTexts.panel.filesWaiting({ count: 2 }));
    expect(section.textContent).toContain(syncTexts.panel.fileRefused({ name: 'worksheet.exe.pdf' }));
    expect(section.textContent).toContain(homeworkMessages.attachmentWrongType);
    expect(section.querySelector(`[aria-label="${syncTexts.panel.saveFile({ name: 'worksheet.exe.pdf' })}"]`)).not.toBeNull();
    await click(section.querySelector<HTMLElement>(`[aria-label="${syncTexts.panel.dismissFile({ name: 'worksheet.exe.pdf' })}"]`)!);
    await until(async () => (await fileQueueOf(engine).files.count()) === 0, 'the file dismissed');
  });

  it('shows nothing when no file waits or was refused', async () => {
    const engine = await screens.engine('TEACHER');
    const view = await screens.show(renderRoute('/admin', <FilesNotSent files={{ waiting: 0, refused: [] }} engine={engine} />, '/admin'));
    expect(view.container.querySelector('section')).toBeNull();
  });

  it('tells a file refused while the app is open at once, and counts it in the bar', async () => {
    // No pull completes here: a completed pull would run the file sender again meanwhile.
    const engine = await screens.engine('TEACHER', { arrived: false });
    const old: QueuedFile = {
      id: '0197a000-0000-7000-8000-0000000000f3',
      table: 'homework',
      recordId: homeworkId,
      uploadPath: homeworkPaths.attachments(homeworkId),
      fileName: 'old.pdf',
      blob: new Blob(['MZ']),
      queuedAt: 1,
      refused: { status: 415, message: homeworkMessages.attachmentWrongType, at: 2 },
    };
    await fileQueueOf(engine).files.put(old);
    const view = await screens.show(
      renderRoute(
        '/admin',
        <>
          <SyncBar />
          <AppToaster />
        </>,
        '/admin',
      ),
    );
    await until(() => view.container.textContent?.includes(syncTexts.filesNotSent({ count: 1 })) === true, 'the bar counts the refused file');
    // Refused before the app opened: counted, not toasted.
    expect(document.body.textContent).not.toContain(syncTexts.fileRefused({ name: 'old.pdf', reason: homeworkMessages.attachmentWrongType }));
    await meanwhile(() => fileQueueOf(engine).files.put({ ...old, id: '0197a000-0000-7000-8000-0000000000f4', fileName: 'scan.pdf', refused: { status: 413, message: homeworkMessages.attachmentTooLarge(10), at: 3 } }));
    await until(() => document.body.textContent?.includes(syncTexts.fileRefused({ name: 'scan.pdf', reason: homeworkMessages.attachmentTooLarge(10) })) === true, 'the toast');
    expect(view.container.textContent).toContain(syncTexts.filesNotSent({ count: 2 }));
  });
});
