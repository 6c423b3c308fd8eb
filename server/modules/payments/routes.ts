/**
 * Online fee payment's routes (docs/api.md "Online fee payment"). A family starts an order for
 * chosen dues; the server prices it from the dues it knows, creates the gateway's order with the
 * school's keys and answers what the checkout needs (never a secret). The checkout's signature only
 * updates what the payer sees; the gateway's webhook (or the poller) issues the receipt. The office
 * lists every order with its flags and refunds through the gateway.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import {
  checkoutResultSchema,
  convenienceCharge,
  orderInputSchema,
  orderSchema,
  paymentListQuerySchema,
  paymentMessages,
  paymentPaths,
  paymentSettingsInputSchema,
  paymentSettingsSchema,
  refundInputSchema,
  unmatchedPaymentSchema,
  type PaymentOrder,
} from '../../../contract/payments';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { canSeeStudent } from '../../module-kit/scope';
import { created, ok, okList, okPage } from '../../module-kit/responses';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin, ZodTypeProvider } from '../../plugins/zod-validation';
import { sealSecret } from '../../stored-secrets';
import type { AuthUser } from '../../types';
import { cancelOnlineReceipt, priceOnlineChoice } from '../fees/online';
import { orderById, orderPage } from './orders';
import { registerPaymentPoller } from './poller';
import { checkoutSignatureValid, GatewayError } from './razorpay-client';
import { gatewayOf, settingsAnswer, settingsRow } from './settings';
import { gatewayPayments, paymentOrders, paymentSettings } from './tables';
import { receiveWebhook } from './webhook';

const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const adminRead = { access: ['admin'] } as const;
/** Those who may pay a student's fees: the family (a parent of the child, the student) and admins. */
const payers = { access: ['admin', 'parent', 'student'], idempotency: 'runWrite' } as const;
const payerRead = { access: ['admin', 'parent', 'student'] } as const;
const orderParams = z.object({ id: z.uuid(paymentMessages.orderNotFound) });
const tenantParams = z.object({ tenantId: z.string().min(1).max(64) });

/** The largest webhook body read (Razorpay's events are a few kilobytes). */
const webhookBodyLimit = 64 * 1024;

function gatewayFailure(error: unknown): never {
  if (error instanceof GatewayError) throw new AppError(502, error.kind === 'refused' ? paymentMessages.gatewayRefused : paymentMessages.gatewayUnreachable);
  throw error;
}

const webhookUrlOf = (request: FastifyRequest, tenantId: string) => `${request.protocol}://${request.host}${paymentPaths.webhook(tenantId)}`;

