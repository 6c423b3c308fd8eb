/**
 * The spec's seven routes of a record (contract/path-kit.ts `resource`), written once: all, page and
 * search by column (paged from page 0, 20 a page unless asked), one, create, update and delete, each
 * declared with its path, access, schemas and answer. A module gives what differs: its reads (every
 * one scoped to the caller's school, and for families to their scope), its writes with their checks,
 * and its messages. The kit runs each write under runWrite, and an update through the baseRev rule
 * (conflicts.ts `lostUpdate`) after the module's check on the stored record, where the teaching rule
 * (teaching.ts) or the author's ownership refuses a caller; a delete answers `{ id }`.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema, type Page, type PageQuery } from '../../contract/envelope';
import { messages as coreMessages } from '../../contract/messages';
import { routeOf } from '../../contract/paths';
import { updateAnswerSchema, type SyncEntity } from '../../contract/sync';
import type { Db } from '../db/client';
import { envelopeJson } from '../db/kept-json';
import { searchableColumn } from '../db/paging';
import { notFound } from '../errors';
import { userOf } from '../plugins/access';
import { sendEnvelope } from '../plugins/errors';
import { runWrite, sendJsonText } from '../plugins/idempotency';
import type { ZodPlugin } from '../plugins/zod-validation';
import type { Access } from '../types';
import { lostUpdate, type RecordUpdateCheck } from './conflicts';
import { created, ok, okDeleted, okList, okPage } from './responses';
import { readScopeOf, type ReadScope } from './scope';

/** The seven paths of `resource(entity)`. */
export interface RecordPaths {
  all: string;
  page: string;
  searchColumn: string;
  create: string;
  one: { readonly pattern: string };
  update: { readonly pattern: string };
  remove: { readonly pattern: string };
}

/** A write's body: the record's fields, with the id a device may mint and the rev it edited. */
export interface RecordInput {
  id?: string;
  baseRev?: number;
}

/** The reads, each given what `reader` made of the request (the school, a family's scope). */
export interface RecordReads<Row, Reader, Filter, Column extends string> {
  all(db: Db, reader: Reader, filter: Filter): Promise<Row[]>;
  /** The page, or the page already in JSON (db/kept-json.ts). */
  page(db: Db, reader: Reader, page: PageQuery, filter: Filter): Promise<Page<Row> | string>;
  search(db: Db, reader: Reader, column: Column, value: string, page: PageQuery): Promise<Page<Row>>;
  one(db: Db, reader: Reader, id: string): Promise<Row | undefined>;
}

export interface RecordRoutes<Row, Input extends RecordInput, Reader, Filter, Column extends string, Stored, Removed> {
  /** The synced entity (its conflict notices and record history). */
  entity: SyncEntity;
  /** Its table, whose stored rev the baseRev rule reads. */
  table: RecordUpdateCheck['table'];
  paths: RecordPaths;
  /** What every read and write answers. */
  record: z.ZodObject;
  /** The body of create and update. */
  input: z.ZodType<Input>;
  /** Filters of `all` and `page` beyond paging (students by class ...), when the record has some. */
  filter?: z.ZodObject<z.ZodRawShape> & z.ZodType<Filter>;
  access: { read: Access; write: Access };
  /** The 404 (an id that is not a live record of the school: malformed ones too), the 400 of an unknown search column, the writes' answers. */
  messages: { notFound: string; invalidColumn: string; added: string | ((input: Input) => string); updated: string; deleted: string };
  searchColumns: readonly Column[];
  /** What the reads need of the request: the school, the signed-in user's scope. */
  reader(request: FastifyRequest): Reader | Promise<Reader>;
  reads: RecordReads<Row, Reader, Filter, Column>;
  /** Inside the write's transaction: the module's checks (the teaching rule among them) and the insert; answers the stored record. */
  create(tx: Db, request: FastifyRequest, input: Input): Promise<Row | undefined>;
  update: {
    /**
     * Before the baseRev rule: the stored record (undefined when there is none), once the caller
     * may change it: the teaching rule or ownership refuses here, so a refused caller learns nothing
     * of a conflict.
     */
    check(tx: Db, request: FastifyRequest, id: string): Promise<Stored | undefined>;
    /** The record as the reads answer it, sent back when the device's change is not applied. */
    kept(tx: Db, request: FastifyRequest, id: string): Promise<Row | undefined>;
    /** After it: the change with the module's checks; answers the stored record. */
    apply(tx: Db, request: FastifyRequest, id: string, input: Input, stored: Stored): Promise<Row | undefined>;
  };
  remove: {
    /** The stored record (undefined: 404), once the caller may delete it (the same rule as `update.check`). */
    check(tx: Db, request: FastifyRequest, id: string): Promise<Removed | undefined>;
    apply(tx: Db, request: FastifyRequest, id: string, stored: Removed): Promise<void>;
  };
}

/** The reader of records a family sees part of: the school, and what the signed-in user's scope covers (scope.ts). */
export interface ScopedReader {
  tenantId: string;
  scope: ReadScope;
}

export async function scopedReader(request: FastifyRequest): Promise<ScopedReader> {
  const user = userOf(request);
  return { tenantId: user.tenantId, scope: await readScopeOf(request.server.db, user) };
}

