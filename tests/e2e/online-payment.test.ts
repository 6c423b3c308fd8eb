/**
 * A parent pays a fee online on a 360 px phone, in Chromium against the production build and a
 * server of this file's own that reaches a Razorpay stand-in on loopback (its API and its checkout
 * script, tests/support/razorpay-stand-in.ts): the admin connects the school's account, the parent
 * ticks the oldest unpaid installment on /student/fees, pays in the stand-in's checkout, reads
 * "Payment received, your receipt is being issued" and then the receipt's number, issued by the
 * school from the gateway's webhook, and opens it: mode online, the gateway's payment id.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentPaths, type PaymentSettings } from '../../contract/payments';
import { feeTexts } from '../../src/features/fees/texts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../support/razorpay-stand-in';
import { chromiumPath } from './support/browser';
import { demoUsername, greenvalley } from './support/demo';
import { admin, api, signInAs, tokenOf, waitForSynced } from './support/offline';
import { layoutReport, settle } from './support/phone-layout';
import { startOwnServer, type OwnServer } from './support/own-server';
import { putOnSchoolClock } from './support/school-clock-env';
import { e2eServer } from './support/server';

const account = { keyId: 'rzp_test_GreenValleyE2E', keySecret: 'e2e-key-secret-0123456789', webhookSecret: 'e2e-webhook-secret-0123456789' };
let gateway: RazorpayStandIn | undefined;
let own: OwnServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  gateway = await startRazorpayStandIn();
  own = await startOwnServer(e2eServer().staticDir, { RAZORPAY_API_URL: gateway.apiUrl, RAZORPAY_CHECKOUT_URL: gateway.checkoutUrl, PAYMENT_POLL_INTERVAL_MS: '0' });
  gateway.addAccount({ ...account, webhookUrl: `${own.baseUrl}${paymentPaths.webhook(greenvalley.tenantId)}` });
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await own?.stop();
  await gateway?.close();
});

describe('online fee payment', () => {
  it(
    'a parent pays the oldest installment on a phone and gets the school’s numbered receipt',
    async () => {
      const baseUrl = own!.baseUrl;
      const adminToken = await tokenOf(baseUrl, admin);
      const settings = await api<PaymentSettings>(baseUrl, 'PUT', paymentPaths.settings, { token: adminToken, body: { provider: 'razorpay', ...account, enabled: true } });
      expect(settings).toMatchObject({ enabled: true, configured: true, checkoutUrl: gateway!.checkoutUrl });

      const context = await browser!.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 740 }, locale: 'en-US' });
      await putOnSchoolClock(context);
      const page = await context.newPage();
      await signInAs(page, demoUsername('parent'));
      await waitForSynced(page);
      await page.goto('/student/fees');
      const panel = page.locator('.fee-pay');
      await panel.getByRole('heading', { name: feeTexts.online.heading }).waitFor();
      await panel.getByRole('checkbox').first().check();
      const payButton = panel.getByRole('button', { name: /^Pay ₹[\d,]+\.\d\d online$/ });
      await payButton.waitFor();
      await settle(page);
      const layout = await layoutReport(page);
      expect(layout.scrollWidth, layout.wide.join('; ')).toBeLessThanOrEqual(360);
      expect(layout.covered).toEqual([]);
      await payButton.click();

      // The stand-in's checkout, loaded from its own origin as Razorpay's would be.
      await page.getByRole('dialog', { name: 'Razorpay Checkout (stand-in)' }).getByRole('button').click();
      const issued = panel.getByRole('status').filter({ hasText: /^Receipt RCPT\/2026-27\/\d{5} issued\./ });
      await issued.waitFor({ timeout: 60_000 });
      const number = /RCPT\/2026-27\/\d{5}/.exec((await issued.textContent()) ?? '')![0];
      const [payment] = [...gateway!.payments.values()];
      expect(payment).toMatchObject({ status: 'captured' });
      expect(gateway!.deliveries.filter((one) => one.status === 200).map((one) => one.event)).toEqual(['payment.captured', 'order.paid']);

      await panel.getByRole('link', { name: feeTexts.online.openReceipt }).click();
      await page.getByText(number).first().waitFor({ timeout: 60_000 });
      await page.getByText(payment!.id).first().waitFor();
      await page.getByText(feeTexts.modes.online).first().waitFor();
      await context.close();
    },
    300_000,
  );
});
