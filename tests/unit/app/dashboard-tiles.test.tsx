/**
 * The admin and teacher dashboard: a teacher gets no tile of a screen the server refuses them
 * (Account approvals: every /accounts route is admin-only); an admin gets every tile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AdminDashboardPage from '../../../src/features/admin/dashboard/AdminDashboardPage';
import { staffTitles } from '../../../src/kit/staff-titles';
import { sessionStore } from '../../../src/session/session-store';
import { renderRoute, type Rendered } from './dom';
import { teacherEntry } from './helpers';
import { signInStorage } from './records-harness';

let view: Rendered | undefined;
beforeEach(() => sessionStore.start());
afterEach(() => {
  view?.unmount();
  view = undefined;
  sessionStore.end();
});

const tiles = () => Array.from(view!.container.querySelectorAll('a')).map((link) => link.textContent?.trim() ?? '');

async function dashboardAs(role: 'ADMIN' | 'TEACHER') {
  signInStorage(role, { profile: teacherEntry({ userType: role }) });
  view = await renderRoute('/admin', <AdminDashboardPage />, '/admin');
}

describe('/admin dashboard tiles', () => {
  it('a teacher gets no Account approvals tile, and keeps the screens they may use', async () => {
    await dashboardAs('TEACHER');
    expect(tiles().some((label) => label.includes(staffTitles.markAttendance))).toBe(true);
    expect(tiles().some((label) => label.includes(staffTitles.students))).toBe(true);
    expect(tiles().some((label) => label.includes(staffTitles.accounts))).toBe(false);
  });

  it('an admin gets the Account approvals tile', async () => {
    await dashboardAs('ADMIN');
    expect(tiles().some((label) => label.includes(staffTitles.accounts))).toBe(true);
  });
});
