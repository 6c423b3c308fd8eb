/** Classes in the pull: staff every class of the school, a family their children's classes. */
import { inArray } from 'drizzle-orm';
import { classes } from '../../db/core-tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';

export const classesSyncSource = defineSyncSource({
  entity: 'classes',
  table: classes,
  where: (scope) => (scope.school ? undefined : scope.classIds.length ? inArray(classes.id, scope.classIds) : 'none'),
  records: eachRow((row) => ({
    id: row.id,
    className: row.className,
    classSection: row.classSection,
    classTeacherId: row.classTeacherId,
    rev: row.rev,
  })),
});