/** A repository whose reads take the school and the scope one after the other (events, homework). */
export interface ScopedRepository<Row, Filter, Column extends string> {
  all(db: Db, tenantId: string, scope: ReadScope, filter: Filter): Promise<Row[]>;
  page(db: Db, tenantId: string, scope: ReadScope, page: PageQuery, filter: Filter): Promise<Page<Row>>;
  search(db: Db, tenantId: string, scope: ReadScope, column: Column, value: string, page: PageQuery): Promise<Page<Row>>;
  one(db: Db, tenantId: string, id: string, scope: ReadScope): Promise<Row | undefined>;
}

/** Its reads, for a `scopedReader`. */
export function scopedReads<Row, Filter, Column extends string>(repo: ScopedRepository<Row, Filter, Column>): RecordReads<Row, ScopedReader, Filter, Column> {
  return {
    all: (db, { tenantId, scope }, filter) => repo.all(db, tenantId, scope, filter),
    page: (db, { tenantId, scope }, page, filter) => repo.page(db, tenantId, scope, page, filter),
    search: (db, { tenantId, scope }, column, value, page) => repo.search(db, tenantId, scope, column, value, page),
    one: (db, { tenantId, scope }, id) => repo.one(db, tenantId, id, scope),
  };
}

/**
 * A part of the request its route's schema has already parsed: the validator (plugins/zod-validation.ts)
 * replaced it with the schema's output, which the route's generic schema leaves the type system unable to name.
 */
function parsed<T>(part: unknown): T {
  return part as T;
}

export function recordRoutes<Row, Input extends RecordInput, Reader, Filter, Column extends string, Stored, Removed>(
  spec: RecordRoutes<Row, Input, Reader, Filter, Column, Stored, Removed>,
): ZodPlugin {
  const read = { access: spec.access.read };
  const write = { access: spec.access.write, idempotency: 'runWrite' } as const;
  const idParams = z.object({ id: z.uuid(spec.messages.notFound) });
  const pageQuery = spec.filter ? pageQuerySchema.extend(spec.filter.shape) : pageQuerySchema;
  const { messages } = spec;

  return async (app) => {
    app.get(routeOf(spec.paths.all), { config: read, schema: { response: okList(spec.record), ...(spec.filter && { querystring: spec.filter }) } }, async (request, reply) => {
      const rows = await spec.reads.all(app.db, await spec.reader(request), parsed<Filter>(request.query));
      return sendEnvelope(reply, 200, coreMessages.common.ok, rows);
    });

    app.get(routeOf(spec.paths.page), { config: read, schema: { response: okPage(spec.record), querystring: pageQuery } }, async (request, reply) => {
      // The filter without the page: a list that tells an unfiltered read by its filter (fees) must see none.
      const { page: number, size, ...filter } = parsed<PageQuery & Filter>(request.query);
      const page = await spec.reads.page(app.db, await spec.reader(request), { page: number, size }, filter as Filter);
      return typeof page === 'string' ? sendJsonText(reply, 200, envelopeJson(coreMessages.common.ok, page)) : sendEnvelope(reply, 200, coreMessages.common.ok, page);
    });

    app.get(
      routeOf(spec.paths.searchColumn),
      { config: read, schema: { response: okPage(spec.record), querystring: columnSearchQuerySchema } },
      async (request, reply) => {
        const { column, value, page, size } = request.query;
        const searchable = searchableColumn(spec.searchColumns, column, messages.invalidColumn);
        const found = await spec.reads.search(app.db, await spec.reader(request), searchable, value, { page, size });
        return sendEnvelope(reply, 200, coreMessages.common.ok, found);
      },
    );

    app.get(routeOf(spec.paths.one), { config: read, schema: { response: ok(spec.record), params: idParams } }, async (request, reply) => {
      const found = await spec.reads.one(app.db, await spec.reader(request), request.params.id);
      if (!found) throw notFound(messages.notFound);
      return sendEnvelope(reply, 200, coreMessages.common.ok, found);
    });

    app.post(routeOf(spec.paths.create), { config: write, schema: { response: created(spec.record), body: spec.input } }, (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const input = parsed<Input>(request.body);
        const data = await spec.create(tx, request, input);
        return { status: 201, message: typeof messages.added === 'string' ? messages.added : messages.added(input), data };
      }),
    );

    app.put(
      routeOf(spec.paths.update),
      { config: write, schema: { response: ok(updateAnswerSchema(spec.record)), params: idParams, body: spec.input } },
      (request, reply) =>
        runWrite(request, reply, async (tx) => {
          const input = parsed<Input>(request.body);
          const { id } = request.params;
          const stored = await spec.update.check(tx, request, id);
          const kept = () => spec.update.kept(tx, request, id);
          const lost = await lostUpdate(tx, { entity: spec.entity, table: spec.table, user: userOf(request), id, baseRev: input.baseRev, yours: { ...input, id }, kept });
          if (lost) return lost;
          if (stored === undefined) throw notFound(messages.notFound);
          return { message: messages.updated, data: await spec.update.apply(tx, request, id, input, stored) };
        }),
    );

    app.delete(routeOf(spec.paths.remove), { config: write, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { id } = request.params;
        const stored = await spec.remove.check(tx, request, id);
        if (stored === undefined) throw notFound(messages.notFound);
        await spec.remove.apply(tx, request, id, stored);
        return { message: messages.deleted, data: { id } };
      }),
    );
  };
}
