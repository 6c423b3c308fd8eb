/** Admissions in the pull: staff only, the register and its nested student as GET /admissions/{id} returns them. */
import { eq } from 'drizzle-orm';
import { schools } from '../../db/core-tables';
import { admissions } from './tables';
import { byId, defineSyncSource } from '../../module-kit/sync-source';
import { admissionRepository } from './repository';

export const admissionsSyncSource = defineSyncSource({
  entity: 'admissions',
  table: admissions,
  where: (scope) => (scope.school ? undefined : 'none'),
  records: async (db, tenantId, rows) => {
    if (rows.length === 0) return new Map();
    const [school] = await db
      .select({ tenantId: schools.tenantId, schoolName: schools.schoolName, schoolId: schools.schoolId })
      .from(schools)
      .where(eq(schools.tenantId, tenantId));
    if (!school) return new Map();
    return byId(await admissionRepository.byIds(db, school, rows.map((row) => row.id)));
  },
});
