/**
 * Notifications of the last four weeks in a demo school: school-wide ones and ones to parents,
 * students and staff from the admin, and ones to the demo children's classes (from the admin) and
 * the demo teacher's classes (from her). The demo parent has read what reached them more than a
 * week ago; the newer ones are unread. No clock but `today`: the same day gives the same rows.
 */
import type { notificationReads, notifications } from '../modules/notifications/tables';
import { stableUuid } from './random';

export type NotificationRow = typeof notifications.$inferInsert;
export type NotificationReadRow = typeof notificationReads.$inferInsert;

export interface NotificationSource {
  tenantId: string;
  adminId: string;
  teacherId: string;
  parentId: string;
  /** The demo children's classes (the parent's audience). */
  familyClassIds: readonly string[];
  /** Classes the demo teacher teaches. */
  teacherClassIds: readonly string[];
}

type Plan = { daysAgo: number; title: string; message: string; link?: string } & (
  | { to: 'school' }
  | { to: 'roles'; roles: ('staff' | 'students' | 'parents')[] }
  | { to: 'family' }
  | { to: 'teacher' }
);

const plans: Plan[] = [
  { daysAgo: 27, to: 'school', title: 'Annual Sports Day', message: 'Sports Day is on the school ground next Saturday from 8 am. Students come in house T-shirts.' },
  { daysAgo: 24, to: 'roles', roles: ['parents'], title: 'Parent-teacher meeting', message: 'Meet the class teachers on Saturday between 9 am and 12 noon. Please bring the progress card.' },
  { daysAgo: 22, to: 'family', title: 'Class test on Monday', message: 'A class test in Mathematics on Monday, chapters 1 to 3.', link: '/student/homework' },
  { daysAgo: 20, to: 'roles', roles: ['staff'], title: 'Staff meeting', message: 'Staff meeting in the library at 3:30 pm today.' },
  { daysAgo: 17, to: 'teacher', title: 'Science project', message: 'Project charts are due by Friday. Use materials at home; no need to buy anything.', link: '/student/homework' },
  { daysAgo: 15, to: 'roles', roles: ['students'], title: 'Winter uniform', message: 'Winter uniform (blazer and sweater) from Monday.' },
  { daysAgo: 13, to: 'roles', roles: ['parents'], title: 'Fee reminder', message: 'The second term fee is due by the 10th. Please pay at the office or online.' },
  { daysAgo: 10, to: 'school', title: 'School closed on Monday', message: 'The school will remain closed on Monday for the local election.' },
  { daysAgo: 8, to: 'family', title: 'Educational trip', message: 'A trip to the science centre next Thursday. Consent forms to be returned by Monday.' },
  { daysAgo: 5, to: 'teacher', title: 'Reading week', message: 'Each student brings one storybook from home this week for the class library.' },
  { daysAgo: 3, to: 'school', title: 'Inter-house quiz', message: 'The inter-house quiz finals are on Friday in the assembly hall.' },
  { daysAgo: 1, to: 'family', title: 'Unit test timetable', message: 'The unit test timetable is on the notice board and in the homework section.', link: '/student/homework' },
];

const day = 86_400_000;

export function generateNotifications(source: NotificationSource, today: string) {
  const rows: NotificationRow[] = [];
  const reads: NotificationReadRow[] = [];
  const start = Date.parse(`${today}T00:00:00Z`);
  plans.forEach((plan, index) => {
    // 9:30 am IST on that day.
    const publishAt = new Date(start - plan.daysAgo * day + 4 * 3600_000);
    const fromTeacher = plan.to === 'teacher';
    const classIds = plan.to === 'family' ? source.familyClassIds : plan.to === 'teacher' ? source.teacherClassIds : [];
    if (classIds.length === 0 && (plan.to === 'family' || plan.to === 'teacher')) return;
    const id = stableUuid(source.tenantId, 'notification', index);
    rows.push({
      id,
      tenantId: source.tenantId,
      title: plan.title,
      message: plan.message,
      link: plan.link ?? null,
      audienceKind: plan.to === 'family' || plan.to === 'teacher' ? 'classes' : plan.to,
      audienceClassIds: [...classIds],
      audienceRoles: plan.to === 'roles' ? plan.roles : [],
      audienceUserIds: [],
      publishAt,
      published: true,
      sentBy: fromTeacher ? source.teacherId : source.adminId,
    });
    const reachesParent =
      plan.to === 'school' ||
      plan.to === 'family' ||
      (plan.to === 'roles' && plan.roles.includes('parents')) ||
      (plan.to === 'teacher' && classIds.some((classId) => source.familyClassIds.includes(classId)));
    if (reachesParent && plan.daysAgo > 7) {
      reads.push({
        id: stableUuid(source.tenantId, 'notification-read', index, source.parentId),
        tenantId: source.tenantId,
        notificationId: id,
        userId: source.parentId,
        readAt: new Date(publishAt.getTime() + 6 * 3600_000),
      });
    }
  });
  return { notifications: rows, reads };
}
