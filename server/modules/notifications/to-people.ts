/**
 * Published notifications addressed to named people (absence alerts, fee reminders): many at once,
 * with one statement for all of them and their pushes queued in the same transaction. At 9 am a
 * school's sheets carry hundreds of absences; a class's fee reminders are one per family.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param';
import type { Db } from '../../db/client';
import { notifications } from './tables';
import { queuePushes } from './push-outbox';
import type { NoticeTranslations } from '../../i18n/notice-translations';

export interface PersonalNotice {
  userIds: readonly string[];
  title: string;
  message: string;
  /** The same words in Hindi and Marathi (server/i18n/notice-translations.ts), for each recipient's push. */
  translations: NoticeTranslations;
}

/**
 * Publishes one notification per notice, each to its people, opening `link`, from `sentBy` (null:
 * from the school), and queues their pushes. Answers the new notifications' ids, in order.
 */
export async function notifyPeople(
  tx: Db,
  tenantId: string,
  notices: readonly PersonalNotice[],
  link: string,
  sentBy: string | null,
  /** `push: false`: the inbox only (the school chose other channels for this kind). */
  options: { push?: boolean } = {},
): Promise<string[]> {
  if (notices.length === 0) return [];
  const ids = notices.map(() => randomUUID());
  const list = (pick: (notice: PersonalNotice) => string) => sql.param(notices.map(pick));
  await tx.execute(sql`
    insert into ${notifications} (id, tenant_id, title, message, translations, link, audience_kind, audience_user_ids, publish_at, published, sent_by)
    select v.id, ${tenantId}, v.title, v.message, v.translations::jsonb, ${link}, 'people', v.audience::uuid[], ${new Date().toISOString()}::timestamptz, true, ${sentBy}::uuid
    from unnest(${arrayParam(ids, 'uuid')}, ${list((notice) => notice.title)}::text[], ${list((notice) => notice.message)}::text[],
      ${list((notice) => JSON.stringify(notice.translations))}::text[],
      ${list((notice) => `{${notice.userIds.join(',')}}`)}::text[]) with ordinality as v(id, title, message, translations, audience, n)
    order by v.n`);
  if (options.push !== false) await queuePushes(tx, tenantId, ids);
  return ids;
}
