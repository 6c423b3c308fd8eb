/** English texts of the staff attendance screens (the school's answers are in contract/messages.ts). */

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const teacherAttendanceTitles = {
  teacherAttendance: 'Teacher attendance',
  teacherAttendanceMonthly: 'Monthly teacher attendance',
};

export const teacherAttendanceTexts = {
  /** The sync panel's line for a staff attendance sheet waiting or refused (changes.ts). */
  changes: {
    staffSheet: (date: string, teachers: number) => `Staff attendance · ${date} · ${teachers} teacher${teachers === 1 ? '' : 's'}`,
  },
  loading: 'Reading this device’s copy…',
  noEngine: 'Sign in again to mark staff attendance on this device.',
  date: 'Date',
  caption: (date: string) => `Staff on ${date}`,
  defaultPresent: 'Everyone is present unless you change them.',
  statuses: { present: 'Present', absent: 'Absent', half_day: 'Half day', leave: 'Leave' },
  leaveTypes: { casual: 'Casual', sick: 'Sick', earned: 'Earned', other: 'Other' },
  leaveType: 'Leave type',
  remark: 'Remark',
  statusOf: (name: string) => `Attendance of ${name}`,
  leaveTypeOf: (name: string) => `Leave type of ${name}`,
  remarkOf: (name: string) => `Remark for ${name}`,
  save: 'Save attendance',
  unsaved: (count: number) => `${count} change${count === 1 ? '' : 's'} not saved yet.`,
  noStaff: 'No staff on this device yet. They arrive with the first sync.',
  register: 'Monthly register',
  adminsOnly: 'Only admins mark staff attendance. Your own month is in the monthly register.',
  counts: (present: number, away: number) => `${present} present, ${away} away or on leave`,
  sunday: 'This date is a Sunday.',
  holiday: (title: string) => `This date is a holiday: ${title}.`,
  monthly: {
    previous: 'Previous month',
    next: 'Next month',
    print: 'Print',
    csv: 'Export CSV',
    caption: (month: string) => `Staff register, ${month}`,
    workingDays: (count: number) => `${count} working days`,
    name: 'Name',
    employeeId: 'Employee ID',
    present: 'Present',
    absent: 'Absent',
    halfDays: 'Half days',
    casual: 'CL',
    sick: 'SL',
    earned: 'EL',
    other: 'OL',
    attended: 'Days attended',
    unmarked: 'Not marked',
    legend: 'P present, A absent, ½ half day, CL/SL/EL/OL casual, sick, earned, other leave; shaded: Sunday or holiday.',
    badMonth: 'This is not a month. Use the month buttons.',
    holidayTitle: (date: string, title: string) => `${date}: ${title}`,
  },
};
