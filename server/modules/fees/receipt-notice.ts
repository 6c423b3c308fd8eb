/**
 * A receipt told to the family as the school's settings for receipts say (docs/decisions.md
 * "WhatsApp and SMS"): a notification in the parents' inbox (and, with push among the receipt's
 * channels, the student's, and a push to their phones); with WhatsApp or SMS on, the parents'
 * message carrying a signed link to the receipt (made when the message goes). With no channel on,
 * nothing is written: the family reads the receipt in the app as before.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { formatRupees } from '../../../contract/money';
import { indianDate } from '../../../contract/fees';
import type { Db } from '../../db/client';
import { parentChildren, users } from '../../db/core-tables';
import { serverTexts } from '../../i18n/catalogs';
import { translationsOf } from '../../i18n/notice-translations';
import { queueMessages } from '../messaging/queue';
import { channelsAfter, settingsOf } from '../messaging/settings';
import { notifyPeople } from '../notifications/to-people';
import { feesLink } from './reminders';

export interface IssuedReceipt {
  id: string;
  studentId: string;
  firstName: string;
  receiptNumber: string;
  /** Paise. */
  total: number;
  paidOn: string;
}

export async function tellReceipt(tx: Db, tenantId: string, receipt: IssuedReceipt): Promise<void> {
  const chain = channelsAfter(await settingsOf(tx, tenantId), 'receipt');
  if (chain.length === 0) return;
  const parents = await tx
    .select({ userId: parentChildren.userId })
    .from(parentChildren)
    .innerJoin(users, and(eq(users.tenantId, parentChildren.tenantId), eq(users.id, parentChildren.userId)))
    .where(and(eq(parentChildren.tenantId, tenantId), eq(parentChildren.studentId, receipt.studentId), isNull(parentChildren.deletedAt), eq(users.status, 'active'), isNull(users.deletedAt)));
  const parentIds = parents.map((row) => row.userId);
  const own = chain.includes('push')
    ? await tx
        .select({ userId: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.studentId, [receipt.studentId]), eq(users.status, 'active'), isNull(users.deletedAt)))
    : [];
  const audience = chain.includes('push') ? [...new Set([...parentIds, ...own.map((row) => row.userId)])] : parentIds;
  if (audience.length === 0) return;
  const values = { student: receipt.firstName, number: receipt.receiptNumber, amount: formatRupees(receipt.total), date: indianDate(receipt.paidOn) };
  const words = (say: ReturnType<typeof serverTexts>) => ({ title: say('notices.receipt.title', values), message: say('notices.receipt.message', values) });
  const [notificationId] = await notifyPeople(tx, tenantId, [{ userIds: audience, ...words(serverTexts('en')), translations: translationsOf(words) }], feesLink, null, {
    push: chain.includes('push'),
  });
  await queueMessages(tx, tenantId, 'receipt', [
    {
      notificationId: notificationId!,
      userIds: parentIds,
      studentId: receipt.studentId,
      values: { names: [receipt.firstName], reference: receipt.receiptNumber, amount: values.amount, share: { kind: 'receipt', id: receipt.id } },
    },
  ]);
}
