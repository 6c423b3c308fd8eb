/** The /settings profile list (spec section 2) built from the stored user profile. */
import { lookup } from '../i18n/translate';
import type { Texts } from '../i18n/message-types';
import { shortDate } from '../ui/dates';
import { childrenOf, displayName, profileModelOf, type ChildSummary, type ProfileData } from '../session/profile';
import { classLabel } from '../../contract/class-label';

export type ProfileField = keyof Texts['settings']['fields'];

export interface ProfileRow {
  field: ProfileField;
  /** Null when the profile does not say. */
  value: string | null;
}

function genderLabel(gender: string | null): string | null {
  return gender && (lookup(`genders.${gender}`) ?? gender);
}

export function isTeacherProfile(profile: ProfileData): boolean {
  const type = profile.userType?.toUpperCase();
  if (type === 'TEACHER' || type === 'ADMIN') return true;
  if (type === 'STUDENT' || type === 'PARENT') return false;
  return Boolean(profile.teacherProfileModel) && !profile.studentProfileModel;
}

const orNull = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null);

/** "VIII A" (contract/class-label.ts), or null without a class. */
export function classWithSection(className?: string | null, classSection?: string | null): string | null {
  return classLabel(className, classSection) || null;
}

export function profileRows(profile: ProfileData, username: string | null): ProfileRow[] {
  const model = profileModelOf(profile);
  const teacher = isTeacherProfile(profile);
  const rows: ProfileRow[] = [
    { field: 'name', value: displayName(profile, username) },
    { field: 'email', value: orNull(profile.username) ?? orNull(username) },
  ];
  if (!teacher) {
    rows.push({ field: 'admissionId', value: orNull(profile.admissionId) });
    rows.push({ field: 'rollNumber', value: orNull(profile.rollNumber) });
    rows.push({ field: 'classSection', value: classWithSection(model.className, model.classSection) });
  }
  rows.push({ field: 'school', value: orNull(model.schoolName) ?? orNull(profile.schoolName) });
  if (teacher) rows.push({ field: 'employeeId', value: orNull(profile.employeeId) });
  rows.push(
    { field: 'phone', value: orNull(model.phoneNumber) },
    { field: 'address', value: orNull(model.address) },
    // "9 March 2014" (spec section 3: numeric day, full month name, numeric year; src/ui/dates.ts).
    { field: 'dateOfBirth', value: shortDate(model.dateOfBirth) },
    // Stored as Male, Female or Other (contract/record-formats.ts), shown in the user's language.
    { field: 'gender', value: genderLabel(orNull(model.gender)) },
  );
  return rows;
}

export function isParentProfile(profile: ProfileData, role?: string | null): boolean {
  return role === 'parent' || profile.userType?.toUpperCase() === 'PARENT';
}

/** A parent's own rows: name (from the children's records), e-mail, school; not a child's details. */
export function parentProfileRows(profile: ProfileData, username: string | null): ProfileRow[] {
  return [
    { field: 'name', value: orNull(profile.parentProfile?.name) },
    { field: 'email', value: orNull(username) ?? orNull(profile.username) },
    { field: 'school', value: orNull(profile.studentProfileModel?.schoolName) ?? orNull(profile.schoolName) },
  ];
}

export interface ChildRows {
  id: string;
  name: string;
  rows: ProfileRow[];
}

export function childRows(child: ChildSummary): ChildRows {
  return {
    id: child.studentId,
    name: displayName(child),
    rows: [
      { field: 'admissionId', value: orNull(child.admissionId) },
      { field: 'rollNumber', value: orNull(child.rollNumber) },
      { field: 'classSection', value: classWithSection(child.className, child.classSection) },
    ],
  };
}

/** A parent's children as /settings lists them, from the stored profile. */
export function childrenRows(profile: ProfileData): ChildRows[] {
  return childrenOf(profile).map(childRows);
}

/** The prefilled e-mail of the Delete Account modal's Email Admin button. */
export function deletionMailto(to: string, subject: string, body: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
