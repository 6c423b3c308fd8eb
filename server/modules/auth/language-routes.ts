/**
 * PUT /api/account/language: the signed-in user keeps their language on the account, so every
 * device they sign in on shows it (docs/i18n.md). Only their own row, in their own school.
 */
import { and, eq } from 'drizzle-orm';
import { accountLanguageDataSchema, accountLanguageRequestSchema } from '../../../contract/account-language';
import { messages } from '../../../contract/messages';
import { paths, routeOf } from '../../../contract/paths';
import { users } from '../../db/core-tables';
import { unauthorized } from '../../errors';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { ok } from '../../module-kit/responses';
import type { ZodPlugin } from '../../plugins/zod-validation';

export const languageRoutes: ZodPlugin = async (app) => {
  app.put(
    routeOf(paths.accountLanguage),
    // Idempotent by nature (the same language set twice is one state), and a preference, not school data.
    { config: { access: 'signedIn', idempotency: 'exempt' }, schema: { response: ok(accountLanguageDataSchema), body: accountLanguageRequestSchema } },
    async (request, reply) => {
      const user = userOf(request);
      const [row] = await app.db
        .update(users)
        .set({ language: request.body.language })
        .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)))
        .returning({ language: users.language });
      if (!row) throw unauthorized();
      return sendEnvelope(reply, 200, messages.account.languageSaved, { language: row.language });
    },
  );
};
