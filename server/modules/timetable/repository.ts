/** Data access for the timetable's periods, entries, weekly limits and substitutions; every function takes the tenant. */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Period, SubjectLimit, Substitution, TimetableEntry } from '../../../contract/timetable';
import type { Db } from '../../db/client';
import { classes, subjects, teachers } from '../../db/core-tables';
import { timetableEntries, timetablePeriods, timetableSubjectLimits, timetableSubstitutions } from './tables';
import type { ReadScope } from '../../module-kit/scope';

const periodSelection = {
  id: timetablePeriods.id,
  day: timetablePeriods.day,
  position: timetablePeriods.position,
  name: timetablePeriods.name,
  startTime: timetablePeriods.startTime,
  endTime: timetablePeriods.endTime,
  kind: timetablePeriods.kind,
  rev: timetablePeriods.rev,
};

const entrySelection = {
  id: timetableEntries.id,
  classId: timetableEntries.classId,
  periodId: timetableEntries.periodId,
  subjectId: timetableEntries.subjectId,
  teacherId: timetableEntries.teacherId,
  room: timetableEntries.room,
  rev: timetableEntries.rev,
};

const substitutionSelection = {
  id: timetableSubstitutions.id,
  entryId: timetableSubstitutions.entryId,
  classId: timetableSubstitutions.classId,
  periodId: timetableSubstitutions.periodId,
  date: timetableSubstitutions.date,
  teacherId: timetableSubstitutions.teacherId,
  rev: timetableSubstitutions.rev,
};

const liveEntries = (tenantId: string) => and(eq(timetableEntries.tenantId, tenantId), isNull(timetableEntries.deletedAt));

/** The entries a user's scope covers: the school's for staff, their classes' for a family. */
export function entriesVisibleTo(scope: ReadScope): SQL | undefined {
  if (scope.school) return undefined;
  return scope.classIds.length > 0 ? inArray(timetableEntries.classId, scope.classIds) : sql`false`;
}

export function substitutionsVisibleTo(scope: ReadScope): SQL | undefined {
  if (scope.school) return undefined;
  return scope.classIds.length > 0 ? inArray(timetableSubstitutions.classId, scope.classIds) : sql`false`;
}

export interface EntryFilter {
  classId?: string;
  teacherId?: string;
}

