/**
 * Every server module, one descriptor a line (server/module-kit/module.ts). app.ts registers their
 * routes under /api, the sync pull reads their sync sources, the imports module serves their
 * importers and /api/docs tags their routes. A new module adds one line here.
 */
import type { ServerModule } from '../module-kit/module';
import { accountsModule } from './accounts/module';
import { admissionsModule } from './admissions/module';
import { attendanceModule } from './attendance/module';
import { authModule } from './auth/module';
import { certificatesModule } from './certificates/module';
import { classSubjectsModule } from './class-subjects/module';
import { classesModule } from './classes/module';
import { contactedClientsModule } from './contacted-clients/module';
import { docsModule } from './docs/module';
import { examsModule } from './exams/module';
import { feesModule } from './fees/module';
import { paymentsModule } from './payments/module';
import { leaveModule } from './leave/module';
import { eventsModule } from './events/module';
import { healthModule } from './health/module';
import { homeworkModule } from './homework/module';
import { importsModule } from './imports/module';
import { operatorsModule } from './operators/module';
import { passwordModule } from './password/module';
import { schoolsModule } from './schools/module';
import { sharedModule } from './shared/module';
import { studentsModule } from './students/module';
import { notificationsModule } from './notifications/module';
import { messagingModule } from './messaging/module';
import { subjectsModule } from './subjects/module';
import { syncModule } from './sync/module';
import { teacherAttendanceModule } from './teacher-attendance/module';
import { teachersModule } from './teachers/module';
import { timetableModule } from './timetable/module';
import { yearsModule } from './years/module';

export const serverModules: readonly ServerModule[] = [
  healthModule,
  schoolsModule,
  authModule,
  accountsModule,
  classesModule,
  studentsModule,
  teachersModule,
  subjectsModule,
  classSubjectsModule,
  admissionsModule,
  certificatesModule,
  importsModule,
  attendanceModule,
  homeworkModule,
  feesModule,
  paymentsModule,
  timetableModule,
  teacherAttendanceModule,
  leaveModule,
  notificationsModule,
  messagingModule,
  examsModule,
  eventsModule,
  yearsModule,
  syncModule,
  contactedClientsModule,
  sharedModule,
  operatorsModule,
  passwordModule,
  docsModule,
];
