/**
 * Events (server/modules/events): who may add what (holidays are the admins', teachers their
 * classes'), who sees what (reads and the pull by audience), validation with clear messages and
 * nothing stored, another school's ids answered as unknown ones, offline edits' baseRev.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchoolEvent } from '../../contract/events';
import { messages } from '../../contract/messages';
import type { MyNotification } from '../../contract/notifications';
import { classes, parentChildren, users } from '../../server/db/core-tables';
import { events } from '../../server/modules/events/tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { notificationMessages, notificationPaths } from '../../contract/notifications';
import { eventMessages, eventPaths } from '../../contract/events';

let t: TestApp;
let green: SchoolFixture;
let tokens: Tokens;
let riverAdmin: string;
/** A parent whose one child (Kabir) is in V-A only. */
let vaParent: string;
let va: string;
let vib: string;
/** A class the fixture's teacher does not teach. */
let viic: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  const river = await createSchoolFixture(db, 'river');
  tokens = await signInAll(t, green);
  riverAdmin = (await signInAll(t, river)).admin;
  [va, vib] = green.classIds as [string, string];
  viic = randomUUID();
  await db.insert(classes).values({ id: viic, tenantId: 'green', className: 'VII', classSection: 'C' });
  const vaParentId = randomUUID();
  await db.insert(users).values({
    id: vaParentId,
    tenantId: 'green',
    username: 'va.parent@example.in',
    passwordHash: await hashPassword(fixturePassword),
    role: 'parent',
    status: 'active',
  });
  await db.insert(parentChildren).values({ tenantId: 'green', userId: vaParentId, studentId: green.studentIds[2]! });
  vaParent = await t.signIn('green', 'va.parent@example.in', fixturePassword);
});
afterAll(() => t.close());

const as = (token: string, options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token, ...options });
const school = { kind: 'school' };
const toClasses = (...classIds: string[]) => ({ kind: 'classes', classIds });

function event(overrides: Record<string, unknown> = {}) {
  return { kind: 'event', title: 'Annual day', description: 'In the main hall.', startDate: '2026-12-19', endDate: '2026-12-19', audience: school, ...overrides };
}

const add = (token: string, body: Record<string, unknown>) => as(token, { method: 'POST', url: eventPaths.create, payload: body });

