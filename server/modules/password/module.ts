/** The password module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { passwordRoutes } from './routes';

export const passwordModule = defineModule({
  name: 'password',
  summary: 'Password reset by e-mailed code, and password change.',
  routes: passwordRoutes,
});
