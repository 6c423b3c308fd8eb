import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import SchoolSelectionPage from '../../../src/features/school-selection/SchoolSelectionPage';
import { sessionStore } from '../../../src/session/session-store';
import { button, click, renderRoute, settle, stubApi, type, until, type Rendered } from './dom';

let view: Rendered | undefined;

const schools = [
  { tenantId: 'greenvalley', schoolName: 'Green Valley Public School', schoolId: 's-1' },
  { tenantId: 'riverside', schoolName: 'Riverside High School', schoolId: 's-2' },
];

beforeEach(() => {
  sessionStore.start();
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

function radios(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
}

describe('/school-selection', () => {
  it('lists the schools, searches case-insensitively, and says when none match', async () => {
    const requests = stubApi({ '/api/schools/all': { status: 200, body: { success: true, message: 'ok', data: schools } } });
    view = await renderRoute('/school-selection', <SchoolSelectionPage />, '/school-selection');
    await until(() => radios(view!.container).length === 2, 'the school list');
    expect(requests).toHaveLength(1);
    const search = view.container.querySelector<HTMLInputElement>('input[type="search"]')!;
    await type(search, 'RIVER');
    expect(radios(view.container).map((r) => r.value)).toEqual(['riverside']);
    await type(search, 'zzz');
    expect(radios(view.container)).toHaveLength(0);
    expect(view.container.textContent).toContain(messages.schools.noneFound);
  });

  it('labels the button with the chosen school, stores the choice and goes to /login', async () => {
    stubApi({ '/api/schools/all': { status: 200, body: { success: true, message: 'ok', data: schools } } });
    view = await renderRoute('/school-selection', <SchoolSelectionPage />, '/school-selection');
    await until(() => radios(view!.container).length === 2, 'the school list');
    expect(button(view.container, messages.schools.selectToSignIn).disabled).toBe(true);
    await click(radios(view.container)[1]!);
    const signIn = button(view.container, /Riverside High School/);
    expect(signIn.disabled).toBe(false);
    await click(signIn);
    expect(sessionStorage.getItem('currentTenantId')).toBe('riverside');
    expect(sessionStorage.getItem('currentSchoolName')).toBe('Riverside High School');
    expect(view.router.state.location.pathname).toBe('/login');
  });

  it('shows the load failure with a Retry button', async () => {
    stubApi({ '/api/schools/all': { status: 500, body: { success: false, message: 'x', data: null } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    view = await renderRoute('/school-selection', <SchoolSelectionPage />, '/school-selection');
    await settle(10);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(messages.schools.loadFailed);
    expect(button(view.container, 'Retry')).toBeDefined();
    vi.restoreAllMocks();
  });

  it('has a back link to /home', async () => {
    stubApi({ '/api/schools/all': { status: 200, body: { success: true, message: 'ok', data: schools } } });
    view = await renderRoute('/school-selection', <SchoolSelectionPage />, '/school-selection');
    expect(view.container.querySelector('header a[href="/home"]')?.getAttribute('aria-label')).toBe('Back');
  });
});
