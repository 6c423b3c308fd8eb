/** Test helpers for the app's unit tests: unsigned JWTs with chosen claims, profile fixtures. */
import type { StudentProfile, TeacherProfile } from '../../../contract/auth';

function base64url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

/** A token the client can decode (the client never verifies signatures). */
export function makeToken(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

export const nowMs = Date.UTC(2025, 5, 22, 10, 0, 0);
export const nowSec = Math.floor(nowMs / 1000);

export function tokenFor(
  role: string,
  options: { expiresInSec?: number; sub?: string; tenantId?: string } = {},
): string {
  return makeToken({
    sub: options.sub ?? `${role.toLowerCase()}@kaksha.demo`,
    exp: nowSec + (options.expiresInSec ?? 3600),
    role: { roleName: role.toUpperCase() },
    tenantId: options.tenantId ?? 'greenvalley',
  });
}

/** A token valid against the real clock (for page tests, which run on Date.now()). */
export function liveTokenFor(role: string, options: { expiresInSec?: number; sub?: string; tenantId?: string } = {}): string {
  const offset = Math.floor(Date.now() / 1000) - nowSec;
  return tokenFor(role, { ...options, expiresInSec: (options.expiresInSec ?? 3600) + offset });
}

const model = {
  className: 'Class 5',
  classSection: 'A',
  schoolName: 'Green Valley Public School',
  phoneNumber: '9876543210',
  address: '12 MG Road, Pune',
  dateOfBirth: '2014-03-09',
  gender: 'Female',
};

export function studentEntry(overrides: Partial<StudentProfile> = {}): StudentProfile {
  return {
    username: 'student@kaksha.demo',
    firstName: 'Ananya',
    lastName: 'Sharma',
    schoolId: 'school-1',
    schoolName: 'Green Valley Public School',
    associatedEntityId: 'stu-1',
    userType: 'STUDENT',
    studentId: 'stu-1',
    admissionId: 'GV-2019-001',
    rollNumber: '7',
    classId: 'class-5a',
    studentProfileModel: model,
    ...overrides,
  };
}

export function teacherEntry(overrides: Partial<TeacherProfile> = {}): TeacherProfile {
  return {
    username: 'teacher@kaksha.demo',
    firstName: 'Rahul',
    lastName: 'Verma',
    schoolId: 'school-1',
    schoolName: 'Green Valley Public School',
    associatedEntityId: 'tea-entity-1',
    userType: 'TEACHER',
    teacherId: 'tea-1',
    employeeId: 'EMP-042',
    teacherProfileModel: { ...model, className: null, classSection: null, dateOfBirth: '1985-11-30', gender: 'Male' },
    ...overrides,
  };
}
