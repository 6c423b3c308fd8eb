/**
 * The user profile kept after sign-in (spec sections 3 and 4): the first student entry of the login
 * profile, else its first teacher entry. Read defensively: it comes from storage.
 */
import type { ProfileModel, StudentProfile, TeacherProfile } from '../../contract/auth';

type Loose<T> = { [K in keyof T]?: T[K] | null };

/** A stored profile: any student or teacher entry's fields, each possibly missing. */
export type ProfileData = Loose<Omit<StudentProfile, 'userType' | 'studentProfileModel'>> &
  Loose<Omit<TeacherProfile, 'userType' | 'teacherProfileModel'>> & {
    userType?: string | null;
    studentProfileModel?: Loose<ProfileModel> | null;
    teacherProfileModel?: Loose<ProfileModel> | null;
  };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const stringFields = [
  'username',
  'firstName',
  'lastName',
  'schoolId',
  'schoolName',
  'associatedEntityId',
  'userType',
  'studentId',
  'admissionId',
  'rollNumber',
  'classId',
  'teacherId',
  'employeeId',
] as const;

/** True for an object whose known fields, when present, have the right types. */
export function isProfileData(value: unknown): value is ProfileData {
  if (!isRecord(value)) return false;
  for (const field of stringFields) {
    const v = value[field];
    if (v !== undefined && v !== null && typeof v !== 'string') return false;
  }
  for (const model of ['studentProfileModel', 'teacherProfileModel'] as const) {
    const v = value[model];
    if (v !== undefined && v !== null && !isRecord(v)) return false;
  }
  return true;
}

/** Spec section 3: the first student entry, else the first teacher entry; null when neither exists. */
export function selectProfile(profile: unknown): ProfileData | null {
  if (!isRecord(profile)) return null;
  for (const list of [profile.students, profile.teachers]) {
    if (Array.isArray(list) && list.length > 0) {
      const first: unknown = list[0];
      return isProfileData(first) ? first : null;
    }
  }
  return null;
}

/** Spec section 5: the login profile must hold a student or a teacher entry. */
export function hasProfileEntry(profile: unknown): boolean {
  if (!isRecord(profile)) return false;
  const { students, teachers } = profile;
  return (Array.isArray(students) && students.length > 0) || (Array.isArray(teachers) && teachers.length > 0);
}

/** Spec section 3: teacherId, else associatedEntityId, for TEACHER or ADMIN users only. */
export function teacherIdOf(profile: ProfileData | null | undefined): string | null {
  if (!profile) return null;
  const type = profile.userType?.toUpperCase();
  if (type !== 'TEACHER' && type !== 'ADMIN') return null;
  return profile.teacherId || profile.associatedEntityId || null;
}

export const noName = 'N/A';

/** Spec section 3: first + last name, else username, else 'N/A'. */
export function displayName(profile: ProfileData | null | undefined, username?: string | null): string {
  const full = [profile?.firstName, profile?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || profile?.username || username || noName;
}

/** The details block (class, phone ...) of a stored profile, whichever kind it is. */
export function profileModelOf(profile: ProfileData): Loose<ProfileModel> {
  return profile.studentProfileModel ?? profile.teacherProfileModel ?? {};
}
