import { describe, expect, it } from 'vitest';
import { messageForFailure } from '../../../contract/error-catalogue';
import { messages } from '../../../contract/messages';
import { ApiError } from '../../../src/api/api-error';
import { interpretLoginResponse } from '../../../src/features/auth/login-answer';
import { loginFailureMessage } from '../../../src/features/auth/login-service';
import { interpretRegisterResponse, registerFailureMessage } from '../../../src/features/auth/register-service';
import { studentEntry, teacherEntry } from './helpers';

describe('section 8 catalogue, by status', () => {
  it('no response at all is the network message', () => {
    expect(messageForFailure({})).toBe(messages.network.noResponse);
    expect(messageForFailure({})).toMatch(/^Could not connect to the server\./);
  });

  it('400 shows the server message, else the malformed-request text', () => {
    expect(messageForFailure({ status: 400, serverMessage: 'Class name is required.' })).toBe('Class name is required.');
    expect(messageForFailure({ status: 400 })).toBe('The request was malformed. Please check your input.');
  });

  it('401, 403, 404 and 500 have fixed texts', () => {
    expect(messageForFailure({ status: 401, serverMessage: 'nope' })).toBe('Please provide valid credentials.');
    expect(messageForFailure({ status: 403 })).toBe('You do not have permission to perform this action.');
    expect(messageForFailure({ status: 404, serverMessage: 'Student not found.' })).toBe('The requested resource was not found.');
    expect(messageForFailure({ status: 500, serverMessage: 'stack trace' })).toBe("Something went wrong on our end. We're working to fix it!");
  });

  it('other statuses name the code', () => {
    expect(messageForFailure({ status: 418 })).toBe('An API error occurred (Status: 418). Please try again.');
    expect(messageForFailure({ status: 502 })).toBe('An API error occurred (Status: 502). Please try again.');
    expect(messageForFailure({ status: 429, serverMessage: 'slow down' })).toBe('An API error occurred (Status: 429). Please try again.');
  });

  it('the known server texts pass through whatever the status', () => {
    expect(messageForFailure({ status: 400, serverMessage: messages.tenant.missing })).toBe('Please select school before login.');
    expect(messageForFailure({ status: 401, serverMessage: messages.auth.badCredentials })).toBe(
      'The username or password you entered is incorrect.',
    );
    expect(messageForFailure({ status: 401, serverMessage: messages.auth.sessionExpired })).toBe(
      'Your session has expired. Please log in to continue.',
    );
  });

  it('ApiError carries the catalogue message', () => {
    expect(new ApiError({ status: 404 }).message).toBe(messages.status[404]);
    expect(new ApiError({}).noResponse).toBe(true);
  });
});

describe('login response (spec sections 5 and 8)', () => {
  const profile = { students: [studentEntry()], teachers: [] };

  it('succeeds with success true, a token and a student or teacher entry', () => {
    expect(interpretLoginResponse({ success: true, message: 'Login successful', data: { jwtToken: 'jwt', profile } })).toEqual({
      ok: true,
      token: 'jwt',
      profile,
    });
    expect(
      interpretLoginResponse({ success: true, message: undefined, data: { jwtToken: 'jwt', profile: { students: [], teachers: [teacherEntry()] } } }).ok,
    ).toBe(true);
  });

  it('success false shows the server message, else the failed text', () => {
    expect(interpretLoginResponse({ success: false, message: 'Account locked.', data: null })).toEqual({ ok: false, message: 'Account locked.' });
    expect(interpretLoginResponse({ success: false, message: undefined, data: null })).toEqual({
      ok: false,
      message: 'Login failed. Please check your credentials.',
    });
    expect(interpretLoginResponse({ success: undefined, message: undefined, data: { jwtToken: 'jwt', profile } }).ok).toBe(false);
  });

  it('missing data or token is an invalid response format', () => {
    const invalid = { ok: false, message: 'Login failed. Invalid response format from server.' };
    expect(interpretLoginResponse({ success: true, message: undefined, data: null })).toEqual(invalid);
    expect(interpretLoginResponse({ success: true, message: undefined, data: { profile } })).toEqual(invalid);
    expect(interpretLoginResponse({ success: true, message: undefined, data: { jwtToken: '', profile } })).toEqual(invalid);
    expect(interpretLoginResponse({ success: true, message: undefined, data: { jwtToken: 'jwt' } })).toEqual(invalid);
    // A profile the contract does not describe (contract/auth.ts loginDataSchema) is no profile.
    expect(interpretLoginResponse({ success: true, message: undefined, data: { jwtToken: 'jwt', profile: { students: ['not an object'], teachers: [] } } })).toEqual(invalid);
    expect(interpretLoginResponse({ success: true, message: undefined, data: { jwtToken: 'jwt', profile: { teachers: [teacherEntry()] } } })).toEqual(invalid);
    expect(
      interpretLoginResponse({ success: true, message: undefined, data: { jwtToken: 'jwt', profile: { students: [], teachers: [{ ...teacherEntry(), teacherId: 42 }] } } }),
    ).toEqual(invalid);
  });

  it('a profile without a student or teacher entry is invalid profile data', () => {
    expect(interpretLoginResponse({ success: true, message: undefined, data: { jwtToken: 'jwt', profile: { students: [], teachers: [] } } })).toEqual({
      ok: false,
      message: 'Login failed. Invalid profile data from server.',
    });
  });
});

