/** Every API module, registered under /api by app.ts. A new module adds one line here. */
import type { FastifyPluginAsync } from 'fastify';
import { accountManagementRoutes } from './accounts/manage';
import { accountRoutes } from './accounts/routes';
import { admissionRoutes } from './admissions/routes';
import { attendanceRoutes } from './attendance/routes';
import { authRoutes } from './auth/routes';
import { certificateRoutes } from './certificates/routes';
import { classSubjectRoutes } from './class-subjects/routes';
import { classRoutes } from './classes/routes';
import { contactedClientRoutes } from './contacted-clients/routes';
import { healthRoutes } from './health/routes';
import { importRoutes } from './imports/routes';
import { operatorRoutes } from './operators/routes';
import { passwordRoutes } from './password/routes';
import { schoolRoutes } from './schools/routes';
import { studentRoutes } from './students/routes';
import { subjectRoutes } from './subjects/routes';
import { syncRoutes } from './sync/routes';
import { teacherRoutes } from './teachers/routes';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  schoolRoutes,
  authRoutes,
  accountRoutes,
  classRoutes,
  studentRoutes,
  teacherRoutes,
  subjectRoutes,
  classSubjectRoutes,
  admissionRoutes,
  certificateRoutes,
  accountManagementRoutes,
  importRoutes,
  attendanceRoutes,
  syncRoutes,
  contactedClientRoutes,
  operatorRoutes,
  passwordRoutes,
];
