import { describe, expect, it } from 'vitest';
import { familyRoles, roleNames, staffRoles } from '../../../contract/roles';
import { decideAccess } from '../../../src/app/route-guard';
import { makeToken, nowMs, nowSec, tokenFor } from './helpers';

const allow = { kind: 'allow' };
const toLogin = { kind: 'redirect', to: '/login', replace: true, endSession: false };
const toLoginEnding = { ...toLogin, endSession: true };

describe('decideAccess (spec section 2, route guard)', () => {
  it('redirects to /login with replace when nobody is signed in', () => {
    expect(decideAccess(staffRoles, null, nowMs)).toEqual(toLogin);
    expect(decideAccess(undefined, null, nowMs)).toEqual(toLogin);
  });

  it('admits admin and teacher to the admin area, not student or parent', () => {
    expect(decideAccess(staffRoles, { token: tokenFor('ADMIN') }, nowMs)).toEqual(allow);
    expect(decideAccess(staffRoles, { token: tokenFor('Teacher') }, nowMs)).toEqual(allow);
    expect(decideAccess(staffRoles, { token: tokenFor('STUDENT') }, nowMs)).toEqual(toLogin);
    expect(decideAccess(staffRoles, { token: tokenFor('PARENT') }, nowMs)).toEqual(toLogin);
  });

  it('admits student and parent to the student area, not admin or teacher', () => {
    expect(decideAccess(familyRoles, { token: tokenFor('STUDENT') }, nowMs)).toEqual(allow);
    expect(decideAccess(familyRoles, { token: tokenFor('PARENT') }, nowMs)).toEqual(allow);
    expect(decideAccess(familyRoles, { token: tokenFor('ADMIN') }, nowMs)).toEqual(toLogin);
    expect(decideAccess(familyRoles, { token: tokenFor('TEACHER') }, nowMs)).toEqual(toLogin);
  });

  it('admits all four roles to /settings, but not an unknown role', () => {
    for (const role of roleNames) expect(decideAccess(roleNames, { token: tokenFor(role) }, nowMs)).toEqual(allow);
    expect(decideAccess(roleNames, { token: tokenFor('JANITOR') }, nowMs)).toEqual(toLogin);
    expect(decideAccess(roleNames, { token: makeToken({ exp: nowSec + 60 }) }, nowMs)).toEqual(toLogin);
  });

  it('admits any signed-in user where no role list is given', () => {
    expect(decideAccess(undefined, { token: makeToken({ exp: nowSec + 60 }) }, nowMs)).toEqual(allow);
    expect(decideAccess([], { token: tokenFor('JANITOR') }, nowMs)).toEqual(allow);
  });

  it('ends the session when the token is expired or undecodable', () => {
    expect(decideAccess(staffRoles, { token: tokenFor('ADMIN', { expiresInSec: -1 }) }, nowMs)).toEqual(toLoginEnding);
    expect(decideAccess(undefined, { token: 'garbage' }, nowMs)).toEqual(toLoginEnding);
  });
});
