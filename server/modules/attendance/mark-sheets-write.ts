/**
 * POST /api/attendance/mark-sheet's work, for one sheet (the route) or a run of a backlog's sheets
 * (the batch push, module-kit/batch-writes.ts): the marks, the parents' absence alerts, the answer.
 */
import { markSheetSchema } from '../../../contract/attendance';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import { defineBatchWrite } from '../../module-kit/batch-writes';
import { alertParentsOfMarks } from '../notifications/alerts';
import { markSheets } from './mark-sheet';

export const markSheetsWrite = defineBatchWrite({
  method: 'POST',
  path: paths.attendance.markSheet,
  access: staffRoles,
  body: markSheetSchema,
  async write(tx, tenantId, writes) {
    const results = await markSheets(tx, tenantId, writes.map(({ user, body }) => ({ user, sheet: body })));
    await alertParentsOfMarks(tx, tenantId, results.flatMap((result) => result.records));
    return results.map((result) => ({
      status: 200,
      message: result.conflicts.length > 0 ? messages.attendance.savedWithConflicts(result.conflicts.length) : messages.attendance.saved,
      data: result,
    }));
  },
});
