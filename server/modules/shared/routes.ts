/**
 * GET /api/shared/{token}: the page a signed link opens without signing in (docs/api.md "Signed
 * links"). The token (server/share-links.ts) names one school, one kind and one record; the answer
 * is that record as its print shows it, from the fees and exams modules' public reads, and nothing
 * else: no school header, no session, no other record. A token we did not sign, or one naming a
 * record the school no longer has (or a result no longer published), is 404; one past its time 410.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { sharedAnswerSchema, sharedMessages, sharedPaths, sharedReceiptSchema, type SharedAnswer, type SharedSchool } from '../../../contract/shared';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/any-of';
import { schools } from '../../db/core-tables';
import { AppError } from '../../errors';
import { sendEnvelope } from '../../plugins/errors';
import { countFailureUpFront } from '../../plugins/failure-limits';
import { FixedWindowLimiter } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok } from '../../module-kit/responses';
import { readShareToken, type ShareTarget } from '../../share-links';
import { publishedReportCard } from '../exams/report-card';
import { receiptToShare } from '../fees/shared-receipt';

/** On every answer, errors too: no cache keeps the record, no page it links to learns the token. */
const privateAnswer = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } as const;

const tokenParams = z.object({ token: z.string() });

const notFound = () => new AppError(404, sharedMessages.notFound, null, privateAnswer);

async function schoolOf(db: Db, tenantId: string): Promise<(SharedSchool & { showRanks: boolean }) | undefined> {
  const [row] = await db
    .select({
      name: schools.schoolName,
      address: schools.address,
      phoneNumber: schools.phoneNumber,
      email: schools.email,
      printLanguage: schools.printLanguage,
      showRanks: schools.showRanks,
    })
    .from(schools)
    .where(eq(schools.tenantId, tenantId));
  return row;
}

async function sharedRecord(db: Db, target: ShareTarget): Promise<SharedAnswer | undefined> {
  const found = await schoolOf(db, target.tenantId);
  if (!found) return undefined;
  const { showRanks, ...school } = found;
  if (target.kind === 'receipt') {
    if (!isUuid(target.id)) return undefined;
    const shared = await receiptToShare(db, target.tenantId, target.id);
    if (!shared) return undefined;
    // The schema keeps what the print shows: the ids of the student and class, the school's note and its bookkeeping stay behind.
    return { kind: 'receipt', school, receipt: sharedReceiptSchema.parse(shared.receipt), linked: shared.linked, payee: shared.payee };
  }
  const [examId = '', studentId = '', ...rest] = target.id.split(':');
  if (rest.length > 0 || !isUuid(examId) || !isUuid(studentId)) return undefined;
  const card = await publishedReportCard(db, target.tenantId, examId, studentId);
  if (!card) return undefined;
  return { kind: 'reportCard', school, reportCard: showRanks ? card : { ...card, result: { ...card.result, rank: null } } };
}

export const sharedRoutes: ZodPlugin = async (app) => {
  const { sharedLinkFailuresPerIp, sharedLinkWindowMs } = app.config.rateLimits;
  // Links that open nothing, per address: guessing at tokens (or a script replaying dead links)
  // meets a 429 long before it meets a record; a link that opens is taken back and never counts.
  const failures = new FixedWindowLimiter('shared-link:ip', { max: sharedLinkFailuresPerIp, windowMs: sharedLinkWindowMs });
  app.get(
    routeOf(sharedPaths.record),
    { config: { access: 'global' }, schema: { params: tokenParams, response: ok(sharedAnswerSchema) } },
    async (request, reply) => {
      reply.headers(privateAnswer);
      const attempt = await countFailureUpFront(reply, [{ limiter: failures, key: request.ip }], messages.common.rateLimited);
      const read = await readShareToken(app.keys.shareLink, request.params.token);
      if (!read.valid) throw read.expired ? new AppError(410, sharedMessages.expired, null, privateAnswer) : notFound();
      const answer = await sharedRecord(app.db, read.target);
      if (!answer) throw notFound();
      await attempt.forgive();
      return sendEnvelope(reply, 200, messages.common.ok, answer);
    },
  );
};
