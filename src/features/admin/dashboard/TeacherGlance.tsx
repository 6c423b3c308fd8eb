/** /admin for a teacher: her own classes today (periods, not yet marked, homework to check and due, marks grids to finish), from the device's mirror. */
import { useMemo } from 'react';
import { useStaffAccess } from '../../../kit/access';
import { useMirrorQueryAfterFirstSync } from '../../../sync-binding/use-mirror-query';
import { AsOf } from '../../../kit/AsOf';
import { WaitForFirstSync } from '../../../kit/WaitForFirstSync';
import { AttendancePanel } from './AttendancePanel';
import { PeriodsPanel } from './PeriodsPanel';
import { periodsToday, sheetsWaiting } from './teacher-day';
import { gridsToFinish, homeworkToCheck, readTeacherWork } from './teacher-work';
import { WorkPanel } from './WorkPanel';
import { EventsPanel, HomeworkDuePanel } from './DuePanel';
import { dashboardTexts } from './texts';
import { eventsThisWeek, isoToday } from '../../../kit/dashboard-day';
import { attendanceToday, homeworkDueOn, readTeacherToday } from './today';
import { useLanguage } from '../../../i18n';
import '../../../ui/glance.css';

/** Her classes' day: "no classes are assigned to you" is only said once these have arrived. */
const teacherGlanceNeeds = ['classes', 'classSubjects', 'students', 'attendance', 'timetable', 'homework', 'homeworkDone', 'marks', 'events'] as const;

export function TeacherGlance() {
  useLanguage();
  const today = isoToday();
  const { teacherId } = useStaffAccess();
  const mirror = useMirrorQueryAfterFirstSync(
    async (db) => ({
      ...(await readTeacherToday(db, today, teacherId)),
      outbox: await db.outbox.toArray(),
      work: teacherId ? await readTeacherWork(db, teacherId, today) : null,
    }),
    [today, teacherId],
  );
  const figures = useMemo(
    () =>
      mirror && {
        attendance: attendanceToday(mirror, today, mirror.mine),
        homework: homeworkDueOn(mirror.homework, today, mirror.mine),
        events: eventsThisWeek(mirror.events),
        periods: teacherId ? periodsToday(mirror, teacherId, today) : [],
        waiting: sheetsWaiting(mirror.outbox),
        toCheck: mirror.work && teacherId ? homeworkToCheck({ ...mirror.work, students: mirror.students }, teacherId, today) : [],
        grids: mirror.work && teacherId ? gridsToFinish({ ...mirror.work, students: mirror.students, classes: mirror.classes }, teacherId, today) : [],
      },
    [mirror, today, teacherId],
  );
  return (
    <section className="glance" aria-labelledby="glance-heading">
      <div className="glance-head">
        <h2 id="glance-heading">{dashboardTexts.teacher.heading}</h2>
        <AsOf />
      </div>
      <WaitForFirstSync needs={teacherGlanceNeeds}>
        {!mirror || !figures ? (
          <p role="status">{dashboardTexts.loading}</p>
        ) : mirror.mine.size === 0 ? (
          <p>{dashboardTexts.teacher.noClasses}</p>
        ) : (
          <div className="glance-grid">
            <PeriodsPanel periods={figures.periods} mirror={mirror} today={today} />
            <AttendancePanel figures={figures.attendance} today={today} waiting={figures.waiting.length} />
            <WorkPanel homework={figures.toCheck} grids={figures.grids} classes={mirror.classes} subjects={mirror.subjects} />
            <HomeworkDuePanel homework={figures.homework} classes={mirror.classes} subjects={mirror.subjects} to="/admin/homework" />
            <EventsPanel events={figures.events} to="/admin/events" />
          </div>
        )}
      </WaitForFirstSync>
    </section>
  );
}
