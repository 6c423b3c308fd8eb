/** The dashboards' figures in the school's words. */
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const dashboardTexts = {
  todayHeading: 'Today at a glance',
  loading: 'Reading this device…',
  attendance: {
    heading: 'Students today',
    present: 'Present',
    absent: 'Absent',
    notMarked: 'Not yet marked',
    closed: (count: number) => `${plural(count, 'class', 'classes')} closed today (holiday)`,
    closedAll: 'No school today (holiday or Sunday)',
    classesHeading: 'Classes not yet marked',
    allMarked: 'Every class open today is marked.',
    mark: (name: string) => `Mark ${name}`,
    openRegister: 'Open class attendance',
    waiting: (count: number) => `${plural(count, 'sheet', 'sheets')} marked on this device, waiting to reach the school`,
  },
  staff: {
    heading: 'Teachers today',
    notMarked: 'Staff attendance not marked yet today',
    noneAway: 'No teacher absent today',
    away: (count: number) => `${plural(count, 'teacher', 'teachers')} absent`,
    status: { absent: 'absent', leave: 'on leave', present: 'present', half_day: 'half day' } as Record<string, string>,
    uncovered: (count: number) => (count === 0 ? 'Every period covered' : `${plural(count, 'period', 'periods')} without a substitute`),
    uncoveredLine: (period: string, time: string, klass: string, subject: string) => `${period} (${time}), ${klass}${subject ? `, ${subject}` : ''}`,
    open: 'Open staff attendance',
    openTimetable: 'Arrange substitutes',
  },
  fees: {
    heading: 'Fees collected today',
    total: 'Total',
    receipts: (count: number) => plural(count, 'receipt', 'receipts'),
    open: 'Open fee collection',
  },
  homework: {
    heading: 'Homework due today',
    none: 'No homework due today',
    open: 'Open homework',
  },
  events: {
    heading: 'This week',
    none: 'Nothing on the calendar this week',
    open: 'Open events',
  },
  teacher: {
    heading: 'My classes today',
    noClasses: 'No classes are assigned to you yet.',
  },
} as const;

export const trendTexts = {
  heading: 'Trends',
  dailyHeading: (days: number) => `Attendance over the last ${days} school days`,
  summary: (average: number, lowestDay: string, lowest: number) => `Average ${average}%; lowest ${lowest}% on ${lowestDay}.`,
  noMarks: 'No attendance marked in these days.',
  notMarked: 'not marked',
  date: 'Date',
  percent: 'Present',
  classHeading: 'Classes this month, lowest first',
  allClasses: (count: number) => `All ${count} classes`,
};

export const standingTexts = {
  feesHeading: 'Fees this year',
  nothingDue: 'No fee has fallen due yet this year.',
  collected: (percent: number) => `${percent}% collected`,
  ofDue: (collected: string, due: string) => `${collected} of ${due} due by today`,
  defaulters: (count: number) => (count === 0 ? 'No student overdue' : count === 1 ? '1 student overdue' : `${count} students overdue`),
  examHeading: (name: string) => `Results: ${name}`,
  examHeadingNone: 'Results',
  noResults: 'No exam results published yet.',
  examCaption: 'Pass percentage and average per class, lowest pass percentage first',
  klass: 'Class',
  pass: 'Passed',
  average: 'Average',
};

export const teacherDayTexts = {
  heading: 'My periods today',
  none: 'No period of yours today.',
  line: (time: string, period: string, subject: string) => `${time}, ${period}${subject ? `, ${subject}` : ''}:`,
  substitute: '(covering)',
};

export const noticeTexts = {
  heading: 'Last notification',
  none: 'No notification sent yet.',
  readBy: (read: number, of: number, percent: number | null) => `Read by ${read} of ${of}${percent === null ? '' : ` (${percent}%)`}`,
  noFigures: 'Read figures come with the next sync.',
};

export const workTexts = {
  heading: 'Work to finish',
  homeworkHeading: 'Homework to check',
  noHomework: 'No homework of yours fell due this week.',
  homeworkLine: (due: string, done: number, of: number) => `due ${due}: ${done} of ${of} done`,
  gridsHeading: 'Marks grids not finished',
  noGrids: 'Every marks grid of yours is complete.',
  gridLine: (empty: number, of: number) => `${empty} of ${of} ${of === 1 ? 'cell' : 'cells'} empty`,
};
