/** The leave module's descriptor (docs/adding-a-module.md). */
import { leavePaths } from '../../../contract/leave';
import { defineModule } from '../../module-kit/module';
import { leaveAttachmentInUse, leaveRoutes } from './routes';
import { leaveSyncSource } from './sync-source';

export const leaveModule = defineModule({
  name: 'leave',
  summary: 'Leave: a family applies for a child, a teacher for herself; approved leave flows into attendance, alerts and cover.',
  routes: leaveRoutes,
  syncSources: [leaveSyncSource],
  paths: leavePaths,
  // An application's certificate names bytes in the attachment store (server/files/).
  attachmentDigests: leaveAttachmentInUse,
});
