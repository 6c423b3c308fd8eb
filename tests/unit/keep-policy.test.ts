/**
 * What a device keeps for reading offline within the space given files (src/sync-binding/keep-policy.ts):
 * the newest first by their homework's date, older files go first when over the space, files fetched
 * ahead leave once no longer wanted; and which of a parent's homework files are wanted: those of the
 * last four weeks (src/features/homework/keep-family-files.ts).
 */
import { describe, expect, it } from 'vitest';
import { attachmentPath } from '../../src/features/homework/attachments';
import { familyFilesDays, wantedFamilyFiles } from '../../src/features/homework/keep-family-files';
import { planKeptFiles, sizeLabel, type KeptFile, type WantedFile } from '../../src/sync-binding/keep-policy';

const kb = 1024;
const kept = (path: string, date: string, size: number, reason: KeptFile['reason'] = 'prefetched', keptAt = 1): KeptFile => ({ path, size, date, reason, keptAt });
const wanted = (path: string, date: string, size: number): WantedFile => ({ path, size, date, contentType: 'application/pdf' });

describe('planKeptFiles', () => {
  it('fetches the wanted files newest first while they fit, and passes over what does not', () => {
    const plan = planKeptFiles({
      kept: [],
      wanted: [wanted('/a', '2026-11-02', 40 * kb), wanted('/b', '2026-11-20', 50 * kb), wanted('/c', '2026-11-10', 30 * kb)],
      budget: 85 * kb,
    });
    // Newest (b, 50) then c (30) = 80; a (40) would pass 85.
    expect(plan.fetch.map((file) => file.path)).toEqual(['/b', '/c']);
    expect(plan.drop).toEqual([]);
    expect(plan.bytes).toBe(80 * kb);
  });

  it('lets the older files go first when newer ones come and the space is full', () => {
    const plan = planKeptFiles({
      kept: [kept('/old', '2026-11-01', 60 * kb), kept('/mid', '2026-11-08', 30 * kb)],
      wanted: [wanted('/old', '2026-11-01', 60 * kb), wanted('/mid', '2026-11-08', 30 * kb), wanted('/new', '2026-11-25', 50 * kb)],
      budget: 100 * kb,
    });
    expect(plan.fetch.map((file) => file.path)).toEqual(['/new']);
    expect(plan.drop).toEqual(['/old']);
    expect(plan.bytes).toBe(80 * kb);
  });

  it('lets files fetched ahead go once no longer wanted (older than four weeks), and keeps what the person opened', () => {
    const plan = planKeptFiles({
      kept: [kept('/ahead-old', '2026-09-01', 10 * kb), kept('/opened-old', '2026-09-01', 10 * kb, 'opened'), kept('/kept', '2026-08-01', 10 * kb, 'kept')],
      wanted: [],
      budget: 100 * kb,
    });
    expect(plan.drop).toEqual(['/ahead-old']);
    expect(plan.fetch).toEqual([]);
  });

  it('puts a file the person chose before one fetched ahead of the same day, and the later kept before the earlier', () => {
    const plan = planKeptFiles({
      kept: [kept('/ahead', '2026-11-20', 60 * kb, 'prefetched', 5), kept('/opened', '2026-11-20', 60 * kb, 'opened', 1)],
      budget: 100 * kb,
    });
    expect(plan.drop).toEqual(['/ahead']);
  });

  it('given less space and nothing wanted: only the space is enforced, older first, fetched-ahead files not judged unwanted', () => {
    const files = [kept('/a', '2026-11-01', 30 * kb), kept('/b', '2026-11-15', 30 * kb, 'opened'), kept('/c', '2026-11-20', 30 * kb)];
    expect(planKeptFiles({ kept: files, budget: 100 * kb })).toEqual({ fetch: [], drop: [], bytes: 90 * kb });
    expect(planKeptFiles({ kept: files, budget: 60 * kb })).toEqual({ fetch: [], drop: ['/a'], bytes: 60 * kb });
    expect(planKeptFiles({ kept: files, budget: 20 * kb }).drop.sort()).toEqual(['/a', '/b', '/c']);
  });

  it('says sizes as people read them', () => {
    expect([sizeLabel(900), sizeLabel(820 * kb), sizeLabel(50 * 1024 * kb), sizeLabel(12.4 * 1024 * kb)]).toEqual(['900 B', '820 KB', '50 MB', '12.4 MB']);
  });
});

describe('wantedFamilyFiles', () => {
  const attachment = (id: string) => ({ id, fileName: `${id}.pdf`, contentType: 'application/pdf' as const, size: 2 * kb });

  it('wants the files of the homework given in the last four weeks, dated by the homework', () => {
    expect(familyFilesDays).toBe(28);
    const files = wantedFamilyFiles(
      [
        { id: 'h1', assignedDate: '2026-11-01', attachments: [attachment('a1'), attachment('a2')] },
        { id: 'h2', assignedDate: '2026-10-31', attachments: [attachment('a3')] },
        { id: 'h3', assignedDate: '2026-11-28', attachments: [] },
      ],
      '2026-11-29',
    );
    expect(files).toEqual([
      { path: attachmentPath('h1', 'a1'), size: 2 * kb, date: '2026-11-01', contentType: 'application/pdf' },
      { path: attachmentPath('h1', 'a2'), size: 2 * kb, date: '2026-11-01', contentType: 'application/pdf' },
    ]);
  });
});
