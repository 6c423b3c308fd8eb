/**
 * The notification screens over a real engine (fake-indexeddb): /admin/notifications lists the
 * device's notifications newest first with audience, sender and publish time, the read figures
 * from the school when online ("Online only" offline), the staff member's own inbox, and withdraws
 * through the outbox after asking; /admin/addnotification offers a teacher only the classes she
 * teaches and writes to the device, an admin schedules one for a role; a teacher cannot edit what
 * another sent; /student/notifications shows a family's inbox, unread marked, and opening one
 * marks it read on the device; the dashboard tile counts the unread ones.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../../contract/paths';
import type { SyncEngine } from '../../../sync';
import { createConnectivity } from '../../../sync';
import { notificationReadsTable, notificationsTable, type NotificationRow } from '../../../sync/modules/notifications';
import NotificationFormPage from '../../../src/features/notifications/NotificationFormPage';
import NotificationsPage from '../../../src/features/notifications/NotificationsPage';
import StudentNotificationsPage from '../../../src/features/notifications/StudentNotificationsPage';
import { notificationTexts as text } from '../../../src/features/notifications/texts';
import StudentDashboardPage from '../../../src/features/student/dashboard/StudentDashboardPage';
import { unreadBellLabel, unreadTileText } from '../../../src/kit/notifications-unread';
import { sessionStore } from '../../../src/session/session-store';
import { AppToaster } from '../../../src/ui/AppToaster';
import { shortDateTime } from '../../../src/ui/dates';
import { byLabel, click, meanwhile, renderRoute, submit, type, typeArea, type Rendered } from './dom';
import { makeToken } from './helpers';
import { fakeServer, ok, screenHarness, signInStorage, until } from './records-harness';
import { notificationPaths } from '../../../contract/notifications';
import { classesTable } from '../../../sync/modules/classes';

let view: Rendered | undefined;
const harness = screenHarness('notifications');

const id = (n: number) => `0197e000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const teacherId = id(900);
const me = id(901);
const otherStaff = id(902);
const [iiB, iiiA] = [id(1), id(2)];

/** Signs in as in the app, with the token's `uid` (the screens name the sender and the audience by it). */
function signIn(role: 'ADMIN' | 'TEACHER' | 'PARENT', profile?: object) {
  const username = `${role.toLowerCase()}@kaksha.demo`;
  signInStorage(role, profile ? { profile } : {});
  localStorage.setItem(
    'jwtToken',
    makeToken({ sub: username, exp: Math.floor(Date.now() / 1000) + 3600, role: { roleName: role }, tenantId: 'greenvalley', uid: me }),
  );
  sessionStore.start();
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function notification(n: number, fields: Partial<NotificationRow>): NotificationRow {
  return {
    id: id(100 + n),
    title: `Notice ${n}`,
    message: `Message ${n}`,
    link: null,
    audience: { kind: 'school', classIds: [], roles: [], userIds: [] },
    publishAt: hoursAgo(n),
    published: true,
    sentBy: otherStaff,
    rev: 5,
    ...fields,
  };
}

async function seedClasses(engine: SyncEngine) {
  await engine.db.tableOf(classesTable).bulkPut([
    { id: iiB, className: 'II', classSection: 'B', classTeacherId: teacherId, rev: 1 },
    { id: iiiA, className: 'III', classSection: 'A', classTeacherId: null, rev: 1 },
  ]);
}

async function show(path: string, element: React.ReactElement, url = path) {
  view = await harness.show(
    renderRoute(
      path,
      <>
        {element}
        <AppToaster />
      </>,
      url,
    ),
  );
}

const rowOf = (title: string) =>
  Array.from(view!.container.querySelectorAll('tbody tr')).find((row) => row.textContent?.includes(title)) as HTMLElement | undefined;
const labelled = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
const checkbox = (label: string) =>
  Array.from(view!.container.querySelectorAll('label')).find((item) => item.textContent === label)?.querySelector('input') as HTMLInputElement | undefined;

describe('/admin/notifications', () => {
  it('lists the device’s notifications newest first, offline without read figures; the inbox shows what reaches staff; withdraw asks first', async () => {
    signIn('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedClasses(engine);
    await engine.db.tableOf(notificationsTable).bulkPut([
      notification(1, { title: 'Sports day', audience: { kind: 'classes', classIds: [iiB, iiiA], roles: [], userIds: [] }, sentBy: me }),
      notification(2, { title: 'Staff meeting', audience: { kind: 'roles', classIds: [], roles: ['staff'], userIds: [] } }),
      notification(3, { title: 'Absent today', sentBy: null, audience: { kind: 'people', classIds: [], roles: [], userIds: [id(50)] } }),
      notification(0, { title: 'Fees due', publishAt: new Date(Date.now() + 86_400_000).toISOString(), published: false, sentBy: me }),
    ]);
    await show('/admin/notifications', <NotificationsPage />);
    await until(() => rowOf('Absent today') !== undefined, 'the list');

    const order = ['Fees due', 'Sports day', 'Staff meeting', 'Absent today'];
    const titles = Array.from(view!.container.querySelectorAll('tbody tr')).map((row) => order.find((title) => row.textContent?.includes(title)));
    expect(titles).toEqual(order);
    expect(rowOf('Sports day')!.textContent).toContain('II B, III A');
    expect(rowOf('Sports day')!.textContent).toContain(text.sender.you);
    expect(rowOf('Sports day')!.textContent).toContain(text.readsOffline);
    expect(rowOf('Staff meeting')!.textContent).toContain(text.sender.staff);
    expect(rowOf('Absent today')!.textContent).toContain(text.sender.school);
    expect(rowOf('Absent today')!.textContent).toContain(text.audience.people({ count: 1 }));
    expect(rowOf('Fees due')!.textContent).toContain(text.scheduled);
    expect(rowOf('Fees due')!.textContent).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [ap]m/);

    // Her inbox: the staff notice; a class notice never reaches staff, a scheduled one is not out.
    const inbox = view!.container.querySelector('section[aria-labelledby="nt-staff-inbox"]')!;
    expect(Array.from(inbox.querySelectorAll('h3')).map((heading) => heading.textContent)).toEqual(['Staff meeting']);

    await click(labelled(text.withdrawLabel({ title: 'Sports day' }))!);
    expect(document.body.textContent).toContain(text.withdrawQuestion({ title: 'Sports day' }));
    const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]')!;
    await click(Array.from(dialog.querySelectorAll('button')).find((button) => button.textContent === text.withdraw)!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the withdrawal');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[0]).toMatchObject({ kind: 'notifications.delete', method: 'DELETE', path: notificationPaths.remove(id(101)) });
    await until(() => rowOf('Sports day') === undefined, 'the row gone');
  });

  it('online, shows how many of the audience have read each and names the sender from the school’s accounts', async () => {
    signIn('ADMIN');
    fakeServer({
      [`GET ${notificationPaths.all}`]: () =>
        ok([
          { ...notification(1, { title: 'Sports day' }), audienceSize: 40, readCount: 30 },
          { ...notification(2, { title: 'Staff meeting' }), audienceSize: 0, readCount: 0 },
        ]),
      [`GET ${paths.accounts.all}`]: () =>
        ok([{ id: otherStaff, username: 'meera@school.in', roleName: 'teacher', status: 'active', studentId: null, teacherId, linkedName: 'Meera Nair', createdAt: '2026-06-01T00:00:00Z', addressConfirmed: true, registrations: 1 }]),
    });
    const engine = await harness.engine('ADMIN', { engine: { connectivity: createConnectivity({ online: true }) } });
    await engine.db.tableOf(notificationsTable).bulkPut([notification(1, { title: 'Sports day' }), notification(2, { title: 'Staff meeting' })]);
    await show('/admin/notifications', <NotificationsPage />);
    await until(() => rowOf('Sports day')?.textContent?.includes(text.reads({ read: 30, size: 40, percent: 75 })) === true, 'the read figures');
    expect(text.reads({ read: 30, size: 40, percent: 75 })).toBe('30 of 40 (75%)');
    expect(rowOf('Staff meeting')!.textContent).toContain(text.readsNone({ read: 0 }));
    expect(rowOf('Sports day')!.textContent).toContain('Meera Nair (meera@school.in)');
  });
});

describe('/admin/addnotification', () => {
  it('offers a teacher only the classes she teaches and writes her notice to the device', async () => {
    signIn('TEACHER', { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId });
    const engine = await harness.engine('TEACHER');
    await seedClasses(engine);
    await show('/admin/addnotification', <NotificationFormPage />);
    await until(() => checkbox('II B') !== undefined, 'the form');
    expect(checkbox('III A')).toBeUndefined();
    // No audience kinds for a teacher: classes only.
    expect(view!.container.querySelector('input[name="audienceKind"]')).toBeNull();

    await submit(view!.container.querySelector('form')!);
    expect(view!.container.textContent).toContain('Title');
    expect(view!.container.querySelector('#nt-audience-error')?.textContent).toBeTruthy();
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await type(byLabel(view!.container, text.form.title), 'Science fair');
    await typeArea(byLabel<HTMLTextAreaElement>(view!.container, text.form.message), 'Bring your model on Friday.');
    await type(byLabel<HTMLSelectElement>(view!.container, text.form.link), '/student/homework');
    await click(checkbox('II B')!);
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({
      kind: 'notifications.create',
      method: 'POST',
      body: { title: 'Science fair', message: 'Bring your model on Friday.', link: '/student/homework', audience: { kind: 'classes', classIds: [iiB] } },
    });
    const notificationId = (entry!.body as { id: string }).id;
    expect(await meanwhile(() => engine.db.tableOf(notificationsTable).get(notificationId))).toMatchObject({ title: 'Science fair', published: true, rev: 0 });
  });

  it('lets an admin schedule one for parents; a time in the past is refused', async () => {
    signIn('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedClasses(engine);
    await show('/admin/addnotification', <NotificationFormPage />);
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    await type(byLabel(view!.container, text.form.title), 'PTM on Saturday');
    await typeArea(byLabel<HTMLTextAreaElement>(view!.container, text.form.message), 'Meet the class teachers from 10 am.');
    await click(checkbox(text.form.audienceKinds.roles!)!);
    await click(checkbox(text.audience.roles.parents!)!);
    await click(checkbox(text.form.later)!);
    await type(byLabel(view!.container, text.form.publishAt), '2020-01-01T09:00');
    await submit(view!.container.querySelector('form')!);
    expect(view!.container.textContent).toContain(text.form.publishInPast);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    const next = new Date(Date.now() + 2 * 86_400_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    const local = `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}T09:30`;
    await type(byLabel(view!.container, text.form.publishAt), local);
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'notifications.create', body: { audience: { kind: 'roles', roles: ['parents'] }, publishAt: new Date(local).toISOString() } });
    const notificationId = (entry!.body as { id: string }).id;
    expect(await meanwhile(() => engine.db.tableOf(notificationsTable).get(notificationId))).toMatchObject({ published: false, publishAt: new Date(local).toISOString() });
  });
});

describe('/admin/editnotification/:notificationId', () => {
  it('edits her own through the outbox (a published one keeps its time)', async () => {
    signIn('TEACHER', { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId });
    const engine = await harness.engine('TEACHER');
    await seedClasses(engine);
    await engine.db.tableOf(notificationsTable).bulkPut([
      notification(1, { title: 'Sports day', sentBy: me, audience: { kind: 'classes', classIds: [iiB], roles: [], userIds: [] } }),
    ]);
    await show('/admin/editnotification/:notificationId', <NotificationFormPage />, `/admin/editnotification/${id(101)}`);
    await until(() => checkbox('II B') !== undefined, 'the form');
    expect(byLabel<HTMLInputElement>(view!.container, text.form.title).value).toBe('Sports day');
    expect(checkbox('II B')!.checked).toBe(true);
    expect(view!.container.textContent).toContain(text.form.publishedFixed);
    expect(view!.container.textContent).toContain(text.history.offline);
    await type(byLabel(view!.container, text.form.title), 'Sports day moved');
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[0]).toMatchObject({ kind: 'notifications.update', method: 'PUT', path: notificationPaths.update(id(101)), body: { title: 'Sports day moved' } });
  });

  it('online, shows an admin the earlier versions the school kept, with who changed them', async () => {
    signIn('ADMIN');
    fakeServer({
      [`GET ${notificationPaths.history(id(101))}`]: () =>
        ok([
          { rev: 2, editedBy: otherStaff, editedAt: '2026-11-20T04:30:00.000Z', version: notification(1, { title: 'Sports day (draft)', message: 'First text.', rev: 2 }) },
          { rev: 3, editedBy: me, editedAt: '2026-11-21T04:30:00.000Z', version: notification(1, { title: 'Sports day', message: 'Second text.', rev: 3 }) },
        ]),
      [`GET ${paths.accounts.all}`]: () =>
        ok([{ id: otherStaff, username: 'meera@school.in', roleName: 'teacher', status: 'active', studentId: null, teacherId, linkedName: 'Meera Nair', createdAt: '2026-06-01T00:00:00Z', addressConfirmed: true, registrations: 1 }]),
    });
    const engine = await harness.engine('ADMIN', { engine: { connectivity: createConnectivity({ online: true }) } });
    await engine.db.tableOf(notificationsTable).put(notification(1, { title: 'Sports day moved' }));
    await show('/admin/editnotification/:notificationId', <NotificationFormPage />, `/admin/editnotification/${id(101)}`);
    await until(() => view!.container.querySelector('.nt-history') !== null, 'the earlier versions');
    const history = view!.container.querySelector('.nt-history')!;
    expect(history.querySelector('summary')?.textContent).toBe(text.history.heading({ count: 2 }));
    await until(() => history.textContent?.includes('Meera Nair (meera@school.in)') === true, 'the editor’s name');
    const items = Array.from(history.querySelectorAll('li')).map((item) => item.textContent ?? '');
    expect(items[0]).toContain(text.history.replaced({ when: shortDateTime('2026-11-21T04:30:00.000Z'), who: text.sender.you }));
    expect(items[0]).toContain('Second text.');
    expect(items[1]).toContain('Sports day (draft)');
  });

  it('refuses a teacher another’s notification', async () => {
    signIn('TEACHER', { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId });
    const engine = await harness.engine('TEACHER');
    await engine.db.tableOf(notificationsTable).put(notification(2, { title: 'Not hers' }));
    await show('/admin/editnotification/:notificationId', <NotificationFormPage />, `/admin/editnotification/${id(102)}`);
    await until(() => view!.container.textContent?.includes(text.form.notYours) === true, 'the refusal');
    expect(view!.container.querySelector('form')).toBeNull();
  });
});

