/** /admin for an admin: today at a glance over the whole school, from the device's mirror. */
import { useMemo } from 'react';
import { useMirrorQueryAfterFirstSync } from '../../../sync-binding/use-mirror-query';
import { AsOf } from '../../../kit/AsOf';
import { useArrived } from '../../../sync-binding/hooks';
import { WaitForFirstSync } from '../../../kit/WaitForFirstSync';
import { AttendancePanel } from './AttendancePanel';
import { EventsPanel, HomeworkDuePanel } from './DuePanel';
import { FeesPanel } from './FeesPanel';
import { NoticePanel } from './NoticePanel';
import { lastNoticeReads, readLastNotice } from './notice-reads';
import { StaffPanel } from './StaffPanel';
import { TrendsPanel } from './TrendsPanel';
import { dashboardTexts } from './texts';
import { eventsThisWeek, isoToday } from '../../../kit/dashboard-day';
import { attendanceToday, feesToday, homeworkDueOn, readToday, staffToday } from './today';
import { useLanguage } from '../../../i18n';
import '../../../ui/glance.css';

/** What the school's day at a glance is made of: no figure shows before these have arrived. */
const adminGlanceNeeds = ['classes', 'students', 'attendance', 'teachers', 'teacherAttendance', 'feeReceipts', 'homework', 'events', 'notifications', 'timetable'] as const;

export function AdminGlance() {
  useLanguage();
  const today = isoToday();
  const arrived = useArrived();
  const mirror = useMirrorQueryAfterFirstSync((db) => readToday(db, today), [today]);
  const notices = useMirrorQueryAfterFirstSync((db) => readLastNotice(db, new Date().toISOString()), []);
  const notice = useMemo(() => notices && lastNoticeReads(notices.notifications, notices.counts, new Date().toISOString()), [notices]);
  const figures = useMemo(
    () =>
      mirror && {
        attendance: attendanceToday(mirror, today),
        staff: staffToday(mirror, today),
        fees: feesToday(mirror.receipts, today),
        homework: homeworkDueOn(mirror.homework, today),
        events: eventsThisWeek(mirror.events),
      },
    [mirror, today],
  );
  return (
    <>
      <section className="glance" aria-labelledby="glance-heading">
        <div className="glance-head">
          <h2 id="glance-heading">{dashboardTexts.todayHeading}</h2>
          <AsOf />
        </div>
        <WaitForFirstSync needs={adminGlanceNeeds}>
          {!mirror || !figures ? (
            <p role="status">{dashboardTexts.loading}</p>
          ) : (
            <div className="glance-grid">
              <AttendancePanel figures={figures.attendance} today={today} />
              <StaffPanel figures={figures.staff} mirror={mirror} today={today} />
              <FeesPanel figures={figures.fees} />
              <HomeworkDuePanel homework={figures.homework} classes={mirror.classes} subjects={mirror.subjects} to="/admin/homework" />
              <EventsPanel events={figures.events} to="/admin/events" />
              {notices && <NoticePanel figures={notice ?? null} />}
            </div>
          )}
        </WaitForFirstSync>
      </section>
      {/* After today's figures (read beside them, the trends' thousand counts delayed the first figure by a
          quarter, bench:dashboard side by side); the year's standing reads after the trends. */}
      {figures && arrived && <TrendsPanel today={today} />}
    </>
  );
}
