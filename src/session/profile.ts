/**
 * The user profile kept after sign-in (spec sections 3 and 4): the first student entry of the login
 * profile (parsed with the contract's schema when the sign-in answered, features/auth/login-answer.ts),
 * else its first teacher entry. The stored copy is read back defensively at every start, by hand:
 * it is read before the first page, whose bundle carries no schema library (docs/decisions.md "The
 * landing page loads no schema library").
 */
import type { LoginProfile, ProfileModel, StudentProfile, TeacherProfile } from '../../contract/auth';

type Loose<T> = { [K in keyof T]?: T[K] | null };

/** One of a parent's children as the stored profile lists them. */
export interface ChildSummary {
  studentId: string;
  firstName?: string | null;
  lastName?: string | null;
  admissionId?: string | null;
  rollNumber?: string | null;
  className?: string | null;
  classSection?: string | null;
}

/**
 * A parent's own part of the stored profile: their name (the login profile's `parentProfile`) and
 * every child (the login profile's student entries), since the entry itself is the first child's.
 */
export interface StoredParentProfile {
  name?: string | null;
  children?: unknown;
}

/** A stored profile: any student or teacher entry's fields, each possibly missing. */
export type ProfileData = Loose<Omit<StudentProfile, 'userType' | 'studentProfileModel'>> &
  Loose<Omit<TeacherProfile, 'userType' | 'teacherProfileModel'>> & {
    userType?: string | null;
    studentProfileModel?: Loose<ProfileModel> | null;
    teacherProfileModel?: Loose<ProfileModel> | null;
    parentProfile?: StoredParentProfile | null;
  };

function isRecord(value: unknown): value is Record<string, unknown> {
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
  for (const model of ['studentProfileModel', 'teacherProfileModel', 'parentProfile'] as const) {
    const v = value[model];
    if (v !== undefined && v !== null && !isRecord(v)) return false;
  }
  return true;
}

/** Spec section 3: the first student entry, else the first teacher entry; null when neither exists. */
export function selectProfile(profile: LoginProfile): ProfileData | null {
  return profile.students[0] ?? profile.teachers[0] ?? null;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function childSummary(entry: StudentProfile | ProfileData): ChildSummary | null {
  if (!entry.studentId) return null;
  const model = entry.studentProfileModel;
  return {
    studentId: entry.studentId,
    firstName: textOf(entry.firstName),
    lastName: textOf(entry.lastName),
    admissionId: textOf(entry.admissionId),
    rollNumber: textOf(entry.rollNumber),
    className: textOf(model?.className),
    classSection: textOf(model?.classSection),
  };
}

/**
 * The profile stored at sign-in: the entry of spec section 3 (first student, else first teacher)
 * and, for a parent (the login profile has a `parentProfile`), the parent's name and children.
 */
export function storedProfileOf(profile: LoginProfile): ProfileData | null {
  const entry = selectProfile(profile);
  if (!entry || !profile.parentProfile) return entry;
  const children = profile.students.map(childSummary).filter((child) => child !== null);
  return { ...entry, parentProfile: { name: textOf(profile.parentProfile.name), children } };
}

/** A parent's children from the stored profile; an older stored profile lists only its own entry. */
export function childrenOf(profile: ProfileData | null | undefined): ChildSummary[] {
  if (!profile) return [];
  const listed = profile.parentProfile?.children;
  if (Array.isArray(listed)) return listed.filter((child): child is ChildSummary => isRecord(child) && typeof child.studentId === 'string');
  const own = childSummary(profile);
  return own ? [own] : [];
}

/** A parent's own name, else their e-mail (the account), else 'N/A'. */
export function parentDisplayName(profile: ProfileData | null | undefined, username?: string | null): string {
  return textOf(profile?.parentProfile?.name) ?? textOf(username) ?? textOf(profile?.username) ?? noName;
}

/** Spec section 5: the login profile must hold a student or a teacher entry. */
export function hasProfileEntry(profile: LoginProfile): boolean {
  return profile.students.length > 0 || profile.teachers.length > 0;
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
