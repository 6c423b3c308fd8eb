/**
 * The bell schedule editor on /admin/timetable over a real engine (fake-indexeddb, offline): it
 * opens on the periods of the device's copy, a change saved offline is on the device at once as one
 * waiting change and the editor says so; a refusal from the school shows in the editor.
 */
import { describe, expect, it } from 'vitest';
import { replacePeriodsKindName } from '../../../sync/kinds/timetable';
import { periodsTable, type PeriodRow } from '../../../sync/modules/timetable';
import TimetablePage from '../../../src/features/timetable/TimetablePage';
import { timetableTexts as text } from '../../../src/features/timetable/texts';
import { AppToaster } from '../../../src/ui/AppToaster';
import { click, meanwhile, renderRoute, type, type Rendered } from './dom';
import { screenHarness, signInStorage, until } from './records-harness';

let view: Rendered | undefined;
const harness = screenHarness('timetable-periods');

const id = (n: number) => `0197e000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const period = (n: number, position: number, name: string, startTime: string, endTime: string): PeriodRow => ({
  id: id(100 + n),
  day: 1,
  position,
  name,
  startTime,
  endTime,
  kind: 'teaching',
  rev: 3,
});

const button = (label: string) => Array.from(view!.container.querySelectorAll<HTMLButtonElement>('button')).find((one) => one.textContent === label);
const input = (label: string) => view!.container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);

describe('the bell schedule editor', () => {
  it('edits the device’s copy offline: the change is shown at once and waits as one change', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await engine.db.tableOf(periodsTable).bulkPut([period(1, 1, 'Period 1', '08:00', '08:40'), period(2, 2, 'Period 2', '08:40', '09:20')]);
    view = await harness.show(
      renderRoute(
        '/admin/timetable',
        <>
          <TimetablePage />
          <AppToaster />
        </>,
        '/admin/timetable',
      ),
    );
    await until(() => button(text.periods.edit) !== undefined, 'the editor');
    await until(() => view!.container.textContent?.includes(text.periods.synced) === true, 'nothing waiting');
    await click(button(text.periods.edit)!);
    // The editor opens on the device's copy.
    expect(input('Period 2 Starts')!.value).toBe('08:40');
    await type(input('Period 2 Ends')!, '09:30');
    await click(button(text.periods.save)!);
    await until(async () => (await engine.db.tableOf(periodsTable).get(id(102)))?.endTime === '09:30', 'the new end on the device');
    expect(await meanwhile(() => engine.db.tableOf(periodsTable).get(id(102)))).toMatchObject({ endTime: '09:30', rev: 3 });
    const waiting = await meanwhile(() => engine.db.outbox.toArray());
    expect(waiting.map((entry) => entry.kind)).toEqual([replacePeriodsKindName]);
    expect(waiting[0]!.body).toMatchObject({ base: expect.arrayContaining([{ id: id(101), rev: 3 }, { id: id(102), rev: 3 }]) });
    await until(() => view!.container.textContent?.includes(text.periods.waiting) === true, 'the waiting state');

    // A refusal from the school shows in the editor.
    await meanwhile(() => engine.db.rejected.add({ id: 'refused-1', kind: replacePeriodsKindName, method: 'PUT', path: '/api/timetable/periods', body: waiting[0]!.body, createdAt: 1, rejectedAt: 2, status: 409, message: 'Period 2 on Monday has timetable entries.' }));
    await until(() => view!.container.querySelector('[role="alert"]')?.textContent?.includes('Period 2 on Monday has timetable entries.') === true, 'the refusal');
  });
});