describe('login failures', () => {
  it('wrong password shows the server text of the catalogue', () => {
    expect(loginFailureMessage(new ApiError({ status: 401, serverMessage: messages.auth.badCredentials }))).toBe(
      'The username or password you entered is incorrect.',
    );
  });

  it('pending, rejected and rate-limited sign-ins show the server message', () => {
    expect(loginFailureMessage(new ApiError({ status: 403, serverMessage: messages.auth.pendingApproval }))).toBe(messages.auth.pendingApproval);
    expect(loginFailureMessage(new ApiError({ status: 401, serverMessage: messages.auth.pendingApproval }))).toBe(messages.auth.pendingApproval);
    expect(loginFailureMessage(new ApiError({ status: 403, serverMessage: messages.auth.rejected }))).toBe(messages.auth.rejected);
    expect(loginFailureMessage(new ApiError({ status: 429, serverMessage: 'Too many requests. Please try again in 42 seconds.' }))).toBe(
      'Too many requests. Please try again in 42 seconds.',
    );
  });

  it('otherwise the friendly catalogue message comes first', () => {
    expect(loginFailureMessage(new ApiError({ status: 401, serverMessage: 'Something else' }))).toBe('Please provide valid credentials.');
    expect(loginFailureMessage(new ApiError({ status: 400, serverMessage: messages.tenant.missing }))).toBe('Please select school before login.');
    expect(loginFailureMessage(new ApiError({ status: 500 }))).toBe(messages.status[500]);
    expect(loginFailureMessage(new ApiError({}))).toBe(messages.network.noResponse);
    expect(loginFailureMessage(new ApiError({ status: 403 }))).toBe(messages.status[403]);
  });

  it('anything that is not an API error is the unexpected login text', () => {
    expect(loginFailureMessage(new TypeError('boom'))).toBe('An unexpected error occurred during login. Please try again later.');
  });
});

describe('registration (spec section 8)', () => {
  it('success shows the server message, else Registration successful!', () => {
    expect(interpretRegisterResponse({ success: true, message: messages.register.successPending, data: null })).toEqual({
      ok: true,
      message: messages.register.successPending,
      codeStep: null,
    });
    expect(interpretRegisterResponse({ success: true, message: undefined, data: null })).toEqual({
      ok: true,
      message: 'Registration successful!',
      codeStep: null,
    });
  });

  it('a mailed code opens the code step; a malformed step is ignored', () => {
    const codeStep = { length: 6, expiresInSeconds: 600, resendAfterSeconds: 30, maxCodes: 5 };
    expect(
      interpretRegisterResponse({ success: true, message: messages.register.codeSent, data: { status: 'pending', role: 'teacher', codeStep } }),
    ).toEqual({ ok: true, message: messages.register.codeSent, codeStep });
    expect(interpretRegisterResponse({ success: true, message: 'x', data: { codeStep: { length: '6' } } })).toMatchObject({ codeStep: null });
  });

  it('success false shows the server message, else Registration failed. Please try again.', () => {
    expect(interpretRegisterResponse({ success: false, message: 'No.', data: null })).toEqual({ ok: false, message: 'No.' });
    expect(interpretRegisterResponse({ success: false, message: undefined, data: null })).toEqual({
      ok: false,
      message: 'Registration failed. Please try again.',
    });
  });

  it('failed calls: the server message, else unexpected; no response is the network text', () => {
    expect(registerFailureMessage(new ApiError({ status: 400, serverMessage: messages.register.invalidRole }))).toBe(
      messages.register.invalidRole,
    );
    expect(registerFailureMessage(new ApiError({ status: 500 }))).toBe('Registration failed. An unexpected error occurred.');
    expect(registerFailureMessage(new ApiError({}))).toBe('A network error occurred during registration. Please check your connection.');
    expect(registerFailureMessage(new Error('x'))).toBe('Registration failed. An unexpected error occurred.');
  });
});
