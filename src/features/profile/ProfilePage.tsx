/**
 * /admin/profile (admin, teacher) and /student/profile (student, parent): the profile of spec
 * sections 2 and 3 (name, email, admission id, roll number, class with section, school, employee id
 * for teachers, phone, address, date of birth, gender). Read from the session profile and the
 * mirror only, so it opens offline; a parent sees each child with class, and a family each child's
 * class in every year the school turned over. Password changes are on /settings.
 */
import { say, t, useLanguage } from '../../i18n';
import { Link } from 'react-router';
import { messages } from '../../../contract/messages';
import type { KakshaDb } from '../../../sync';
import { areaHomePath } from '../../session/login-redirect';
import { teacherIdOf, type ProfileData } from '../../session/profile';
import { useSessionSnapshot } from '../../session/use-session';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { settingsPath } from '../../navigation/sections';
import { ProfileList } from '../../kit/ProfileList';
import { StaffMonthPanel } from './StaffMonth';
import { StaffLeavePanel } from './StaffLeave';
import { profileView, type MirrorPart } from './profile-view';
import { profileTexts as text, profileTitles } from './texts';
import '../../kit/profile.css';
import { studentsTable } from '../../../sync/modules/students';
import { classesTable } from '../../../sync/modules/classes';
import { teachersTable } from '../../../sync/modules/teachers';
import { studentYearsTable, type StudentYearRow } from '../../../sync/modules/years';
import { academicYearLabel } from '../../../contract/admission';
import { classLabel } from '../../../contract/class-label';
import { readSchoolYears, type SchoolYears } from '../../kit/school-year';

/** Only what this user's profile needs: a staff mirror holds the whole school. */
async function readMirror(db: KakshaDb, role: string | undefined, profile: ProfileData | null): Promise<MirrorPart & { pastYears: StudentYearRow[]; years?: SchoolYears }> {
  if (role === 'student' || role === 'parent') {
    const [students, classes, pastYears, years] = await Promise.all([
      db.tableOf(studentsTable).toArray(),
      db.tableOf(classesTable).toArray(),
      db.tableOf(studentYearsTable).toArray(),
      readSchoolYears(db),
    ]);
    return { students, classes, teachers: [], pastYears, years };
  }
  const teacherId = teacherIdOf(profile);
  const teacher = teacherId ? await db.tableOf(teachersTable).get(teacherId) : undefined;
  return { students: [], classes: [], teachers: teacher ? [teacher] : [], pastYears: [] };
}

/** Each student's class this year and in every closed year the device holds, newest first. */
function YearsPanel({ mirror }: { mirror: MirrorPart & { pastYears: StudentYearRow[]; years?: SchoolYears } }) {
  const current = mirror.years?.current;
  if (current === undefined || mirror.pastYears.length === 0) return null;
  const classOf = (id: string | null | undefined) => {
    const row = mirror.classes.find((one) => one.id === id);
    return row ? classLabel(row.className, row.classSection) : '—';
  };
  return (
    <section className="panel settings-panel" aria-labelledby="profile-years">
      <h2 id="profile-years">{text.yearsHeading}</h2>
      {mirror.students.map((student) => {
        const past = mirror.pastYears.filter((row) => row.studentId === student.id).sort((a, b) => b.academicYear - a.academicYear);
        const name = `${student.firstName} ${student.lastName}`.trim();
        return (
          <div key={student.id}>
            {mirror.students.length > 1 && <h3 id={`profile-years-${student.id}`}>{text.yearsOf({ name })}</h3>}
            <ul className="profile-years" aria-label={text.yearsOf({ name })}>
              <li>{text.thisYear({ year: academicYearLabel(current), className: classOf(student.classId) })}</li>
              {past.map((row) => (
                <li key={row.id}>{text.pastYear({ year: academicYearLabel(row.academicYear), className: classLabel(row.className, row.classSection) || classOf(row.classId), outcome: row.outcome })}</li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

export default function ProfilePage({ area }: { area: 'admin' | 'student' }) {
  useLanguage();
  const { session } = useSessionSnapshot();
  const role = session?.role;
  const profile = session?.profile ?? null;
  const mirror = useMirrorQuery((db) => readMirror(db, role, profile), [role, profile]);
  const title = profileTitles.profile;
  const view = session && profile ? profileView(role, profile, session.username, mirror) : null;

  return (
    <main className="page settings-page profile-page">
      <PageHeader title={title} backTo={areaHomePath(role)} />
      <section className="panel settings-panel" aria-labelledby="profile-heading">
        <h2 id="profile-heading">{t.settings.profileHeading}</h2>
        {view ? (
          <ProfileList rows={view.rows} />
        ) : (
          <p className="alert alert-info" role="status">
            {say(messages.settings.noData)}
          </p>
        )}
      </section>

      {view?.children && (
        <section className="panel settings-panel" aria-labelledby="profile-children">
          <h2 id="profile-children">{text.childrenHeading}</h2>
          {view.children.length === 0 ? (
            <p className="alert alert-info">{text.noChildren}</p>
          ) : (
            <ul className="profile-children">
              {view.children.map((child) => (
                <li key={child.id} className="profile-child">
                  <h3 id={`profile-child-${child.id}`}>{child.name}</h3>
                  <ProfileList rows={child.rows} labelledBy={`profile-child-${child.id}`} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {area === 'student' && mirror && <YearsPanel mirror={mirror} />}

      {area === 'admin' && <StaffMonthPanel />}
      {area === 'admin' && <StaffLeavePanel />}

      <section className="panel settings-panel" aria-labelledby="profile-password">
        <h2 id="profile-password">{text.passwordHeading}</h2>
        <p>{text.passwordHint}</p>
        <Link to={settingsPath} className="btn btn-secondary">
          {text.toSettings}
        </Link>
      </section>
    </main>
  );
}
