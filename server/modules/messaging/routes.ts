/**
 * Messaging's routes (docs/api.md "WhatsApp and SMS"): the school's settings (admin), a parent's
 * own choices, a notification's deliveries (staff), the month's usage (admin), and the providers'
 * callbacks: WhatsApp's webhook (Meta's verification handshake; status callbacks and replies signed
 * over the raw body with the app secret) and MSG91's delivery reports (a token of ours in the URL).
 * A callback that does not verify is 400 and changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import {
  deliverySchema,
  messagingMessages,
  messagingPaths,
  messagingPreferencesInputSchema,
  messagingPreferencesSchema,
  messagingSettingsInputSchema,
  messagingSettingsSchema,
  usageQuerySchema,
  usageSchema,
} from '../../../contract/messaging';
import { notificationMessages } from '../../../contract/notifications';
import { routeOf } from '../../../contract/paths';
import type { Db } from '../../db/client';
import { staffRoles } from '../../../contract/roles';
import { AppError, badRequest, notFound } from '../../errors';
import { ok, okList } from '../../module-kit/responses';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin, ZodTypeProvider } from '../../plugins/zod-validation';
import { notifications } from '../notifications/tables';
import { applySmsReport, applyWhatsAppEvent, readSmsReport, whatsappEventSchema } from './callbacks';
import { deliveriesOf, monthUsage } from './deliveries';
import { registerMessagingLoop } from './loop';
import { parentPhones } from './phones';
import { providersFrom } from './providers';
import { saveSettings, settingsAnswer, settingsOf } from './settings';
import { messagingPreferences } from './tables';

const adminRead = { access: ['admin'] } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(notificationMessages.notFound) });

/** The largest callback body read (a busy morning's status batch is tens of kilobytes). */
const callbackBodyLimit = 512 * 1024;

