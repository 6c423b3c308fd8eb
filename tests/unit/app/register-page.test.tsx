import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { otpResendCooldownSeconds, otpTtlSeconds } from '../../../contract/password-rules';
import RegisterPage from '../../../src/features/auth/RegisterPage';
import { AppToaster } from '../../../src/ui/AppToaster';
import { sessionStore } from '../../../src/session/session-store';
import { button, byLabel, click, renderRoute, settle, stubApi, submit, type, until, type Rendered } from './dom';

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
    const requests = stubApi({
      '/api/Register': { status: 201, body: { success: true, message: messages.register.successPending, data: { status: 'pending', role: 'student', codeStep: null } } },
    });
    view = await renderRoute('/register', <RegisterPage />, '/register');
    await fill(view.container);
    await click(view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    await submit(view.container.querySelector('form')!);
    await settle(20);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ username: 'new@kaksha.demo', password: 'Secret123', role: { id: 3 } });
    expect(button(view.container, 'Registering...').disabled).toBe(true);
    expect(view.router.state.location.pathname).toBe('/register');
    await settle(900);
    expect(view.router.state.location.pathname).toBe('/register');
    await until(() => view!.router.state.location.pathname === '/login', '/login after 1000 ms');
    const { pathname, search } = view.router.state.location;
    expect(pathname).toBe('/login');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ email: 'new@kaksha.demo', password: 'Secret123' });
  });

  it("shows the server's message when registration is refused", async () => {
    sessionStorage.setItem('currentTenantId', 'greenvalley');
    stubApi({ '/api/Register': { status: 429, body: { success: false, message: messages.common.rateLimited(30), data: null } } });
    view = await renderRoute('/register', <RegisterPage />, '/register');
    await fill(view.container);
    await click(view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    await submit(view.container.querySelector('form')!);
    await settle(20);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(messages.common.rateLimited(30));
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

  describe('the code step after a mailed code', () => {
    const codeStep = { length: 6, expiresInSeconds: otpTtlSeconds, resendAfterSeconds: otpResendCooldownSeconds, maxCodes: 2 };
    const registered = { status: 201, body: { success: true, message: messages.register.codeSent, data: { status: 'pending', role: 'student', codeStep } } };
    // Toasts of earlier tests would otherwise show again once a toaster mounts.
    beforeEach(() => {
      toast.dismiss();
    });
    const envelope = (status: number, message: string, data: unknown = null) => ({ status, body: { success: status < 400, message, data } });

    /** Answers each path from its queue, in order; records every request. */
    function stubQueue(routes: Record<string, { status: number; body: unknown }[]>) {
      const requests: { path: string; body: unknown }[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (request: Request) => {
          const path = new URL(request.url).pathname;
          requests.push({ path, body: JSON.parse(await request.text()) });
          const reply = routes[path]?.shift();
          if (!reply) throw new TypeError('Failed to fetch');
          return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
        }),
      );
      return requests;
    }

    async function registerWithCode(routes: Record<string, { status: number; body: unknown }[]>) {
      sessionStorage.setItem('currentTenantId', 'greenvalley');
      const requests = stubQueue({ '/api/Register': [registered], ...routes });
      view = await renderRoute(
        '/register',
        <>
          <AppToaster />
          <RegisterPage />
        </>,
        '/register',
      );
      await fill(view.container);
      await click(view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
      await submit(view.container.querySelector('form')!);
      await settle(20);
      return requests;
    }
    const codeInput = () => byLabel(view!.container, '6-digit code');
    const toastShown = (message: string) => document.body.textContent?.includes(message) === true;

    it('asks for the code instead of leaving, refuses a wrong one, and after the right one shows the message and goes to /login after 1000 ms', async () => {
      const requests = await registerWithCode({
        '/api/Register/confirm': [envelope(400, messages.otp.invalid), envelope(200, messages.register.successActive, { status: 'active' })],
      });
      const { container } = view!;
      expect(container.querySelector('h1')?.textContent).toBe('Confirm your e-mail address');
      expect(container.textContent).toContain('Enter the code we e-mailed to new@kaksha.demo.');
      expect(container.querySelector('[role="status"]')?.textContent).toBe(messages.register.codeSent);
      expect(document.activeElement).toBe(codeInput());
      expect(codeInput().maxLength).toBe(6);
      expect(toastShown(messages.register.successPending)).toBe(false);

      await type(codeInput(), '1234');
      await submit(container.querySelector('form')!);
      expect(container.querySelector('.field-error')?.textContent).toBe(messages.otp.incomplete);
      expect(requests.filter((request) => request.path === '/api/Register/confirm')).toHaveLength(0);

      await type(codeInput(), '123456');
      await submit(container.querySelector('form')!);
      await settle(20);
      expect(container.querySelector('.field-error')?.textContent).toBe(messages.otp.invalid);
      expect(view!.router.state.location.pathname).toBe('/register');

      await type(codeInput(), '654321');
      await submit(container.querySelector('form')!);
      await settle(20);
      expect(requests.at(-1)).toEqual({ path: '/api/Register/confirm', body: { username: 'new@kaksha.demo', password: 'Secret123', code: '654321' } });
      expect(toastShown(messages.register.successActive)).toBe(true);
      expect(button(container, 'Confirm').disabled).toBe(true);
      expect(view!.router.state.location.pathname).toBe('/register');
      await settle(900);
      expect(view!.router.state.location.pathname).toBe('/register');
      await until(() => view!.router.state.location.pathname === '/login', '/login after 1000 ms');
      const { pathname, search } = view!.router.state.location;
      expect(pathname).toBe('/login');
      expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ email: 'new@kaksha.demo', password: 'Secret123' });
    });

    it('says so itself after five wrong codes', async () => {
      await registerWithCode({ '/api/Register/confirm': Array.from({ length: 5 }, () => envelope(400, messages.otp.invalid)) });
      for (let i = 0; i < 5; i += 1) {
        await type(codeInput(), '123456');
        await submit(view!.container.querySelector('form')!);
        await settle(20);
      }
      expect(view!.container.querySelector('.field-error')?.textContent).toBe(messages.recovery.tooManyTries);
      expect(button(view!.container, 'Confirm').disabled).toBe(true);
    });

    it('resends only after the cooldown and only up to the codes the server allows', async () => {
      const requests = await registerWithCode({ '/api/Register/resendCode': [envelope(200, messages.register.codeResent)] });
      const { container } = view!;
      expect(button(container, `Resend code in ${otpResendCooldownSeconds} s`).disabled).toBe(true);
      const realNow = Date.now;
      const later = realNow() + (otpResendCooldownSeconds + 1) * 1000;
      vi.spyOn(Date, 'now').mockImplementation(() => later);
      await settle(1100);
      await click(button(container, 'Resend code'));
      await settle(20);
      expect(requests.at(-1)).toEqual({ path: '/api/Register/resendCode', body: { username: 'new@kaksha.demo', password: 'Secret123' } });
      expect(container.querySelector('[role="status"]')?.textContent).toBe(messages.register.codeResent);
      // Two codes were all this registration may have: Resend stays off and says why.
      vi.spyOn(Date, 'now').mockImplementation(() => later + (otpResendCooldownSeconds + 1) * 1000);
      await settle(1100);
      expect(button(container, 'Resend code').disabled).toBe(true);
      expect(container.textContent).toContain('No more codes can be sent for this registration.');
      vi.restoreAllMocks();
    });

    it('can be skipped: the pending message, then /login after 1000 ms', async () => {
      const requests = await registerWithCode({});
      await click(button(view!.container, 'Skip: let my school approve my account'));
      // sonner adds a toast on a zero timer of its own: the 20 ms one runs after it, loaded or not.
      await settle(20);
      expect(toastShown(messages.register.successPending)).toBe(true);
      expect(requests.map((request) => request.path)).toEqual(['/api/Register']);
      await settle(900);
      expect(view!.router.state.location.pathname).toBe('/register');
      await until(() => view!.router.state.location.pathname === '/login', '/login after 1000 ms');
    });
  });
});
