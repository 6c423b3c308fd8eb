/** The accounts module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { accountManagementRoutes } from './manage';
import { accountRoutes } from './routes';

const routes: ZodPlugin = async (app) => {
  await app.register(accountRoutes);
  await app.register(accountManagementRoutes);
};

export const accountsModule = defineModule({
  name: 'accounts',
  summary: 'Approving registrations, and managing the accounts of a school.',
  routes,
});
