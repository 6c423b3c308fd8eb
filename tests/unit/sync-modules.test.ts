/**
 * The client module kit (docs/adding-a-module.md "Client side"): the store's schema, its mirror
 * tables, the engine's kinds and mutate()'s payload types come from the module list. Released
 * schema steps stay exactly as devices have them; a module that adds a table under the next version
 * upgrades an installed store (outbox kept) by that step alone; the pull skips an entity the app has
 * no table for; and a payload of the wrong shape for a kind does not compile.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { syncEntities } from '../../contract/sync';
import { createConnectivity, createSyncEngine, type SyncEngine } from '../../sync';
import { databaseName, KakshaDb, schemaHistoryOf, type OutboxEntry } from '../../sync/db';
import { mirrorTable } from '../../sync/mirror-table';
import { syncTables } from '../../sync/mirror';
import { defaultKinds, mirrorTables, mirrorTableSpecs, schemaHistory, syncModules, tallyTableSpecs } from '../../sync/modules';
import { classesTable } from '../../sync/modules/classes';

/** The steps released before the kit, as installed devices have them (never to change). */
const released = [
  {
    version: 1,
    stores: {
      classes: 'id, className, rev',
      students: 'id, classId, admissionId, firstName, lastName, [classId+firstName], rev',
      teachers: 'id, employeeId, emailId, firstName, rev',
      attendance: '[studentId+date], id, [classId+date], date, rev',
      outbox: '++seq, &id, coalesceKey, *refs, *creates, *dependsOn',
      rejected: 'id, rejectedAt',
      conflicts: '++seq, entryId, at',
      base: 'ref',
      gone: 'ref',
      meta: 'key',
    },
  },
  {
    version: 2,
    stores: {
      classes: 'id, className, classTeacherId, rev',
      students: 'id, classId, admissionId, firstName, lastName, [classId+firstName], rollNumber, rev',
      teachers: 'id, employeeId, emailId, firstName, lastName, rev',
      subjects: 'id, subjectName, rev',
      classSubjects: 'id, classId, subjectId, teacherId, [classId+subjectId], rev',
      admissions: 'id, admissionNumber, studentId, status, admissionYear, [admissionYear+status], rev',
      certificates: 'id, studentId, kind, serial, rev',
    },
  },
];

