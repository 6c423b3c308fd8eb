import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import LoginPage from '../../../src/features/auth/LoginPage';
import { sessionStore } from '../../../src/session/session-store';
import { byLabel, button, renderRoute, settle, stubApi, submit, type, until, type Rendered } from './dom';
import { liveTokenFor, studentEntry, teacherEntry } from './helpers';

let view: Rendered | undefined;

function chooseSchool() {
  sessionStorage.setItem('currentTenantId', 'greenvalley');
  sessionStorage.setItem('currentSchoolName', 'Green Valley Public School');
}

beforeEach(() => {
  sessionStore.start();
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/login', () => {
  it('prefills email and password from the query, then drops the password from the address and the history entry', async () => {
    chooseSchool();
    view = await renderRoute('/login', <LoginPage />, '/login?email=a%40b.in&password=Secret%401&action=deleteAccount');
    expect(view.router.state.location.search).toBe('?email=a%40b.in&action=deleteAccount');
    expect(view.router.state.historyAction).toBe('REPLACE');
    expect(byLabel(view.container, 'Email').value).toBe('a@b.in');
    expect(byLabel(view.container, 'Password').value).toBe('Secret@1');
    // The entry was replaced, not added: one step back is the page before.
    await act(async () => view?.router.navigate(-1));
    expect(view.router.state.location.pathname).toBe('/home');
  });

  it('without a school: prompts, links to /school-selection, disables the inputs, welcomes to Kaksha', async () => {
    view = await renderRoute('/login', <LoginPage />, '/login');
    const { container } = view;
    expect(container.querySelector('h1')?.textContent).toBe('Welcome to Kaksha');
    expect(container.textContent).toContain(messages.login.schoolRequired);
    expect(container.querySelector('a[href="/school-selection"].btn')).not.toBeNull();
    expect(byLabel(container, 'Email').disabled).toBe(true);
    expect(byLabel(container, 'Password').disabled).toBe(true);
  });

  it('welcomes to the chosen school and links to recovery and registration', async () => {
    chooseSchool();
    view = await renderRoute('/login', <LoginPage />, '/login');
    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome to Green Valley Public School');
    expect(view.container.querySelector('a[href="/forgotpassword"]')).not.toBeNull();
    expect(view.container.querySelector('a[href="/register"]')).not.toBeNull();
  });

  it('shows validation messages and clears each one when its field is edited', async () => {
    chooseSchool();
    view = await renderRoute('/login', <LoginPage />, '/login');
    const form = view.container.querySelector('form');
    if (!form) throw new Error('no form');
    await submit(form);
    expect(view.container.textContent).toContain(messages.login.usernameRequired);
    expect(view.container.textContent).toContain(messages.login.passwordRequired);
    await type(byLabel(view.container, 'Email'), 'bad');
    expect(view.container.textContent).not.toContain(messages.login.usernameRequired);
    expect(view.container.textContent).toContain(messages.login.passwordRequired);
    await submit(form);
    expect(view.container.textContent).toContain(messages.login.emailInvalid);
  });

  it('toggles the password visibility', async () => {
    chooseSchool();
    view = await renderRoute('/login', <LoginPage />, '/login');
    const password = byLabel(view.container, 'Password');
    expect(password.type).toBe('password');
    await act(async () => button(view!.container, /^$/).click());
    expect(password.type).toBe('text');
  });

  it('signs in, then goes to the role area after 500 ms', async () => {
    chooseSchool();
    const requests = stubApi({
      '/api/authUser': {
        status: 200,
        body: { success: true, message: 'Login successful', data: { jwtToken: liveTokenFor('TEACHER', { sub: 'teacher@kaksha.demo' }), profile: { students: [], teachers: [teacherEntry()] } } },
      },
    });
    view = await renderRoute('/login', <LoginPage />, '/login');
    await type(byLabel(view.container, 'Email'), 'teacher@kaksha.demo');
    await type(byLabel(view.container, 'Password'), 'Demo@1234');
    await submit(view.container.querySelector('form')!);
    // The answer is read by login-answer.ts, loaded with the request.
    await until(() => localStorage.getItem('username') !== null, 'the sign-in stored');
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ username: 'teacher@kaksha.demo', password: 'Demo@1234' });
    expect(localStorage.getItem('username')).toBe('teacher@kaksha.demo');
    expect(JSON.parse(localStorage.getItem('userProfile') ?? '{}').teacherId).toBe('tea-1');
    expect(view.router.state.location.pathname).toBe('/login');
    await settle(400);
    expect(view.router.state.location.pathname).toBe('/login');
    await until(() => view!.router.state.location.pathname === '/admin', 'the role area after 500 ms');
  });

  it('sends a student who came to delete the account to the deletion modal', async () => {
    chooseSchool();
    stubApi({
      '/api/authUser': {
        status: 200,
        body: { success: true, message: 'ok', data: { jwtToken: liveTokenFor('STUDENT', { sub: 'student@kaksha.demo' }), profile: { students: [studentEntry()], teachers: [] } } },
      },
    });
    view = await renderRoute('/login', <LoginPage />, '/login?action=deleteAccount&email=student%40kaksha.demo');
    await type(byLabel(view.container, 'Password'), 'Demo@1234');
    await submit(view.container.querySelector('form')!);
    await until(() => localStorage.getItem('jwtToken') !== null, 'the sign-in stored');
    await settle(600);
    expect(`${view.router.state.location.pathname}${view.router.state.location.search}`).toBe('/settings?action=deleteAccount');
  });

  it("shows the server's message for a pending account", async () => {
    chooseSchool();
    stubApi({ '/api/authUser': { status: 403, body: { success: false, message: messages.auth.pendingApproval, data: null } } });
    view = await renderRoute('/login', <LoginPage />, '/login?email=new%40kaksha.demo');
    await type(byLabel(view.container, 'Password'), 'Demo@1234');
    await submit(view.container.querySelector('form')!);
    await settle(20);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(messages.auth.pendingApproval);
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it('sends someone already signed in straight on', async () => {
    chooseSchool();
    localStorage.setItem('jwtToken', liveTokenFor('PARENT'));
    localStorage.setItem('username', 'parent@kaksha.demo');
    localStorage.setItem('userProfile', JSON.stringify(studentEntry()));
    sessionStore.start();
    view = await renderRoute('/login', <LoginPage />, '/login');
    expect(view.router.state.location.pathname).toBe('/student');
  });
});
