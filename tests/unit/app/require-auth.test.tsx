import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffRoles } from '../../../contract/roles';
import { RequireAuth } from '../../../src/app/RequireAuth';
import { sessionStore } from '../../../src/session/session-store';
import { renderRoutes, type Rendered } from './dom';
import { liveTokenFor, studentEntry, teacherEntry } from './helpers';

let view: Rendered | undefined;

function signIn(token: string, profile: object) {
  sessionStorage.setItem('currentTenantId', 'greenvalley');
  localStorage.setItem('jwtToken', token);
  localStorage.setItem('username', 'someone@kaksha.demo');
  localStorage.setItem('userProfile', JSON.stringify(profile));
  sessionStore.start();
}

async function renderGuarded(url: string) {
  view = await renderRoutes(
    [
      { element: <RequireAuth roles={staffRoles} />, children: [{ path: '/admin', element: <p>admin area</p> }] },
      { path: '/login', element: <p>login page</p> },
    ],
    url,
  );
  return view;
}

beforeEach(() => {
  sessionStore.start();
});

afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('RequireAuth', () => {
  it('lets an admin in', async () => {
    signIn(liveTokenFor('ADMIN'), teacherEntry({ userType: 'ADMIN' }));
    const { container } = await renderGuarded('/admin');
    expect(container.textContent).toBe('admin area');
  });

  it('sends a student to /login, replacing the entry', async () => {
    signIn(liveTokenFor('STUDENT'), studentEntry());
    const { router } = await renderGuarded('/admin');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('jwtToken')).not.toBeNull();
  });

  it('ends an expired session silently and sends the user to /login', async () => {
    signIn(liveTokenFor('TEACHER', { expiresInSec: 1 }), teacherEntry());
    expect(sessionStore.getSnapshot().session).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { router } = await renderGuarded('/admin');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('jwtToken')).toBeNull();
    expect(sessionStorage.getItem('currentTenantId')).toBeNull();
  });

  it('sends a visitor to /login', async () => {
    const { router } = await renderGuarded('/admin');
    expect(router.state.location.pathname).toBe('/login');
  });
});
