import './reset-storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import RegisterPage from '../../../src/features/auth/RegisterPage';
import { sessionStore } from '../../../src/session/session-store';
import { button, byLabel, click, renderRoute, settle, stubApi, submit, type, type Rendered } from './dom';

let view: Rendered | undefined;

beforeEach(() => {
  sessionStore.start();
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

async function fill(container: HTMLElement, confirm = 'Secret123') {
  await type(byLabel(container, 'Email'), 'new@kaksha.demo');
  await type(byLabel(container, 'Password'), 'Secret123');
  await type(byLabel(container, 'Confirm password'), confirm);
  await type(byLabel<HTMLSelectElement>(container, 'I am a'), '3');
}

describe('/register', () => {
  it('offers the four roles in the spec order with their codes', async () => {
    sessionStorage.setItem('currentTenantId', 'greenvalley');
    view = await renderRoute('/register', <RegisterPage />, '/register');
    const options = Array.from(byLabel<HTMLSelectElement>(view.container, 'I am a').options).map((o) => [o.textContent, o.value]);
    expect(options.slice(1)).toEqual([
      ['Student', '3'],
      ['Teacher', '2'],
      ['Admin', '1'],
      ['Parent', '4'],
    ]);
    expect(view.container.querySelector('a[href="/terms-of-service"]')).not.toBeNull();
  });

  it('shows the mismatch live and keeps the button disabled until everything is filled and terms accepted', async () => {
    sessionStorage.setItem('currentTenantId', 'greenvalley');
    view = await renderRoute('/register', <RegisterPage />, '/register');
    const { container } = view;
    const registerButton = button(container, 'Register');
    expect(registerButton.disabled).toBe(true);
    await fill(container, 'Secret12');
    expect(container.textContent).toContain(messages.register.mismatch);
    await type(byLabel(container, 'Confirm password'), 'Secret123');
    expect(container.textContent).not.toContain(messages.register.mismatch);
    expect(registerButton.disabled).toBe(true);
    await click(container.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    expect(registerButton.disabled).toBe(false);
  });

  it('registers, shows the message, and after 1000 ms goes to /login with email and password', async () => {
    sessionStorage.setItem('currentTenantId', 'greenvalley');
    const requests = stubApi({ '/api/Register': { status: 201, body: { success: true, message: messages.register.successPending, data: null } } });
    view = await renderRoute('/register', <RegisterPage />, '/register');
    await fill(view.container);
    await click(view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    await submit(view.container.querySelector('form')!);
    await settle(20);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ username: 'new@kaksha.demo', password: 'Secret123', role: { id: 3 } });
    expect(button(view.container, 'Registering...').disabled).toBe(true);
    expect(view.router.state.location.pathname).toBe('/register');
    await settle(1000);
    const { pathname, search } = view.router.state.location;
    expect(pathname).toBe('/login');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ email: 'new@kaksha.demo', password: 'Secret123' });
  });

  it("shows the server's message when registration is refused", async () => {
    sessionStorage.setItem('currentTenantId', 'greenvalley');
    stubApi({ '/api/Register': { status: 409, body: { success: false, message: messages.register.alreadyRegistered, data: null } } });
    view = await renderRoute('/register', <RegisterPage />, '/register');
    await fill(view.container);
    await click(view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    await submit(view.container.querySelector('form')!);
    await settle(20);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(messages.register.alreadyRegistered);
    expect(button(view.container, 'Register').disabled).toBe(false);
  });

  it('without a school shows an error and goes to /school-selection after 1500 ms', async () => {
    view = await renderRoute('/register', <RegisterPage />, '/register');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(messages.login.schoolRequired);
    await settle(1300);
    expect(view.router.state.location.pathname).toBe('/register');
    await settle(300);
    expect(view.router.state.location.pathname).toBe('/school-selection');
  });
});
