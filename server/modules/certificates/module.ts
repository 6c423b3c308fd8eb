/** The certificates module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { certificateRoutes } from './routes';
import { certificatesSyncSource } from './sync-source';

export const certificatesModule = defineModule({
  name: 'certificates',
  summary: 'Bonafide, transfer and student details certificates, numbered per kind.',
  routes: certificateRoutes,
  syncSources: [certificatesSyncSource],
});
