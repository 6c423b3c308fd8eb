/**
 * The public contact (demo) request of the landing page, and the operators' view of the requests.
 * Creating is open to anyone (no school, no sign-in) and rate limited per client address; reading
 * and marking is for operators of the service only: a prospective school's request is not any
 * school's business (docs/operators.md).
 */
import { z } from 'zod';
import { contactedClientSchema, contactRequestSchema, markContactedSchema } from '../../../contract/contact';
import { messages } from '../../../contract/messages';
import { paths, routeOf } from '../../../contract/paths';
import { notFound } from '../../errors';
import { operatorOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { FixedWindowLimiter, rateLimitBy } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { created, ok, okList } from '../../module-kit/responses';
import { createContactRequest, listContactRequests, markContacted } from './repository';

export const contactedClientRoutes: ZodPlugin = async (app) => {
  const { contactPerIp, contactWindowMs } = app.config.rateLimits;
  const perIp = new FixedWindowLimiter('contact:ip', { max: contactPerIp, windowMs: contactWindowMs });
  const createLimit = rateLimitBy([{ limiter: perIp, key: (request) => request.ip }], messages.contact.tooManyRequests);

  app.post(
    routeOf(paths.contactedClient.create),
    { config: { access: 'global' }, schema: { response: created(z.object({ id: z.string() })), body: contactRequestSchema }, preHandler: createLimit },
    async (request, reply) => {
      const created = await createContactRequest(app.db, request.body);
      request.log.info({ contactRequestId: created.id }, 'contact request received');
      return sendEnvelope(reply, 201, messages.contact.received, { id: created.id });
    },
  );

  app.get(routeOf(paths.contactedClient.all), { config: { access: 'operator' }, schema: { response: okList(contactedClientSchema) } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendEnvelope(reply, 200, messages.common.ok, await listContactRequests(app.db));
  });

  app.put(
    routeOf(paths.contactedClient.update),
    { config: { access: 'operator' }, schema: { response: ok(contactedClientSchema), params: z.object({ id: z.uuid() }), body: markContactedSchema } },
    async (request, reply) => {
      const operator = operatorOf(request);
      const updated = await markContacted(app.db, request.params.id, request.body.contacted, operator.username);
      if (!updated) throw notFound(messages.contact.notFound);
      const message = updated.contactedAt ? messages.contact.markedContacted : messages.contact.markedNotContacted;
      return sendEnvelope(reply, 200, message, updated);
    },
  );
};
