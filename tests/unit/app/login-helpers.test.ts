import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { stripPasswordParam } from '../../../src/features/auth/password-query';
import { canSubmitRegister, passwordMismatch, validateLogin, validateRegister } from '../../../src/features/auth/validation';
import { appStartPath, areaHomePath, loginRedirectPath } from '../../../src/session/login-redirect';

describe('login redirect (spec section 4)', () => {
  it('deleteAccount has priority over every role', () => {
    for (const role of ['admin', 'teacher', 'student', 'parent', undefined]) {
      expect(loginRedirectPath(role, 'deleteAccount')).toBe('/settings?action=deleteAccount');
    }
  });

  it('admin and teacher go to /admin, student and parent to /student, others to /home', () => {
    expect(loginRedirectPath('admin', null)).toBe('/admin');
    expect(loginRedirectPath('TEACHER', null)).toBe('/admin');
    expect(loginRedirectPath('student', null)).toBe('/student');
    expect(loginRedirectPath('parent', 'other')).toBe('/student');
    expect(loginRedirectPath('janitor', null)).toBe('/home');
    expect(loginRedirectPath(undefined, null)).toBe('/home');
  });

  it('settings goes back to the role area', () => {
    expect(areaHomePath('teacher')).toBe('/admin');
    expect(areaHomePath('parent')).toBe('/student');
    expect(areaHomePath(undefined)).toBe('/home');
  });
});

describe('installed app start page (/app)', () => {
  it('opens a signed-in user in their area whether or not the tab chose a school', () => {
    for (const chosen of [true, false]) {
      expect(appStartPath('admin', chosen)).toBe('/admin');
      expect(appStartPath('teacher', chosen)).toBe('/admin');
      expect(appStartPath('student', chosen)).toBe('/student');
      expect(appStartPath('PARENT', chosen)).toBe('/student');
    }
  });

  it('sends anyone else to sign in at the chosen school, or to the school list', () => {
    expect(appStartPath(undefined, true)).toBe('/login');
    expect(appStartPath(null, false)).toBe('/school-selection');
    expect(appStartPath('janitor', false)).toBe('/school-selection');
  });
});

describe('stripPasswordParam', () => {
  it('takes the password and keeps every other parameter in order', () => {
    expect(stripPasswordParam('?email=a%40b.in&password=S3cret%21&action=deleteAccount')).toEqual({
      password: 'S3cret!',
      search: '?email=a%40b.in&action=deleteAccount',
      changed: true,
    });
  });

  it('leaves an empty query when the password was the only parameter', () => {
    expect(stripPasswordParam('?password=x')).toEqual({ password: 'x', search: '', changed: true });
  });

  it('removes an empty password parameter too', () => {
    expect(stripPasswordParam('?email=a%40b.in&password=')).toEqual({ password: '', search: '?email=a%40b.in', changed: true });
  });

  it('changes nothing without a password parameter', () => {
    expect(stripPasswordParam('?email=a%40b.in')).toEqual({ password: null, search: '?email=a%40b.in', changed: false });
    expect(stripPasswordParam('')).toEqual({ password: null, search: '', changed: false });
  });
});

describe('login validation (spec section 5)', () => {
  it('requires the e-mail, its shape, the password and a school', () => {
    expect(validateLogin({ email: ' ', password: '', hasSchool: false })).toEqual({
      email: messages.login.usernameRequired,
      password: messages.login.passwordRequired,
      school: messages.login.schoolRequired,
    });
    expect(validateLogin({ email: 'not-an-email', password: 'x', hasSchool: true })).toEqual({ email: 'Please enter a valid email address.' });
    expect(validateLogin({ email: 'admin@kaksha.demo', password: 'Demo@1234', hasSchool: true })).toEqual({});
  });
});

describe('register validation (spec section 5)', () => {
  const filled = { email: 'new@kaksha.demo', password: 'Secret123', confirmPassword: 'Secret123', role: '3', termsAccepted: true };

  it('accepts a complete form', () => {
    expect(validateRegister(filled)).toEqual({});
  });

  it('names every missing or wrong field with the spec messages', () => {
    expect(validateRegister({ email: '', password: '', confirmPassword: '', role: '', termsAccepted: false })).toEqual({
      email: 'Email ID is required.',
      password: 'Password is required.',
      confirmPassword: 'Confirm Password is required.',
      role: 'Please select a role.',
      terms: 'You must agree to the terms and conditions.',
    });
    expect(validateRegister({ ...filled, email: 'x@' }).email).toBe('Enter a valid email ID.');
    expect(validateRegister({ ...filled, confirmPassword: 'Secret124' }).confirmPassword).toBe('Passwords do not match.');
    expect(validateRegister({ ...filled, role: '9' }).role).toBe('Please select a role.');
    expect(validateRegister({ ...filled, password: 'short', confirmPassword: 'short' }).password).toBe(messages.register.weakPassword);
  });

  it('shows the mismatch live once the confirmation is typed', () => {
    expect(passwordMismatch('abc', '')).toBeUndefined();
    expect(passwordMismatch('abc', 'ab')).toBe('Passwords do not match.');
    expect(passwordMismatch('abc', 'abc')).toBeUndefined();
  });

  it('enables the button only with every field filled, terms accepted, and not submitting', () => {
    expect(canSubmitRegister(filled, false)).toBe(true);
    expect(canSubmitRegister(filled, true)).toBe(false);
    expect(canSubmitRegister({ ...filled, termsAccepted: false }, false)).toBe(false);
    for (const key of ['email', 'password', 'confirmPassword', 'role'] as const) {
      expect(canSubmitRegister({ ...filled, [key]: '' }, false)).toBe(false);
    }
  });
});