describe('/student/notifications', () => {
  it('shows the family’s inbox newest first, unread marked; opening one shows it and marks it read on the device', async () => {
    signIn('PARENT', { username: 'parent@kaksha.demo', userType: 'PARENT' });
    const engine = await harness.engine('PARENT');
    await engine.db.tableOf(notificationsTable).bulkPut([
      notification(3, { title: 'Holiday on Monday' }),
      notification(1, { title: 'Science fair', message: 'Bring your model.', link: '/student/homework' }),
      notification(2, { title: 'Fees reminder' }),
    ]);
    await engine.db.tableOf(notificationReadsTable).put({ id: id(300), notificationId: id(103), userId: me, readAt: hoursAgo(1), rev: 7 });
    await show('/student/notifications', <StudentNotificationsPage />);
    const cards = () => Array.from(view!.container.querySelectorAll('.nt-card'));
    await until(() => cards().length === 3, 'the cards');
    expect(cards().map((card) => card.querySelector('h3')?.textContent)).toEqual(['Science fair', 'Fees reminder', 'Holiday on Monday']);
    expect(cards().map((card) => card.hasAttribute('data-unread'))).toEqual([true, true, false]);
    await until(() => view!.container.textContent?.includes(text.family.unreadCount({ count: 2 })) === true, 'the unread count');

    await click(labelled(text.family.openLabel({ title: 'Science fair' }))!);
    expect(view!.container.textContent).toContain('Bring your model.');
    expect(view!.container.querySelector<HTMLAnchorElement>('.nt-body a')?.getAttribute('href')).toBe('/student/homework');
    // Read at once on the screen.
    expect(cards()[0]!.hasAttribute('data-unread')).toBe(false);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the read mark');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[0]).toMatchObject({ kind: 'notifications.read', method: 'POST', path: notificationPaths.read(id(101)) });
    await until(() => view!.container.textContent?.includes(text.family.unreadCount({ count: 1 })) === true, 'one unread');

    // Opened again: no second mark.
    await click(labelled(text.family.openLabel({ title: 'Science fair' }))!);
    await click(labelled(text.family.openLabel({ title: 'Science fair' }))!);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(1);
  });
});

describe('the notifications tile', () => {
  it('shows the family’s unread count, on the tile and the header bell', async () => {
    signIn('PARENT', { username: 'parent@kaksha.demo', userType: 'PARENT' });
    const engine = await harness.engine('PARENT');
    await engine.db.tableOf(notificationsTable).bulkPut([notification(1, {}), notification(2, {}), notification(3, {})]);
    await engine.db.tableOf(notificationReadsTable).put({ id: id(300), notificationId: id(103), userId: me, readAt: hoursAgo(1), rev: 7 });
    await show('/student', <StudentDashboardPage />);
    const tile = () => view!.container.querySelector<HTMLAnchorElement>('a.tile[href="/student/notifications"]');
    await until(() => tile()?.querySelector('.tile-detail')?.textContent === unreadTileText(2), 'the tile count');
    // The header bell says it too, and links to the inbox.
    const bell = labelled(unreadBellLabel(2)) as HTMLAnchorElement;
    expect(bell.getAttribute('href')).toBe('/student/notifications');
    expect(bell.textContent).toBe('2');
  });
});