describe('the store derived from the module list', () => {
  it('keeps every released schema step exactly as installed devices have it', () => {
    for (const step of released) expect(schemaHistory.find((derived) => derived.version === step.version)).toEqual(step);
  });

  it('mirrors every table of every module, each a pull entity, and spans them and their tallies in a sync transaction', async () => {
    const tables = syncModules.flatMap((module) => module.tables.map((table) => table.name));
    expect([...mirrorTables]).toEqual(tables);
    for (const table of tables) expect(syncEntities).toContain(table);
    const db = new KakshaDb('kit-tables', { modules: syncModules, dependencies: { indexedDB: new IDBFactory(), IDBKeyRange } });
    const tallies = syncModules.flatMap((module) => (module.tallies ?? []).map((tally) => tally.name));
    expect(tallies.length).toBeGreaterThan(0);
    expect(syncTables(db).map((table) => table.name)).toEqual([...tables, 'outbox', 'rejected', 'conflicts', 'base', 'gone', 'meta', ...tallies]);
    db.close();
  });

  it('registers every kind of every module, each once', () => {
    const names = syncModules.flatMap((module) => module.kinds.map((kind) => kind.name));
    expect(defaultKinds.map((kind) => kind.name)).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('a module adding a table under the next version upgrades an installed store by that step, outbox kept', async () => {
    const indexedDB = new IDBFactory();
    const dependencies = { indexedDB, IDBKeyRange };
    const name = databaseName('kit-tenant', 'teacher');
    const installed = new KakshaDb(name, { modules: syncModules, dependencies });
    await installed.open();
    const entry: OutboxEntry = {
      id: 'e1',
      tenantId: 'kit-tenant',
      username: 'teacher',
      kind: 'classes.create',
      method: 'POST',
      path: '/api/classes/create',
      body: { id: 'c1', className: 'VI', classSection: 'A' },
      refs: ['classes:c1'],
      creates: ['classes:c1'],
      dependsOn: [],
      createdAt: 1,
      attempts: 0,
      state: 'pending',
      v: 1,
    };
    await installed.outbox.add({ ...entry });
    await installed.tableOf(classesTable).put({ id: 'c1', className: 'VI', classSection: 'A', rev: 0 });
    installed.close();

    const next = schemaHistory.at(-1)!.version + 1;
    const homework = mirrorTable<{ id: string; classId: string; dueDate: string; rev: number }>()('homework', {
      [next]: 'id, classId, dueDate, rev',
    });
    const history = schemaHistoryOf([...mirrorTableSpecs, homework], tallyTableSpecs);
    expect(history.slice(0, -1)).toEqual(schemaHistory);
    expect(history.at(-1)).toEqual({ version: next, stores: { homework: 'id, classId, dueDate, rev' } });

    const upgraded = new KakshaDb(name, { history, dependencies });
    await upgraded.open();
    expect(upgraded.verno).toBe(next);
    expect(upgraded.mirrorTables).toContain('homework');
    expect((await upgraded.outbox.toArray()).map(({ seq: _seq, ...rest }) => rest)).toEqual([entry]);
    expect(await upgraded.tableOf(classesTable).get('c1')).toEqual({ id: 'c1', className: 'VI', classSection: 'A', rev: 0 });
    await upgraded.tableOf(homework).put({ id: 'h1', classId: 'c1', dueDate: '2026-11-23', rev: 3 });
    expect(await upgraded.tableOf(homework).where('classId').equals('c1').count()).toBe(1);
    upgraded.close();
  });
});

describe('mutate() typed by kind', () => {
  it('takes each kind its own payload', () => {
    // Only compiled: a wrong field or a missing one is a type error, not an entry the school refuses later.
    const typed = (engine: SyncEngine) => [
      engine.mutate('classes.create', { className: 'VI', classSection: 'A' }),
      // @ts-expect-error a class has no `name`
      engine.mutate('classes.create', { name: 'VI' }),
      // @ts-expect-error a sheet needs its entries
      engine.mutate('attendance.markSheet', { classId: 'c1', date: '2026-11-23' }),
      // @ts-expect-error no such kind
      engine.mutate('classes.rename', { id: 'c1' }),
    ];
    expect(typed).toBeTypeOf('function');
  });

  it('an entity of a module this app lacks (a newer server) is skipped by the pull, the rest applied', async () => {
    const indexedDB = new IDBFactory();
    const page = {
      changes: [
        { entity: 'homework', id: 'h1', rev: 5, op: 'upsert', record: { id: 'h1', title: 'Read', rev: 5 } },
        { entity: 'classes', id: 'c1', rev: 6, op: 'upsert', record: { id: 'c1', className: 'VI', classSection: 'A', rev: 6 } },
      ],
      cursor: 'next',
      hasMore: false,
      reset: false,
    };
    const claims = Buffer.from(JSON.stringify({ sub: 'teacher', tenantId: 'kit-tenant' })).toString('base64url');
    const token = `e30.${claims}.signature`;
    const fetch = async () => new Response(JSON.stringify({ success: true, message: 'ok', data: page }), { status: 200 });
    const engine = createSyncEngine({
      modules: syncModules,
      tenantId: 'kit-tenant',
      username: 'teacher',
      getToken: () => token,
      renewToken: async () => null,
      fetch,
      locks: null,
      connectivity: createConnectivity({ online: true }),
      // The app as it was before homework: its store has no homework table.
      db: new KakshaDb(databaseName('kit-tenant', 'teacher'), {
        history: schemaHistoryOf(mirrorTableSpecs.filter((table) => !table.name.startsWith('homework'))),
        dependencies: { indexedDB, IDBKeyRange },
      }),
    });
    expect(engine.db.mirrorTables).not.toContain('homework');
    const report = await engine.syncNow();
    expect(report.pull?.status).toBe('done');
    expect(await engine.db.tableOf(classesTable).get('c1')).toMatchObject({ className: 'VI', rev: 6 });
    await engine.close();
  });
});