export const messagingRoutes: ZodPlugin = async (app) => {
  const providers = providersFrom(app.config.messaging, { publicUrl: app.config.publicUrl, shareKey: app.keys.shareLink });
  registerMessagingLoop(app, providers);

  app.get(routeOf(messagingPaths.settings), { config: adminRead, schema: { response: ok(messagingSettingsSchema) } }, async (request, reply) => {
    const settings = await settingsOf(app.db, userOf(request).tenantId);
    return sendEnvelope(reply, 200, messages.common.ok, settingsAnswer(settings, providers));
  });

  app.put(
    routeOf(messagingPaths.settings),
    { config: adminWrite, schema: { body: messagingSettingsInputSchema, response: ok(messagingSettingsSchema) } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await saveSettings(tx, userOf(request).tenantId, request.body);
        return { message: messagingMessages.settingsSaved, data: settingsAnswer(request.body, providers) };
      }),
  );

  const preferencesOf = async (db: Db, tenantId: string, userId: string) => {
    const [row] = await db
      .select()
      .from(messagingPreferences)
      .where(and(eq(messagingPreferences.tenantId, tenantId), eq(messagingPreferences.userId, userId)));
    const settings = await settingsOf(db, tenantId);
    const phone = (await parentPhones(db, tenantId, [userId]))(userId, null);
    return {
      whatsapp: row?.whatsapp ?? true,
      sms: row?.sms ?? true,
      phoneEnding: phone ? phone.slice(-4) : null,
      absenceOptOutAllowed: settings.absenceOptOutAllowed,
      whatsappOn: settings.whatsappEnabled && Boolean(providers.whatsapp),
      smsOn: settings.smsEnabled && Boolean(providers.sms),
    };
  };

  app.get(routeOf(messagingPaths.preferences), { config: { access: ['parent'] }, schema: { response: ok(messagingPreferencesSchema) } }, async (request, reply) => {
    const user = userOf(request);
    return sendEnvelope(reply, 200, messages.common.ok, await preferencesOf(app.db, user.tenantId, user.id));
  });

  app.put(
    routeOf(messagingPaths.preferences),
    { config: { access: ['parent'], idempotency: 'runWrite' }, schema: { body: messagingPreferencesInputSchema, response: ok(messagingPreferencesSchema) } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const values = { ...request.body, updatedAt: new Date() };
        await tx
          .insert(messagingPreferences)
          .values({ tenantId: user.tenantId, userId: user.id, ...values })
          .onConflictDoUpdate({ target: [messagingPreferences.tenantId, messagingPreferences.userId], set: values });
        return { message: messagingMessages.preferencesSaved, data: await preferencesOf(tx, user.tenantId, user.id) };
      }),
  );

  app.get(
    routeOf(messagingPaths.deliveries),
    { config: { access: staffRoles }, schema: { params: idParams, response: okList(deliverySchema) } },
    async (request, reply) => {
      const user = userOf(request);
      const [notification] = await app.db
        .select({ sentBy: notifications.sentBy })
        .from(notifications)
        .where(and(eq(notifications.tenantId, user.tenantId), eq(notifications.id, request.params.id)));
      if (!notification) throw notFound(notificationMessages.notFound);
      // A teacher sees what became of her own notifications; the school's own (absence alerts) and others' are the admins'.
      if (user.role !== 'admin' && notification.sentBy !== user.id) throw new AppError(403, messages.auth.forbidden);
      return sendEnvelope(reply, 200, messages.common.ok, await deliveriesOf(app.db, user.tenantId, request.params.id));
    },
  );

  app.get(routeOf(messagingPaths.usage), { config: adminRead, schema: { querystring: usageQuerySchema, response: ok(usageSchema) } }, async (request, reply) => {
    const tenantId = userOf(request).tenantId;
    const { month } = request.query;
    const counts = await monthUsage(app.db, tenantId, month);
    const settings = await settingsOf(app.db, tenantId);
    return sendEnvelope(reply, 200, messages.common.ok, {
      month,
      whatsapp: { messages: counts.whatsapp, cost: counts.whatsapp * settings.whatsappRate },
      sms: { messages: counts.sms, cost: counts.sms * settings.smsRate },
    });
  });

  // Meta's verification: the token we gave its dashboard comes back; the challenge is answered as sent.
  app.get(
    routeOf(messagingPaths.whatsappWebhook),
    {
      config: { access: 'global' },
      schema: {
        querystring: z.object({
          'hub.mode': z.string().max(40).optional(),
          'hub.verify_token': z.string().max(200).optional(),
          'hub.challenge': z.string().max(200).optional(),
        }),
        // The challenge itself, as text: what Meta checks.
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query['hub.mode'] !== 'subscribe' || !query['hub.challenge'] || !providers.whatsapp?.verifyTokenMatches(query['hub.verify_token'])) {
        throw new AppError(403, messagingMessages.webhookRefused);
      }
      return reply.code(200).type('text/plain; charset=utf-8').send(query['hub.challenge']);
    },
  );

  // The callbacks read their bodies as sent: the signature is over those bytes, not over JSON re-written.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: callbackBodyLimit }, (_request, body, done) => done(null, body));
    // MSG91 posts its reports as a form field `data` when its panel says so.
    raw.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: callbackBodyLimit }, (_request, body, done) => done(null, body));
    raw.post(
      routeOf(messagingPaths.whatsappWebhook),
      { config: { access: 'global', idempotency: 'exempt' }, schema: { body: z.string(), response: ok(z.object({ applied: z.number(), ignored: z.number() })) } },
      async (request, reply) => {
        const signature = request.headers['x-hub-signature-256'];
        if (!providers.whatsapp?.signatureValid(request.body, typeof signature === 'string' ? signature : undefined)) {
          throw badRequest(messagingMessages.webhookRefused);
        }
        let event: z.infer<typeof whatsappEventSchema> | undefined;
        try {
          const read = whatsappEventSchema.safeParse(JSON.parse(request.body));
          event = read.success ? read.data : undefined;
        } catch {
          event = undefined;
        }
        // Signed but not ours to read (another field, another product): taken, nothing changes.
        const report = event ? await applyWhatsAppEvent(app.db, event) : { applied: 0, ignored: 1 };
        return sendEnvelope(reply, 200, messages.common.ok, report);
      },
    );
    raw.post(
      routeOf(messagingPaths.smsReport),
      {
        config: { access: 'global', idempotency: 'exempt' },
        schema: { querystring: z.object({ token: z.string().max(200).optional() }), body: z.string(), response: ok(z.object({ applied: z.number(), ignored: z.number() })) },
      },
      async (request, reply) => {
        if (!providers.sms?.reportTokenMatches(request.query.token)) throw badRequest(messagingMessages.webhookRefused);
        let items: ReturnType<typeof readSmsReport>;
        try {
          const body = request.body.trimStart();
          const json = body.startsWith('[') || body.startsWith('{') ? body : new URLSearchParams(body).get('data');
          items = json ? readSmsReport(JSON.parse(json)) : undefined;
        } catch {
          items = undefined;
        }
        if (!items) throw badRequest(messagingMessages.reportUnreadable);
        return sendEnvelope(reply, 200, messages.common.ok, await applySmsReport(app.db, items));
      },
    );
  });
};