export const paymentRoutes: ZodPlugin = async (app) => {
  registerPaymentPoller(app);
  const key = app.keys.storedSecrets;
  const { razorpayApiUrl: apiUrl, razorpayCheckoutUrl: checkoutUrl } = app.config.payments;

  /** An order the signed-in user may see: an admin's school's any, a family's own child's. */
  async function visibleOrder(user: AuthUser, id: string): Promise<PaymentOrder> {
    const order = await orderById(app.db, user.tenantId, id);
    if (!order || !(await canSeeStudent(app.db, user, order.studentId))) throw notFound(paymentMessages.orderNotFound);
    return order;
  }

  app.get(routeOf(paymentPaths.settings), { config: { access: 'signedIn' }, schema: { response: ok(paymentSettingsSchema) } }, async (request, reply) => {
    const user = userOf(request);
    const row = await settingsRow(app.db, user.tenantId);
    const webhookUrl = user.role === 'admin' ? webhookUrlOf(request, user.tenantId) : '';
    return sendEnvelope(reply, 200, messages.common.ok, settingsAnswer(row, { webhookUrl, checkoutUrl }));
  });

  app.put(routeOf(paymentPaths.settings), { config: adminWrite, schema: { response: ok(paymentSettingsSchema), body: paymentSettingsInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { keySecret, webhookSecret, ...rest } = request.body;
      const stored = await settingsRow(tx, tenantId);
      const keySecretSealed = keySecret ? sealSecret(key, tenantId, keySecret) : (stored?.keySecretSealed ?? null);
      const webhookSecretSealed = webhookSecret ? sealSecret(key, tenantId, webhookSecret) : (stored?.webhookSecretSealed ?? null);
      // A new key id needs its own secret: the stored one belongs to the old key.
      const keyChanged = stored !== undefined && stored.keyId !== rest.keyId && !keySecret;
      if (keyChanged || (rest.enabled && (!keySecretSealed || !webhookSecretSealed))) {
        throw badRequest(paymentMessages.secretsNeeded, { fieldErrors: { [keySecretSealed && !keyChanged ? 'webhookSecret' : 'keySecret']: [paymentMessages.secretsNeeded] } });
      }
      const values = { ...rest, keySecretSealed, webhookSecretSealed, updatedAt: new Date() };
      await tx.insert(paymentSettings).values({ tenantId, ...values }).onConflictDoUpdate({ target: paymentSettings.tenantId, set: values });
      const row = await settingsRow(tx, tenantId);
      return { message: paymentMessages.settingsSaved, data: settingsAnswer(row, { webhookUrl: webhookUrlOf(request, tenantId), checkoutUrl }) };
    }),
  );

  app.post(routeOf(paymentPaths.orders), { config: payers, schema: { response: created(orderSchema), body: orderInputSchema } }, async (request, reply) => {
    const user = userOf(request);
    const { studentId, items } = request.body;
    if (!(await canSeeStudent(app.db, user, studentId))) throw new AppError(403, paymentMessages.notForPayer);
    const gateway = await gatewayOf(app.db, key, apiUrl, user.tenantId);
    if (!gateway || !gateway.settings.enabled) throw conflict(paymentMessages.notEnabled);
    const priced = await priceOnlineChoice(app.db, user.tenantId, studentId, items, gateway.settings.partialAllowed);
    const dues = priced.items.reduce((sum, item) => sum + item.amount, priced.fine);
    const charge = convenienceCharge(dues, gateway.settings.chargeBasisPoints);
    const id = randomUUID();
    // The gateway's order first, outside the write: a request to Razorpay never holds a database connection.
    const gatewayOrder = await gateway.client
      .createOrder({ amount: dues + charge, receipt: id, notes: { tenantId: user.tenantId, studentId, orderId: id } })
      .catch(gatewayFailure);
    return runWrite(request, reply, async (tx) => {
      await tx.insert(paymentOrders).values({
        id,
        tenantId: user.tenantId,
        studentId,
        createdBy: user.id,
        academicYear: priced.academicYear,
        items: priced.items,
        fine: priced.fine,
        charge,
        amount: dues + charge,
        keyId: gateway.settings.keyId,
        gatewayOrderId: gatewayOrder.id,
        // The server's clock, as the poller's (not the database's).
        createdAt: new Date(),
      });
      return { status: 201, message: paymentMessages.started, data: await orderById(tx, user.tenantId, id) };
    });
  });

  app.get(routeOf(paymentPaths.order), { config: payerRead, schema: { response: ok(orderSchema), params: orderParams } }, async (request, reply) =>
    sendEnvelope(reply, 200, messages.common.ok, await visibleOrder(userOf(request), request.params.id)),
  );

  app.post(
    routeOf(paymentPaths.verify),
    { config: payers, schema: { response: ok(orderSchema), params: orderParams, body: checkoutResultSchema } },
    async (request, reply) => {
      const user = userOf(request);
      const order = await visibleOrder(user, request.params.id);
      const gateway = await gatewayOf(app.db, key, apiUrl, user.tenantId);
      const { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = request.body;
      if (!gateway || gatewayOrderId !== order.gatewayOrderId || !checkoutSignatureValid(gatewayOrderId, paymentId, signature, gateway.keySecret)) {
        throw badRequest(paymentMessages.notVerified);
      }
      return runWrite(request, reply, async (tx) => {
        await tx.update(paymentOrders).set({ checkoutPaid: true }).where(and(eq(paymentOrders.tenantId, user.tenantId), eq(paymentOrders.id, order.id)));
        return { message: paymentMessages.received, data: await orderById(tx, user.tenantId, order.id) };
      });
    },
  );

  app.post(
    routeOf(paymentPaths.refund),
    { config: adminWrite, schema: { response: ok(orderSchema), params: orderParams, body: refundInputSchema } },
    async (request, reply) => {
      const user = userOf(request);
      const order = await visibleOrder(user, request.params.id);
      if (order.status === 'refunded') throw conflict(paymentMessages.alreadyRefunded);
      if (order.status !== 'paid' || !order.paymentId) throw conflict(paymentMessages.notPaid);
      const gateway = await gatewayOf(app.db, key, apiUrl, user.tenantId);
      if (!gateway) throw conflict(paymentMessages.notEnabled);
      const { reason } = request.body;
      const refund = await gateway.client.refund(order.paymentId, { amount: order.amount, notes: { reason, orderId: order.id } }).catch(gatewayFailure);
      return runWrite(request, reply, async (tx) => {
        await tx
          .update(paymentOrders)
          .set({ status: 'refunded', refundId: refund.id, refundReason: reason, refundProcessed: refund.status === 'processed' })
          .where(and(eq(paymentOrders.tenantId, user.tenantId), eq(paymentOrders.id, order.id)));
        const number = order.receiptId ? await cancelOnlineReceipt(tx, user.tenantId, order.receiptId, reason, user.id) : null;
        return { message: number ? paymentMessages.refunded(number) : paymentMessages.refundedNoReceipt, data: await orderById(tx, user.tenantId, order.id) };
      });
    },
  );

  app.get(
    routeOf(paymentPaths.all),
    { config: adminRead, schema: { response: okPage(orderSchema), querystring: pageQuerySchema.extend(paymentListQuerySchema.shape) } },
    async (request, reply) => {
      const { page, size, status, flagged } = request.query;
      const filter = { status, flagged: flagged === undefined ? undefined : flagged === 'true' };
      return sendEnvelope(reply, 200, messages.common.ok, await orderPage(app.db, userOf(request).tenantId, filter, { page, size }));
    },
  );

  app.get(routeOf(paymentPaths.unmatched), { config: adminRead, schema: { response: okList(unmatchedPaymentSchema) } }, async (request, reply) => {
    const rows = await app.db
      .select()
      .from(gatewayPayments)
      .where(and(eq(gatewayPayments.tenantId, userOf(request).tenantId), isNull(gatewayPayments.receiptId), isNotNull(gatewayPayments.flag)))
      .orderBy(desc(gatewayPayments.receivedAt))
      .limit(200);
    const unmatched = rows.map((row) => ({ paymentId: row.paymentId, gatewayOrderId: row.gatewayOrderId, amount: row.amount, flag: row.flag!, receivedAt: row.receivedAt.toISOString() }));
    return sendEnvelope(reply, 200, messages.common.ok, unmatched);
  });

  // The webhook reads its body as sent: the signature is over those bytes, not over JSON re-written.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    raw.post(
      routeOf(paymentPaths.webhook),
      { config: { access: 'global', idempotency: 'exempt' }, schema: { params: tenantParams, body: z.string(), response: ok(z.object({ applied: z.string() })) } },
      async (request, reply) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const outcome = await receiveWebhook(app.db, key, apiUrl, {
          tenantId: request.params.tenantId,
          rawBody: request.body,
          signature: header('x-razorpay-signature'),
          eventId: header('x-razorpay-event-id'),
        });
        if (!outcome.verified) throw badRequest(paymentMessages.webhookRefused);
        return sendEnvelope(reply, 200, messages.common.ok, { applied: outcome.applied });
      },
    );
  });
};
