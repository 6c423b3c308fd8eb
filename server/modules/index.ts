/** Every API module, registered under /api by app.ts. A new module adds one line here. */
import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './accounts/routes';
import { attendanceRoutes } from './attendance/routes';
import { authRoutes } from './auth/routes';
import { classRoutes } from './classes/routes';
import { contactedClientRoutes } from './contacted-clients/routes';
import { healthRoutes } from './health/routes';
import { operatorRoutes } from './operators/routes';
import { passwordRoutes } from './password/routes';
import { schoolRoutes } from './schools/routes';
import { syncRoutes } from './sync/routes';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  schoolRoutes,
  authRoutes,
  accountRoutes,
  classRoutes,
  attendanceRoutes,
  syncRoutes,
  contactedClientRoutes,
  operatorRoutes,
  passwordRoutes,
];
