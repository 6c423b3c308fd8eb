/** The online payments module's descriptor (docs/adding-a-module.md). */
import { paymentPaths } from '../../../contract/payments';
import { defineModule } from '../../module-kit/module';
import { paymentRoutes } from './routes';

export const paymentsModule = defineModule({
  name: 'payments',
  summary: "Online fee payment through each school's Razorpay account: orders, the webhook that issues receipts, refunds.",
  routes: paymentRoutes,
  paths: paymentPaths,
});