export const timetableRepository = {
  /**
   * Serialises the school's timetable writes: every clash check then sees the writes before it,
   * so the 409 can name the other class (the unique indexes of 0013 stay as the backstop).
   */
  async lockSchool(tx: Db, tenantId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`timetable:${tenantId}`}, 0))`);
  },

  async periods(db: Db, tenantId: string): Promise<Period[]> {
    return db
      .select(periodSelection)
      .from(timetablePeriods)
      .where(and(eq(timetablePeriods.tenantId, tenantId), isNull(timetablePeriods.deletedAt)))
      .orderBy(asc(timetablePeriods.day), asc(timetablePeriods.position));
  },
  async period(db: Db, tenantId: string, id: string): Promise<Period | undefined> {
    const [row] = await db
      .select(periodSelection)
      .from(timetablePeriods)
      .where(and(eq(timetablePeriods.tenantId, tenantId), eq(timetablePeriods.id, id), isNull(timetablePeriods.deletedAt)));
    return row;
  },
  /** Any school's period with this id exists (a device-minted id must be free everywhere). */
  async periodIdUsed(db: Db, id: string): Promise<{ tenantId: string; deleted: boolean } | undefined> {
    const [row] = await db.select({ tenantId: timetablePeriods.tenantId, deletedAt: timetablePeriods.deletedAt }).from(timetablePeriods).where(eq(timetablePeriods.id, id));
    return row ? { tenantId: row.tenantId, deleted: row.deletedAt !== null } : undefined;
  },
  async periodsByIds(db: Db, tenantId: string, ids: string[]): Promise<Period[]> {
    if (ids.length === 0) return [];
    return db
      .select(periodSelection)
      .from(timetablePeriods)
      .where(and(eq(timetablePeriods.tenantId, tenantId), inArray(timetablePeriods.id, ids), isNull(timetablePeriods.deletedAt)));
  },

  async entries(db: Db, tenantId: string, scope: ReadScope | undefined, filter: EntryFilter = {}): Promise<TimetableEntry[]> {
    return db
      .select(entrySelection)
      .from(timetableEntries)
      .where(
        and(
          liveEntries(tenantId),
          scope ? entriesVisibleTo(scope) : undefined,
          filter.classId ? eq(timetableEntries.classId, filter.classId) : undefined,
          filter.teacherId ? eq(timetableEntries.teacherId, filter.teacherId) : undefined,
        ),
      )
      .orderBy(asc(timetableEntries.classId), asc(timetableEntries.periodId));
  },
  async entry(db: Db, tenantId: string, id: string, scope?: ReadScope): Promise<TimetableEntry | undefined> {
    const [row] = await db
      .select(entrySelection)
      .from(timetableEntries)
      .where(and(liveEntries(tenantId), eq(timetableEntries.id, id), scope ? entriesVisibleTo(scope) : undefined));
    return row;
  },
  async entriesByIds(db: Db, tenantId: string, ids: string[]): Promise<TimetableEntry[]> {
    if (ids.length === 0) return [];
    return db.select(entrySelection).from(timetableEntries).where(and(liveEntries(tenantId), inArray(timetableEntries.id, ids)));
  },
  /** The live entries in these periods (what a clash check compares with). */
  async entriesInPeriods(db: Db, tenantId: string, periodIds: string[]): Promise<TimetableEntry[]> {
    if (periodIds.length === 0) return [];
    return db.select(entrySelection).from(timetableEntries).where(and(liveEntries(tenantId), inArray(timetableEntries.periodId, periodIds)));
  },
  async entriesOfClassSubject(db: Db, tenantId: string, classId: string, subjectId: string): Promise<TimetableEntry[]> {
    return db
      .select(entrySelection)
      .from(timetableEntries)
      .where(and(liveEntries(tenantId), eq(timetableEntries.classId, classId), eq(timetableEntries.subjectId, subjectId)));
  },

  async limits(db: Db, tenantId: string): Promise<SubjectLimit[]> {
    return db
      .select({ id: timetableSubjectLimits.id, subjectId: timetableSubjectLimits.subjectId, perWeek: timetableSubjectLimits.perWeek, rev: timetableSubjectLimits.rev })
      .from(timetableSubjectLimits)
      .where(and(eq(timetableSubjectLimits.tenantId, tenantId), isNull(timetableSubjectLimits.deletedAt)));
  },
  async limitOf(db: Db, tenantId: string, subjectId: string): Promise<number | undefined> {
    const [row] = await db
      .select({ perWeek: timetableSubjectLimits.perWeek })
      .from(timetableSubjectLimits)
      .where(and(eq(timetableSubjectLimits.tenantId, tenantId), eq(timetableSubjectLimits.subjectId, subjectId), isNull(timetableSubjectLimits.deletedAt)));
    return row?.perWeek;
  },

  async substitution(db: Db, tenantId: string, id: string): Promise<Substitution | undefined> {
    const [row] = await db
      .select(substitutionSelection)
      .from(timetableSubstitutions)
      .where(and(eq(timetableSubstitutions.tenantId, tenantId), eq(timetableSubstitutions.id, id), isNull(timetableSubstitutions.deletedAt)));
    return row;
  },
  async substitutionsOn(db: Db, tenantId: string, date: string): Promise<Substitution[]> {
    return db
      .select(substitutionSelection)
      .from(timetableSubstitutions)
      .where(and(eq(timetableSubstitutions.tenantId, tenantId), eq(timetableSubstitutions.date, date), isNull(timetableSubstitutions.deletedAt)));
  },
  async removeSubstitutionsOfEntry(tx: Db, tenantId: string, entryId: string): Promise<void> {
    await tx
      .update(timetableSubstitutions)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(timetableSubstitutions.tenantId, tenantId), eq(timetableSubstitutions.entryId, entryId), isNull(timetableSubstitutions.deletedAt)));
  },

  /** "II B", as the 409s name a class. */
  async className(db: Db, tenantId: string, classId: string): Promise<string> {
    const [row] = await db.select({ name: classes.className, section: classes.classSection }).from(classes).where(and(eq(classes.tenantId, tenantId), eq(classes.id, classId)));
    return row ? [row.name, row.section].filter(Boolean).join(' ') : 'another class';
  },
  async teacherName(db: Db, tenantId: string, teacherId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ first: teachers.firstName, last: teachers.lastName })
      .from(teachers)
      .where(and(eq(teachers.tenantId, tenantId), eq(teachers.id, teacherId), isNull(teachers.deletedAt)));
    return row ? [row.first, row.last].filter(Boolean).join(' ') : undefined;
  },
  async subjectName(db: Db, tenantId: string, subjectId: string): Promise<string> {
    const [row] = await db.select({ name: subjects.subjectName }).from(subjects).where(and(eq(subjects.tenantId, tenantId), eq(subjects.id, subjectId)));
    return row?.name ?? 'This subject';
  },
  async liveTeacherIds(db: Db, tenantId: string): Promise<string[]> {
    const rows = await db.select({ id: teachers.id }).from(teachers).where(and(eq(teachers.tenantId, tenantId), isNull(teachers.deletedAt)));
    return rows.map((row) => row.id);
  },
};
