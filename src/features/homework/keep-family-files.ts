/**
 * A parent's device keeps their children's homework files of the last four weeks on its own, so
 * a file opens on the bus without having been opened before: fetched ahead while online (the app
 * runs this after the first pull each time the device comes online, src/kit/feature.ts `keep`, and
 * the homework screen when it opens online), newest first, within the space given kept files
 * (src/sync-binding/keep-policy.ts); files of older homework leave as the weeks pass.
 */
import type { KakshaDb } from '../../../sync';
import { homeworkTable, type HomeworkRow } from '../../../sync/modules/homework';
import { dropKeptFiles, keepFileBytes, readFilesBudget, readKeptList, reconcileKeptFiles } from '../../sync-binding/kept-files';
import { planKeptFiles, type WantedFile } from '../../sync-binding/keep-policy';
import { attachmentPath, AttachmentUnavailable, fetchAttachment } from './attachments';
import { todayIso } from './queries';

/** How far back a parent's device keeps homework files ahead of their being opened. */
export const familyFilesDays = 28;

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The files of the homework given in the last four weeks (the mirror holds only the family's classes'). */
export function wantedFamilyFiles(homework: readonly Pick<HomeworkRow, 'id' | 'assignedDate' | 'attachments'>[], today: string): WantedFile[] {
  const since = daysBefore(today, familyFilesDays);
  return homework
    .filter((row) => row.assignedDate >= since)
    .flatMap((row) =>
      (row.attachments ?? []).map((attachment) => ({ path: attachmentPath(row.id, attachment.id), size: attachment.size, date: row.assignedDate, contentType: attachment.contentType })),
    );
}

const running = new Map<string, Promise<void>>();

async function keepOnce(db: KakshaDb): Promise<void> {
  const engine = { db };
  await reconcileKeptFiles(engine);
  const wanted = wantedFamilyFiles(await db.tableOf(homeworkTable).toArray(), todayIso());
  const plan = planKeptFiles({ kept: await readKeptList(db), wanted, budget: await readFilesBudget(db) });
  await dropKeptFiles(engine, plan.drop);
  for (const file of plan.fetch) {
    let blob: Blob;
    try {
      blob = await fetchAttachment(file.path);
    } catch (caught) {
      // Gone at the school (a removed attachment): the next file. No answer: the rest waits for the next time online.
      if (caught instanceof AttachmentUnavailable && !caught.noResponse) continue;
      return;
    }
    await keepFileBytes(engine, { path: file.path, date: file.date, reason: 'prefetched' }, blob, file.contentType);
  }
}

/** Fetches ahead what a parent's device should hold (one run at a time per store); other roles keep what they open. */
export function keepFamilyFiles(db: KakshaDb, role: string | undefined): Promise<void> {
  if (role !== 'parent') return Promise.resolve();
  const current = running.get(db.name);
  if (current) return current;
  const run = keepOnce(db).finally(() => running.delete(db.name));
  running.set(db.name, run);
  return run;
}
