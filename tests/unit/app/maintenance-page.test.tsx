import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MaintenancePage from '../../../src/features/maintenance/MaintenancePage';
import { returnPathOf } from '../../../src/features/maintenance/return-path';
import { sessionStore } from '../../../src/session/session-store';
import { button, click, renderRoutes, settle, stubApi, type Rendered } from './dom';

let view: Rendered | undefined;

beforeEach(() => {
  sessionStore.start();
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

async function openMaintenance(from: string) {
  view = await renderRoutes([{ path: '/maintenance', element: <MaintenancePage /> }], '/home');
  const { router } = view;
  // The router's update renders the page: inside act, as for a tap.
  await act(() => router.navigate('/maintenance', { state: { from } }));
  return view;
}

describe('/maintenance', () => {
  it('Retry goes back to the screen the user was on once the server answers', async () => {
    stubApi({});
    const { router, container } = await openMaintenance('/school-selection?x=1');
    await click(button(container, 'Retry'));
    await settle(10);
    expect(container.textContent).toContain('Still no answer from the server.');
    expect(router.state.location.pathname).toBe('/maintenance');
    stubApi({ '/api/health': { status: 200, body: { success: true, message: 'Kaksha is running.', data: null } } });
    await click(button(container, 'Retry'));
    await settle(10);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/school-selection?x=1');
  });

  it('Continue offline goes back without waiting for the server', async () => {
    stubApi({});
    const { router, container } = await openMaintenance('/login');
    await click(button(container, 'Continue offline'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('polls the health check every 5 seconds and returns by itself', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const requests = stubApi({ '/api/health': { status: 200, body: { success: true, message: 'ok', data: null } } });
      const { router } = await openMaintenance('/register');
      expect(requests).toHaveLength(0);
      vi.advanceTimersByTime(5000);
      await settle(10);
      expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/health']);
      expect(router.state.location.pathname).toBe('/register');
    } finally {
      vi.useRealTimers();
    }
  });

  it('only returns to paths inside the app', () => {
    expect(returnPathOf({ from: '/admin/classes?page=2' })).toBe('/admin/classes?page=2');
    expect(returnPathOf({ from: '//evil.example' })).toBeNull();
    expect(returnPathOf({ from: '/maintenance' })).toBeNull();
    expect(returnPathOf(null)).toBeNull();
  });
});
