import './reset-storage';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import SettingsPage from '../../../src/features/settings/SettingsPage';
import { sessionStore } from '../../../src/session/session-store';
import { button, click, renderRoute, type Rendered } from './dom';
import { liveTokenFor, studentEntry, teacherEntry } from './helpers';

let view: Rendered | undefined;

function signIn(role: string, profile: object) {
  sessionStorage.setItem('currentTenantId', 'greenvalley');
  localStorage.setItem('jwtToken', liveTokenFor(role));
  localStorage.setItem('username', `${role.toLowerCase()}@kaksha.demo`);
  localStorage.setItem('userProfile', JSON.stringify(profile));
  localStorage.setItem('last_sent_fcm_token', 'device-1');
  sessionStore.start();
}

function dialog() {
  return document.querySelector<HTMLElement>('[role="dialog"]');
}

beforeEach(() => {
  sessionStore.start();
});

afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('/settings', () => {
  it('shows the stored student profile and goes back to /student', async () => {
    signIn('STUDENT', studentEntry());
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    const text = view.container.textContent ?? '';
    for (const value of ['Ananya Sharma', 'student@kaksha.demo', 'GV-2019-001', 'Class 5 - A', 'Green Valley Public School', 'March 9, 2014', 'Female']) {
      expect(text).toContain(value);
    }
    expect(view.container.querySelector('header a')?.getAttribute('href')).toBe('/student');
    expect(view.container.querySelector('[role="dialog"]')).toBeNull();
    await click(button(view.container, 'Change password'));
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Change password');
    expect(dialog?.querySelectorAll('input[type="password"]').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the employee id of a teacher and goes back to /admin', async () => {
    signIn('TEACHER', teacherEntry());
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    expect(view.container.textContent).toContain('EMP-042');
    expect(view.container.textContent).not.toContain('Admission ID');
    expect(view.container.querySelector('header a')?.getAttribute('href')).toBe('/admin');
  });

  it('shows the no-data and error states', async () => {
    signIn('STUDENT', studentEntry());
    localStorage.removeItem('userProfile');
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    expect(view.container.textContent).toContain(messages.settings.noData);
    view.unmount();
    localStorage.setItem('userProfile', '{broken');
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    expect(view.container.textContent).toContain(messages.settings.localLoadFailed);
  });

  it('opens the delete-account modal from ?action=deleteAccount; Got It closes it and drops the action', async () => {
    signIn('STUDENT', studentEntry());
    view = await renderRoute('/settings', <SettingsPage />, '/settings?action=deleteAccount');
    const modal = dialog();
    expect(modal?.textContent).toContain('Delete your account');
    const mail = modal?.querySelector<HTMLAnchorElement>('a.btn')?.getAttribute('href') ?? '';
    expect(mail.startsWith('mailto:')).toBe(true);
    const body = decodeURIComponent(mail.split('body=')[1] ?? '');
    expect(body).toContain('Name: Ananya Sharma');
    expect(body).toContain('User ID: student@kaksha.demo');
    expect(body).toContain('Role: Student');
    await click(button(document.body, 'Got it'));
    expect(dialog()).toBeNull();
    expect(view.router.state.location.search).toBe('');
  });

  it('the modal closes on Escape and on a click outside, and gives focus back', async () => {
    signIn('PARENT', studentEntry());
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    const opener = button(view.container, 'Delete account');
    opener.focus();
    await click(opener);
    expect(dialog()).not.toBeNull();
    expect(dialog()?.contains(document.activeElement)).toBe(true);
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);

    await click(opener);
    const backdrop = document.querySelector<HTMLElement>('.modal-backdrop')!;
    await act(async () => {
      backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      backdrop.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(dialog()).toBeNull();
  });

  it('logout clears the session and the school, and goes to /login', async () => {
    signIn('ADMIN', teacherEntry({ userType: 'ADMIN' }));
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    await click(button(view.container, 'Log out'));
    for (const key of ['jwtToken', 'username', 'userProfile', 'last_sent_fcm_token']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('currentTenantId')).toBeNull();
    expect(sessionStore.getSnapshot().session).toBeNull();
    expect(view.router.state.location.pathname).toBe('/login');
  });
});
