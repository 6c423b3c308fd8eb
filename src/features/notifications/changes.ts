/** The sync panel's words for notifications' changes (src/sync-binding/describe.ts). */
import { defineChanges, recordLines, textOf } from '../../sync-binding/describe';
import { notificationTexts } from './texts';

const text = notificationTexts.changes;

export default defineChanges({
  lines: {
    ...recordLines('notifications', () => text.entity, (body) => textOf(body, 'title')),
    'notifications.read': () => text.read,
  },
  // A read mark's notification is named by the change's own line.
  hidden: ['notificationId', 'markId'],
});
