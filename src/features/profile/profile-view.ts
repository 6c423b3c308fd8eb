/**
 * What /admin/profile and /student/profile show: the settings page's profile rows (profile-rows.ts),
 * built from the session profile with the user's own record from the mirror laid over it, so the
 * page shows the school's latest details once a sync brought them, and opens offline either way.
 * A parent's profile lists each child (from the mirror: exactly the parent's children) with class.
 */
import type { ClassRow, StudentRow, TeacherRow } from '../../../sync';
import { teacherIdOf, type ProfileData } from '../../session/profile';
import { childRows, childrenRows, parentProfileRows, profileRows, type ChildRows, type ProfileRow } from '../../kit/profile-rows';

export interface MirrorPart {
  students: StudentRow[];
  teachers: TeacherRow[];
  classes: ClassRow[];
}

export type ChildView = ChildRows;

export interface ProfileView {
  rows: ProfileRow[];
  /** Parents only: their children; null for everyone else. */
  children: ChildView[] | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

function classOf(classes: ClassRow[], classId: string | null) {
  return classes.find((row) => row.id === classId);
}

/** The profile entry of a student record from the mirror (own record, or a parent's child). */
function studentProfile(base: ProfileData, student: StudentRow, classes: ClassRow[]): ProfileData {
  const schoolClass = classOf(classes, student.classId);
  const model = base.studentProfileModel ?? {};
  return {
    ...base,
    firstName: student.firstName,
    lastName: student.lastName,
    studentId: student.id,
    admissionId: student.admissionId,
    rollNumber: text(student.rollNumber),
    classId: student.classId,
    studentProfileModel: {
      ...model,
      className: schoolClass?.className ?? text(student.className) ?? (student.classId === base.classId ? model.className : null),
      classSection: schoolClass?.classSection ?? text(student.classSection) ?? (student.classId === base.classId ? model.classSection : null),
      phoneNumber: text(student.phoneNumber),
      address: text(student.address),
      dateOfBirth: text(student.dateOfBirth),
      gender: text(student.gender),
    },
  };
}

function teacherProfile(base: ProfileData, teacher: TeacherRow): ProfileData {
  return {
    ...base,
    firstName: teacher.firstName,
    lastName: teacher.lastName,
    employeeId: teacher.employeeId,
    teacherProfileModel: {
      ...(base.teacherProfileModel ?? {}),
      phoneNumber: text(teacher.phoneNumber),
      address: text(teacher.address),
      dateOfBirth: text(teacher.dateOfBirth),
      gender: text(teacher.gender),
    },
  };
}

const compareNames = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
  `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`);

function childView(child: ProfileData): ChildView {
  const model = child.studentProfileModel ?? {};
  return childRows({ ...child, studentId: child.studentId ?? '', className: model.className, classSection: model.classSection });
}

/**
 * The profile of the signed-in user. `mirror` undefined: the mirror is not read yet (or there is no
 * engine); the session profile alone is shown then.
 */
export function profileView(role: string | undefined, profile: ProfileData, username: string, mirror: MirrorPart | undefined): ProfileView {
  if (role === 'parent') {
    // The stored profile is the first child's entry: the parent's own rows are the parent's.
    const rows = parentProfileRows(profile, username);
    const children =
      mirror && mirror.students.length > 0
        ? [...mirror.students].sort(compareNames).map((student) => childView(studentProfile(profile, student, mirror.classes)))
        : childrenRows(profile);
    return { rows, children };
  }
  if (role === 'student') {
    const own = mirror?.students.find((row) => row.id === profile.studentId) ?? (mirror?.students.length === 1 ? mirror.students[0] : undefined);
    return { rows: profileRows(own && mirror ? studentProfile(profile, own, mirror.classes) : profile, username), children: null };
  }
  const teacherId = teacherIdOf(profile);
  const teacher = teacherId ? mirror?.teachers.find((row) => row.id === teacherId) : undefined;
  return { rows: profileRows(teacher ? teacherProfile(profile, teacher) : profile, username), children: null };
}
