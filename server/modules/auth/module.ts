/** The auth module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { authRoutes } from './routes';

export const authModule = defineModule({
  name: 'auth',
  summary: 'Sign-in, token refresh, registration and its e-mailed code.',
  routes: authRoutes,
});