async function added(token: string, body: Record<string, unknown>): Promise<SchoolEvent> {
  const response = await add(token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SchoolEvent;
}

async function listed(token: string, query = ''): Promise<string[]> {
  const response = await as(token, { method: 'GET', url: `${eventPaths.all}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as SchoolEvent[]).map((one) => one.id);
}

async function pulledIds(token: string): Promise<string[]> {
  const { changes } = await pullAll(t, 'green', token);
  const live = new Map<string, boolean>();
  for (const change of changes) if (change.entity === 'events') live.set(change.id, change.op !== 'delete');
  return [...live].filter(([, isLive]) => isLive).map(([id]) => id);
}

describe('adding', () => {
  it('an admin adds a multi-day holiday with its dates normalised; the record reads back the same', async () => {
    const response = await add(tokens.admin, event({ kind: 'holiday', title: 'Diwali break', startDate: '07/11/2026', endDate: '2026-11-11', description: undefined }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(eventMessages.holidayAdded);
    const holiday = response.json().data as SchoolEvent;
    expect(holiday).toMatchObject({ kind: 'holiday', title: 'Diwali break', description: '', startDate: '2026-11-07', endDate: '2026-11-11', startTime: null, endTime: null });
    expect(holiday.audience).toEqual({ kind: 'school', classIds: [], roles: [], userIds: [] });
    const one = await as(tokens.parent, { method: 'GET', url: eventPaths.one(holiday.id) });
    expect(one.json().data).toEqual(holiday);
  });

  it('times are kept as HH:MM; a device-minted id is kept', async () => {
    const id = randomUUID();
    const meeting = await added(tokens.admin, event({ id, kind: 'meeting', title: 'PTM', startTime: '9:30', endTime: '12:00', audience: { kind: 'roles', roles: ['parents', 'staff'] } }));
    expect(meeting).toMatchObject({ id, startTime: '09:30', endTime: '12:00' });
    expect((await add(tokens.admin, event({ id }))).statusCode).toBe(409);
  });

  it('teachers add events for the classes they teach only, never holidays or school-wide; families never', async () => {
    const own = await added(tokens.teacher, event({ kind: 'exam', title: 'Unit test', audience: toClasses(va, vib) }));
    expect(own.createdBy).not.toBeNull();
    for (const [body, message] of [
      [event({ audience: toClasses(va, viic) }), eventMessages.notYourClass],
      [event({ audience: school }), eventMessages.notYourClass],
      [event({ audience: { kind: 'roles', roles: ['parents'] } }), eventMessages.notYourClass],
      [event({ kind: 'holiday', audience: toClasses(va) }), eventMessages.holidayAdminOnly],
    ] as const) {
      const refused = await add(tokens.teacher, { ...body, title: 'Not allowed' });
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json().message).toBe(message);
    }
    expect((await add(tokens.parent, event({ title: 'Not allowed' }))).statusCode).toBe(403);
    expect((await add(tokens.student, event({ title: 'Not allowed' }))).statusCode).toBe(403);
    const stored = await t.database.db.select({ id: events.id }).from(events).where(eq(events.title, 'Not allowed'));
    expect(stored).toEqual([]);
  });

  it('refuses bad input with clear messages and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [event({ title: '  ' }), messages.records.fields.required('Title')],
      [event({ kind: 'party' }), eventMessages.kind],
      [event({ startDate: '31/02/2026' }), messages.records.fields.date('Start date')],
      [event({ startDate: '2026-12-20', endDate: '2026-12-19' }), eventMessages.endBeforeStart],
      [event({ startDate: '2026-04-01', endDate: '2026-12-19' }), eventMessages.tooLong(100)],
      [event({ startTime: '25:00' }), eventMessages.time('Start time')],
      [event({ endTime: '10:00' }), eventMessages.endTimeAlone],
      [event({ startTime: '10:00', endTime: '09:00' }), eventMessages.endTimeBeforeStart],
      [event({ audience: toClasses() }), notificationMessages.audienceEmpty],
      [event({ kind: 'holiday', audience: { kind: 'roles', roles: ['students'] } }), eventMessages.holidayAudience],
      [event({ audience: toClasses(randomUUID()) }), notificationMessages.audienceUnknown],
    ];
    for (const [body, message] of cases) {
      const refused = await add(tokens.admin, { ...body, title: body.title === '  ' ? '  ' : 'Refused' });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message, JSON.stringify(body)).toContain(message);
    }
    const stored = await t.database.db.select({ id: events.id }).from(events).where(eq(events.title, 'Refused'));
    expect(stored).toEqual([]);
  });

  it("another school's classes are unknown; another school's events are not found", async () => {
    const foreign = await t.call({ method: 'POST', url: eventPaths.create, tenant: 'river', token: riverAdmin, payload: event({ audience: toClasses(va) }) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(notificationMessages.audienceUnknown);
    const own = await added(tokens.admin, event({ title: 'Green only' }));
    const river = (path: string, method: 'GET' | 'PUT' | 'DELETE' = 'GET', payload?: unknown) =>
      t.call({ method, url: path, tenant: 'river', token: riverAdmin, ...(payload ? { payload } : {}) });
    expect((await river(eventPaths.all)).json().data).toEqual([]);
    for (const response of [await river(eventPaths.one(own.id)), await river(eventPaths.update(own.id), 'PUT', event()), await river(eventPaths.remove(own.id), 'DELETE')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(eventMessages.notFound);
    }
    expect((await as(tokens.admin, { method: 'GET', url: eventPaths.one(own.id) })).json().data.title).toBe('Green only');
  });
});

describe('who sees what', () => {
  it("a family sees the school's and their classes' events, in reads and in the pull; staff see all", async () => {
    const forVib = await added(tokens.admin, event({ title: 'VI-B picnic', audience: toClasses(vib) }));
    const forVa = await added(tokens.admin, event({ title: 'V-A play', audience: toClasses(va) }));
    const forStaff = await added(tokens.admin, event({ kind: 'meeting', title: 'Staff meeting', audience: { kind: 'roles', roles: ['staff'] } }));
    const forAll = await added(tokens.admin, event({ kind: 'holiday', title: 'Republic Day', startDate: '2027-01-26', endDate: '2027-01-26' }));

    for (const ids of [await listed(vaParent), await pulledIds(vaParent)]) {
      expect(ids).toEqual(expect.arrayContaining([forVa.id, forAll.id]));
      expect(ids).not.toContain(forVib.id);
      expect(ids).not.toContain(forStaff.id);
    }
    expect(await listed(tokens.parent)).toEqual(expect.arrayContaining([forVa.id, forVib.id, forAll.id]));
    expect(await listed(tokens.student)).not.toContain(forVib.id);
    for (const staff of [tokens.admin, tokens.teacher]) {
      expect(await pulledIds(staff)).toEqual(expect.arrayContaining([forVa.id, forVib.id, forStaff.id, forAll.id]));
    }
    const hidden = await as(vaParent, { method: 'GET', url: eventPaths.one(forVib.id) });
    expect(hidden.statusCode).toBe(404);
  });

  it('filters by range and kind, pages in calendar order and searches by title', async () => {
    const holidays = await as(tokens.admin, { method: 'GET', url: `${eventPaths.all}?kind=holiday&from=2026-11-01&to=2026-11-30` });
    const titles = (holidays.json().data as SchoolEvent[]).map((one) => one.title);
    expect(titles).toContain('Diwali break');
    expect(titles).not.toContain('Republic Day');
    const page = await as(tokens.admin, { method: 'GET', url: `${eventPaths.page}?page=0&size=100` });
    const starts = (page.json().data.content as SchoolEvent[]).map((one) => one.startDate);
    expect(starts).toEqual([...starts].sort());
    const search = await as(tokens.admin, { method: 'GET', url: `${eventPaths.searchColumn}?column=title&value=diwali&page=0&size=10` });
    expect((search.json().data.content as SchoolEvent[]).map((one) => one.title)).toEqual(['Diwali break']);
    const badColumn = await as(tokens.admin, { method: 'GET', url: `${eventPaths.searchColumn}?column=audience_kind&value=x&page=0&size=10` });
    expect(badColumn.statusCode).toBe(400);
    expect(badColumn.json().message).toBe(eventMessages.invalidColumn);
    const badRange = await as(tokens.admin, { method: 'GET', url: `${eventPaths.all}?from=tomorrow` });
    expect(badRange.statusCode).toBe(400);
  });
});

describe('changing and deleting', () => {
  it('an update moving an event to other classes moves it between families; a stale baseRev keeps the school copy', async () => {
    const picnic = await added(tokens.admin, event({ title: 'Picnic', audience: toClasses(vib) }));
    expect(await pulledIds(vaParent)).not.toContain(picnic.id);
    const moved = await as(tokens.admin, { method: 'PUT', url: eventPaths.update(picnic.id), payload: event({ title: 'Picnic', audience: toClasses(va), baseRev: picnic.rev }) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe(eventMessages.updated);
    expect(await pulledIds(vaParent)).toContain(picnic.id);
    const stale = await as(tokens.admin, { method: 'PUT', url: eventPaths.update(picnic.id), payload: event({ title: 'Old picnic', audience: toClasses(va), baseRev: picnic.rev }) });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data.conflict.reason).toBe('changed');
    expect(stale.json().data.title).toBe('Picnic');
  });

  it("teachers change and delete only the events they added; a teacher's edit cannot make a holiday", async () => {
    const byAdmin = await added(tokens.admin, event({ title: 'Science fair', audience: toClasses(va) }));
    const byTeacher = await added(tokens.teacher, event({ title: 'Class quiz', audience: toClasses(va) }));
    const refused = await as(tokens.teacher, { method: 'PUT', url: eventPaths.update(byAdmin.id), payload: event({ audience: toClasses(va) }) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(eventMessages.notYours);
    expect((await as(tokens.teacher, { method: 'DELETE', url: eventPaths.remove(byAdmin.id) })).statusCode).toBe(403);
    const holiday = await as(tokens.teacher, { method: 'PUT', url: eventPaths.update(byTeacher.id), payload: event({ kind: 'holiday', audience: toClasses(va) }) });
    expect(holiday.statusCode).toBe(403);
    const ok = await as(tokens.teacher, { method: 'PUT', url: eventPaths.update(byTeacher.id), payload: event({ title: 'Class quiz (moved)', audience: toClasses(va) }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await as(tokens.admin, { method: 'GET', url: eventPaths.one(byAdmin.id) })).json().data.title).toBe('Science fair');
  });

  it('deleting leaves a tombstone in the pull; the event is gone from reads and answers 404 after', async () => {
    const trip = await added(tokens.admin, event({ title: 'Trip', audience: toClasses(va) }));
    const before = await pullAll(t, 'green', vaParent);
    const removed = await as(tokens.admin, { method: 'DELETE', url: eventPaths.remove(trip.id) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(eventMessages.deleted);
    const after = await pullAll(t, 'green', vaParent, before.cursor);
    expect(after.changes.filter((change) => change.entity === 'events' && change.id === trip.id).map((change) => change.op)).toEqual(['delete']);
    expect(await listed(vaParent)).not.toContain(trip.id);
    expect((await as(tokens.admin, { method: 'DELETE', url: eventPaths.remove(trip.id) })).statusCode).toBe(404);
    const update = await as(tokens.admin, { method: 'PUT', url: eventPaths.update(trip.id), payload: event() });
    expect(update.statusCode).toBe(404);
  });
});

describe('telling the audience', () => {
  const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const shown = (iso: string) => iso.split('-').reverse().join('/');
  const inbox = async (token: string) =>
    ((await as(token, { method: 'GET', url: notificationPaths.mine })).json().data as MyNotification[]).map((one) => `${one.title} | ${one.message}`);

  it('a new event, a change and a cancellation reach its audience only; a corrected description or a past event tells nobody', async () => {
    const first = daysFromToday(20);
    const second = daysFromToday(21);
    const play = await added(tokens.admin, event({ title: 'V-A class play', startDate: first, endDate: first, startTime: '10:00', endTime: '11:30', audience: toClasses(va) }));
    await added(tokens.admin, event({ title: 'VI-B outing', audience: toClasses(vib) }));
    const told = await inbox(vaParent);
    expect(told).toContain(`Event: V-A class play | ${shown(first)}, 10:00 to 11:30. In the main hall.`);
    expect(told.some((one) => one.includes('VI-B outing'))).toBe(false);
    expect((await inbox(tokens.parent)).some((one) => one.includes('VI-B outing'))).toBe(true);

    const update = (body: Record<string, unknown>) => as(tokens.admin, { method: 'PUT', url: eventPaths.update(play.id), payload: body });
    const same = { title: 'V-A class play', startDate: first, endDate: first, startTime: '10:00', endTime: '11:30', audience: toClasses(va) };
    expect((await update(event({ ...same, description: 'In the assembly hall.' }))).statusCode).toBe(200);
    expect((await inbox(vaParent)).filter((one) => one.includes('V-A class play'))).toHaveLength(1);
    expect((await update(event({ ...same, startDate: second, endDate: second }))).statusCode).toBe(200);
    expect(await inbox(vaParent)).toContain(`Changed: V-A class play | ${shown(second)}, 10:00 to 11:30.`);
    expect((await as(tokens.admin, { method: 'DELETE', url: eventPaths.remove(play.id) })).statusCode).toBe(200);
    expect(await inbox(vaParent)).toContain(`Cancelled: V-A class play | This is no longer on the calendar for ${shown(second)}.`);

    await added(tokens.admin, event({ title: 'Last year’s fete', startDate: '2025-12-16', endDate: '2025-12-16' }));
    expect((await inbox(vaParent)).some((one) => one.includes('Last year’s fete'))).toBe(false);
  });
});
