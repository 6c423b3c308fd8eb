/** The homework module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { homeworkPaths } from '../../../contract/homework';
import { defineModule } from '../../module-kit/module';
import { homeworkRepository } from './repository';
import { homeworkRoutes } from './routes';
import { homeworkDoneSyncSource, homeworkSyncSource } from './sync-source';

export const homeworkModule = defineModule({
  name: 'homework',
  summary: 'Homework given to a class for a subject, its attachments, and students’ done marks.',
  routes: homeworkRoutes,
  syncSources: [homeworkSyncSource, homeworkDoneSyncSource],
  paths: homeworkPaths,
  // Its attachments name bytes in the attachment store (server/files/).
  attachmentDigests: (db, tenantId, sha256) => homeworkRepository.digestInUse(db, tenantId, sha256),
});
