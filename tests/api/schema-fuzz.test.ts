/**
 * Schema fuzz: every write route the app declares (read from the app itself, so a new route is
 * covered without being listed here) is driven with generated bad input: a wrong type in each
 * field, NUL and lone surrogates in strings, strings just below and beyond the body limit, deep
 * nesting, prototype keys, arrays and scalars instead of objects, empty and non-JSON bodies, with
 * and without an Idempotency-Key, on this school's ids and another school's. Each answer must be a
 * 4xx in the envelope, and no row of any school table may change. Seeded, so every run is the same.
 *
 * Every route's query string and path parameters get hostile values too (impossible and
 * out-of-range dates and months, numbers beyond any integer, NUL, lone surrogates, very long
 * strings, repeated keys, wrong types): never a 5xx, a 4xx wherever the value is not one the field
 * takes, and no row changed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { requestBodyLimit } from '../../server/app';
import { queryRows } from '../../server/db/rows';
import type { ImportIssue } from '../../contract/imports';
import type { Importer } from '../../server/module-kit/importer';
import { serverModules } from '../../server/modules';
import { saveOperator } from '../../server/modules/operators/repository';
import { maxJsonDepth } from '../../server/plugins/input-guards';
import type { CataloguedRoute } from '../../server/plugins/route-catalogue';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { minimalXlsxEntries, multipart, sheetFile, sheetXml, zipFile } from '../support/uploads';

/** Bounds the run (PGlite, 2 shared cores): at most this many generated bodies per route and id. */
const maxBodyCasesPerVariant = 14;
/** Tables whose rows a rejected request may legitimately add: stored 4xx answers, rate windows. */
const tablesAllowedToChange = new Set(['idempotency_keys', 'rate_limit_windows']);

let t: TestApp;
let green: SchoolFixture;
let blue: SchoolFixture;
let adminToken: string;
/** For writes only a family may make (a done mark). */
let parentToken: string;
let operatorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  blue = await createSchoolFixture(t.database.db, 'blue');
  adminToken = await t.signIn('green', 'admin@example.in', fixturePassword);
  parentToken = await t.signIn('green', 'parent@example.in', fixturePassword);
  const operator = { username: 'ops@kaksha.app', password: 'Operator-pass-2025' };
  await saveOperator(t.database.db, operator.username, operator.password, false);
  const signIn = await t.call({ method: 'POST', url: paths.operatorSignIn, payload: operator });
  operatorToken = (signIn.json() as { data: { jwtToken: string } }).data.jwtToken;
});
afterAll(() => t.close());

/** A small seeded generator (mulberry32), so the sampled cases are the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}

type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other';

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  entries?: Record<string, string>;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Through optional, nullable, default, transforms and preprocessing to the schema that types the value. */
function unwrap(schema: z.ZodType): z.ZodType {
  for (let current = schema, guard = 0; guard < 20; guard += 1) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe') current = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
    else return current;
  }
  return schema;
}

function objectShape(schema: unknown): Record<string, z.ZodType> | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const def = defOf(unwrap(schema));
  if (def.type === 'object') return def.shape;
  if (def.type === 'union' || def.type === 'intersection') {
    const first = def.options?.[0];
    return first ? objectShape(first) : undefined;
  }
  return undefined;
}

function kindOf(schema: z.ZodType): FieldKind {
  const type = defOf(unwrap(schema)).type;
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'enum' || type === 'array' || type === 'object') {
    return type;
  }
  return 'other';
}

function plausible(schema: z.ZodType): unknown {
  const inner = unwrap(schema);
  switch (kindOf(inner)) {
    case 'string':
      return 'Fuzz value';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(defOf(inner).entries ?? {})[0] ?? 'x';
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'x';
  }
}

/** A value no schema of this kind accepts. */
const wrongValue = (kind: FieldKind): unknown => (kind === 'object' ? ['not', 'an', 'object'] : { not: { a: 'value' } });

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { deeper: value };
  return value;
}

interface BodyCase {
  name: string;
  /** A JSON value, or raw text sent with a JSON content type. */
  payload: unknown;
  raw?: boolean;
  /** Statuses this case must get (any 4xx when absent). */
  expect?: number[];
  /** A field the 400's fieldErrors must name. */
  field?: string;
  /** Refused by the input guards whatever the route's schema says (NUL, depth, size, prototype keys). */
  guarded?: boolean;
  /** Run on every route it applies to, not sampled (impossible dates in date fields). */
  always?: boolean;
}

function bodyCases(shape: Record<string, z.ZodType>, bodyLimit = requestBodyLimit): BodyCase[] {
  const fields = Object.entries(shape);
  const base = Object.fromEntries(fields.map(([name, schema]) => [name, plausible(schema)]));
  const strings = fields.filter(([, schema]) => kindOf(schema) === 'string' || kindOf(schema) === 'enum').map(([name]) => name);
  const [firstField] = fields.map(([name]) => name);
  const [firstString] = strings;
  const broken = (name: string) => ({ ...base, [name]: wrongValue(kindOf(shape[name]!)) });
  const withBrokenFirst = firstField ? broken(firstField) : { unexpected: { not: 'a body' } };
  const cases: BodyCase[] = [];
  for (const [name, schema] of fields) cases.push({ name: `wrong type in ${name}`, payload: broken(name), expect: [400], field: undefined, ...(kindOf(schema) === 'other' ? { expect: undefined } : {}) });
  // A field that takes a real date and refuses words must refuse days no calendar has.
  const dateFields = fields.filter(([, schema]) => schema.safeParse('2026-06-15').success && !schema.safeParse('Fuzz value').success);
  for (const [name] of dateFields) {
    for (const date of ['2026-02-30', '0000-01-01', '9999-12-31']) cases.push({ name: `date ${date} in ${name}`, payload: { ...base, [name]: date }, expect: [400], always: true });
  }
  for (const name of strings) {
    cases.push({ name: `NUL in ${name}`, payload: { ...base, [name]: 'Fuzz\u0000value' }, expect: [400], field: name, guarded: true });
    cases.push({ name: `lone surrogate in ${name}`, payload: { ...base, [name]: 'Fuzz\ud800' }, expect: [400], field: name, guarded: true });
  }
  cases.push(
    { name: 'NUL in a key', payload: { ...withBrokenFirst, 'key\u0000': 'x' }, expect: [400], guarded: true },
    { name: `nested deeper than ${maxJsonDepth}`, payload: { ...base, [firstField ?? 'x']: nested(maxJsonDepth + 1) }, expect: [400], guarded: true },
    { name: 'nested 20 000 deep', payload: `{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, raw: true, expect: [400], guarded: true },
    { name: '__proto__ key', payload: `{"__proto__":{"isAdmin":true},${JSON.stringify(base).slice(1)}`.replace(',}', '}'), raw: true, expect: [400], guarded: true },
    { name: 'constructor.prototype key', payload: `{"constructor":{"prototype":{"isAdmin":true}},${JSON.stringify(base).slice(1)}`.replace(',}', '}'), raw: true, expect: [400], guarded: true },
    { name: 'prototype key', payload: { prototype: { isAdmin: true }, ...withBrokenFirst } },
    { name: 'array instead of object', payload: [base], expect: [400] },
    { name: 'a number instead of object', payload: '42', raw: true, expect: [400] },
    { name: 'null instead of object', payload: 'null', raw: true, expect: [400] },
    { name: 'empty body', payload: '', raw: true, expect: [400] },
    { name: 'not JSON', payload: '{"unterminated": ', raw: true, expect: [400] },
    { name: 'beyond the body limit', payload: { ...base, [firstString ?? 'x']: 'x'.repeat(bodyLimit + 16) }, expect: [413], guarded: true },
    { name: 'just below the body limit', payload: { ...withBrokenFirst, [firstString ?? 'filler']: 'x'.repeat(bodyLimit - 4096) } },
  );
  return cases;
}

/**
 * A case the route's own schema accepts is no bad input for that route (a certificate's body may be
 * null: every field has a default), so it is left out; the guards' cases always count.
 */
function isBadFor(schema: unknown, bodyCase: BodyCase): boolean {
  if (bodyCase.guarded || !(schema instanceof z.ZodType)) return true;
  let value: unknown;
  try {
    value = bodyCase.raw ? JSON.parse(bodyCase.payload as string) : bodyCase.payload;
  } catch {
    return true;
  }
  return !schema.safeParse(value).success;
}

/** The guards' and structural cases always run; the others are sampled. */
function chooseCases(cases: BodyCase[], seed: number): BodyCase[] {
  const always = cases.filter((c) => c.guarded || c.raw || c.always);
  const rest = cases.filter((c) => !always.includes(c));
  return [...always, ...seeded(seed).sample(rest, Math.max(0, maxBodyCasesPerVariant - always.length))];
}

/** Real ids of a school for a route's parameter, by the collection its path names. */
function realId(school: SchoolFixture, url: string, param: string): string {
  if (param === 'tenantId') return school.tenantId;
  const collection = url.split('/')[2];
  switch (collection) {
    case 'classes':
      return school.classIds[0]!;
    case 'students':
    case 'certificates':
      return school.studentIds[0]!;
    case 'teachers':
      return school.teacherId;
    case 'subjects':
      return school.subjectIds[0]!;
    case 'classSubjects':
      return school.classSubjectIds[0]!;
    case 'accounts':
      return school.accounts.student.id;
    default:
      return randomUUID();
  }
}

/** The route's url with each `:param` replaced by a path segment (already percent-encoded). */
function fillParams(url: string, segment: (param: string) => string): string {
  return url.replace(/:(\w+)/g, (_match, param: string) => segment(param));
}

function tokenFor(route: CataloguedRoute): string | undefined {
  if (route.access === 'operator') return operatorToken;
  if (route.access === 'global' || route.access === 'tenant') return undefined;
  if (Array.isArray(route.access) && !route.access.includes('admin')) return parentToken;
  return adminToken;
}

async function checksums(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    if (tablesAllowedToChange.has(name)) continue;
    const [row] = await queryRows<{ sum: string | null; count: number }>(
      t.database.db,
      sql.raw(`select count(*)::int as count, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as sum from "${name}" r`),
    );
    sums[name] = `${row?.count}:${row?.sum}`;
  }
  return sums;
}

interface Failure {
  request: string;
  status: number;
  body: string;
}

function checkAnswer(failures: Failure[], request: string, response: LightMyRequestResponse, expected?: number[], field?: string) {
  const fail = () => failures.push({ request, status: response.statusCode, body: response.body.slice(0, 300) });
  const ok = expected ? expected.includes(response.statusCode) : response.statusCode >= 400 && response.statusCode < 500;
  if (!ok || response.statusCode >= 500) return fail();
  let envelope: { success?: unknown; message?: unknown; data?: { fieldErrors?: Record<string, string[]> } | null };
  try {
    envelope = response.json();
  } catch {
    return fail();
  }
  if (envelope.success !== response.statusCode < 400 || typeof envelope.message !== 'string' || envelope.message === '') return fail();
  if (field && !envelope.data?.fieldErrors?.[field]?.includes(messages.common.unstorableText)) return fail();
}

const anyNon5xx = Array.from({ length: 400 }, (_, index) => 100 + index);
const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('schema fuzz over every write route', () => {
  it('finds the write routes from the app itself', () => {
    const writes = t.app.routeCatalogue.filter((route) => writeMethods.has(route.method));
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.map((route) => `${route.method} ${route.url}`)).toContain('POST /api/contacted_client/create');
  });

  it('answers every bad body, id and file with a 4xx envelope and changes no row', { timeout: 120_000 }, async () => {
    const before = await checksums();
    const failures: Failure[] = [];
    let requests = 0;
    const writes = t.app.routeCatalogue.filter((route) => writeMethods.has(route.method));

    for (const [routeIndex, route] of writes.entries()) {
      const token = tokenFor(route);
      const shape = objectShape(route.schema?.body);
      const hasParams = route.url.includes(':');
      const isUpload = route.url.endsWith('/upload');
      // A route without a body schema acts on its id alone: this school's real id would be a valid
      // request, so only another school's id and junk ids are tried there.
      const idVariants: [string, (param: string) => string][] = [['other school', (param) => realId(blue, route.url, param)]];
      if (shape) idVariants.unshift(['own school', (param) => realId(green, route.url, param)]);
      if (!hasParams) idVariants.splice(0, idVariants.length, ['no id', () => '']);

      const send = async (url: string, label: string, payload: unknown, raw: boolean, withKey: boolean, expected?: number[], field?: string) => {
        requests += 1;
        const response = await t.call({
          method: route.method as 'POST',
          url,
          tenant: 'green',
          token,
          headers: {
            'content-type': 'application/json',
            ...(withKey ? { [headers.idempotencyKey]: randomUUID() } : {}),
          },
          payload: raw ? (payload as string) : JSON.stringify(payload),
        });
        checkAnswer(failures, `${route.method} ${url} ${label}${withKey ? ' +key' : ''}`, response, expected, field);
      };

      const cases = (shape ? bodyCases(shape, route.bodyLimit) : bodyCases({}, route.bodyLimit)).filter((bodyCase) => isBadFor(route.schema?.body, bodyCase));
      for (const [variantIndex, [variant, idOf]] of idVariants.entries()) {
        const url = fillParams(route.url, idOf);
        for (const [caseIndex, bodyCase] of chooseCases(cases, routeIndex * 31 + variantIndex).entries()) {
          // Routes that read no JSON body (uploads) refuse every JSON body as the wrong media type.
          // Uploads read no JSON body: any 4xx (415 once past the guards). A route with neither body
          // schema nor id ignores a body it does not read (renewing a session): no 5xx is all it owes.
          const expected = shape ? bodyCase.expect : !hasParams && !isUpload ? anyNon5xx : undefined;
          await send(url, `[${variant}] ${bodyCase.name}`, bodyCase.payload, bodyCase.raw ?? false, caseIndex % 2 === 0, expected, shape ? bodyCase.field : undefined);
        }
      }
      if (hasParams) {
        for (const junk of ['not-an-id', 'x'.repeat(300), '%00', '%ED%A0%80', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%ZZ']) {
          const url = fillParams(route.url, () => junk);
          await send(url, `junk id ${JSON.stringify(junk.slice(0, 20))}`, shape ? objectShapeBase(shape) : {}, false, true);
          await send(url, `junk id ${JSON.stringify(junk.slice(0, 20))}`, shape ? objectShapeBase(shape) : {}, false, false);
        }
      }
      const importer = serverModules.flatMap((module) => module.importers ?? []).find((candidate) => route.url === `/api/${candidate.entity}/upload`);
      if (isUpload) expect(importer, route.url).toBeDefined();
      for (const { name, file, column } of importer ? hostileFiles(importer) : []) {
        requests += 1;
        const response = await t.call({ method: 'POST', url: route.url, tenant: 'green', token, ...multipart(name, file) });
        checkAnswer(failures, `POST ${route.url} file ${name}`, response, column ? [400] : undefined);
        const errors = column ? (response.json() as { data?: { errors?: ImportIssue[] } }).data?.errors : undefined;
        if (column && !errors?.some((issue) => issue.column === column && issue.message === messages.imports.unstorableCell)) {
          failures.push({ request: `POST ${route.url} file ${name}`, status: response.statusCode, body: response.body.slice(0, 300) });
        }
      }
    }

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    expect(await checksums()).toEqual(before);
  });
});

/** A query or path value: percent-encoded text, or several values of one key (`?from=a&from=b`). */
type HostileValue = { label: string; encoded: string | string[] };

const impossibleDates = ['2026-02-30', '2026-13-45', '0000-00-00', '0000-01-01', '2026-00-10', '1066-10-14', '9999-12-31'];
const impossibleMonths = ['2026-13', '2026-00', '0000-01', '9999-12'];
/** Month and year as a path writes them (staff attendance's `11-2026`). */
const impossibleMonthYears = ['13-2026', '11-0000'];
const hugeNumbers = ['99999999999999999999', '1e999', '-99999999999999999999'];

const hostileValues: HostileValue[] = [
  ...impossibleDates.map((date) => ({ label: `date ${date}`, encoded: date })),
  ...impossibleMonths.map((month) => ({ label: `month ${month}`, encoded: month })),
  ...impossibleMonthYears.map((month) => ({ label: `month-year ${month}`, encoded: month })),
  ...hugeNumbers.map((number) => ({ label: `number ${number}`, encoded: number })),
  { label: 'NaN', encoded: 'NaN' },
  { label: 'negative', encoded: '-1' },
  { label: 'NUL', encoded: 'a%00b' },
  { label: 'lone surrogate', encoded: '%ED%A0%80' },
  { label: 'bad percent', encoded: '%ZZ' },
  { label: '10 000 characters', encoded: 'x'.repeat(10_000) },
  { label: 'path climb', encoded: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'empty', encoded: '' },
  { label: 'two values', encoded: ['2026-06-15', '2026-06-16'] },
];

/** The value a field is given when the request is about another field: a real id, a real date ... */
function acceptedValue(school: SchoolFixture, name: string, schema: z.ZodType): string | undefined {
  const ids: Record<string, string | undefined> = {
    classId: school.classIds[0],
    studentId: school.studentIds[0],
    teacherId: school.teacherId,
    subjectId: school.subjectIds[0],
  };
  const candidates = [ids[name], '2026-06-15', '2026-06', '2026', '1', randomUUID(), 'xlsx', plausible(schema), 'Fuzz value'];
  return candidates
    .filter((value) => value !== undefined)
    .map((value) => (typeof value === 'string' ? value : String(value)))
    .find((value) => schema.safeParse(value).success);
}

const takes = (schema: z.ZodType, value: string) => schema.safeParse(value).success;

/**
 * A field that takes a real date and refuses words is a date field: it must refuse every
 * impossible or out-of-range date (likewise months, and whole numbers beyond any integer), whatever
 * a looser schema would let through to the database.
 */
function mustRefuse(schema: z.ZodType, hostile: HostileValue): boolean {
  const { encoded } = hostile;
  const value = Array.isArray(encoded) ? encoded : decodeURIComponentSafe(encoded);
  if (value === undefined || !schema.safeParse(value).success) return true;
  if (typeof encoded !== 'string') return false;
  const words = !takes(schema, 'Fuzz value');
  if (words && takes(schema, '2026-06-15') && impossibleDates.includes(encoded)) return true;
  if (words && takes(schema, '2026-06') && impossibleMonths.includes(encoded)) return true;
  if (words && takes(schema, '1') && hugeNumbers.includes(encoded)) return true;
  return false;
}

function decodeURIComponentSafe(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function queryString(entries: [string, string | string[]][]): string {
  const parts = entries.flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => `${encodeURIComponent(name)}=${one}`));
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

describe('query strings and path parameters of every route', () => {
  it('finds routes with query strings and with path parameters', () => {
    const withQuery = t.app.routeCatalogue.filter((route) => objectShape(route.schema?.querystring));
    expect(withQuery.length).toBeGreaterThan(30);
    expect(withQuery.map((route) => `${route.method} ${route.url}`)).toEqual(expect.arrayContaining(['GET /api/fees/all', 'GET /api/timetable/uncovered']));
    expect(t.app.routeCatalogue.filter((route) => route.method === 'GET' && route.url.includes(':')).length).toBeGreaterThan(20);
  });

  it('answers every hostile query value and path parameter with a 4xx (never a 5xx) and changes no row', { timeout: 300_000 }, async () => {
    const before = await checksums();
    const failures: Failure[] = [];
    let requests = 0;
    const send = async (route: CataloguedRoute, url: string, label: string, expected?: number[]) => {
      requests += 1;
      const write = writeMethods.has(route.method);
      const shape = objectShape(route.schema?.body);
      const response = await t.call({
        method: route.method as 'GET',
        url,
        tenant: 'green',
        token: tokenFor(route),
        ...(write ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(shape ? objectShapeBase(shape) : {}) } : {}),
      });
      const request = `${route.method} ${url.slice(0, 120)} ${label}`;
      // A value the field takes may be answered with anything but a 5xx (a file, for a template).
      if (expected && response.statusCode < 400) {
        if (response.statusCode >= 500) failures.push({ request, status: response.statusCode, body: response.body.slice(0, 300) });
        return;
      }
      checkAnswer(failures, request, response, expected);
    };

    // HEAD answers are GET's without a body (Fastify adds them): GET is driven.
    for (const route of t.app.routeCatalogue.filter((candidate) => candidate.method !== 'HEAD')) {
      const realParams = (param: string) => realId(green, route.url, param);
      const query = objectShape(route.schema?.querystring);
      if (query) {
        const fields = Object.entries(query);
        const required = fields.filter(([, schema]) => !schema.safeParse(undefined).success);
        for (const [name, schema] of fields) {
          const others = required
            .filter(([other]) => other !== name)
            .map(([other, otherSchema]): [string, string] => [other, encodeURIComponent(acceptedValue(green, other, otherSchema) ?? '')]);
          for (const hostile of hostileValues) {
            const url = fillParams(route.url, realParams) + queryString([...others, [name, hostile.encoded]]);
            await send(route, url, `query ${name}: ${hostile.label}`, mustRefuse(schema, hostile) ? undefined : anyNon5xx);
          }
          // A key the schema does not know, named like the field with brackets (`from[x]=`).
          await send(route, fillParams(route.url, realParams) + queryString([...others, [`${name}[x]`, '1']]), `query ${name}[x]`, anyNon5xx);
        }
      }
      const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      for (const param of params) {
        for (const hostile of hostileValues) {
          if (Array.isArray(hostile.encoded) || hostile.encoded === '') continue;
          const encoded = hostile.encoded;
          const url = fillParams(route.url, (name) => (name === param ? encoded : realParams(name)));
          await send(route, url, `param ${param}: ${hostile.label}`);
        }
      }
    }

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1500);
    expect(await checksums()).toEqual(before);
  });
});

function objectShapeBase(shape: Record<string, z.ZodType>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, plausible(schema)]));
}

const plausibleCells: Record<string, string> = { className: 'V', classSection: 'A', admissionId: 'FUZZ-1', employeeId: 'EMP-FUZZ' };

interface HostileFile {
  name: string;
  file: Buffer;
  /** The column whose cell the 400's report must point at. */
  column?: string;
}

/**
 * Files an importer would accept but for one cell the database cannot store: a NUL typed into a
 * CSV or an .xlsx cell, or an .xlsx cell escaping it as _x0000_ (which the parser turns into NUL).
 */
function hostileFiles(importer: Importer): HostileFile[] {
  const header = importer.columns.filter((column) => importer.required.includes(column) || column in plausibleCells);
  const row = header.map((column) => plausibleCells[column] ?? 'Asha');
  const files: HostileFile[] = [{ name: 'empty.csv', file: Buffer.from('') }];
  // Each kind of file puts its bad cell in another column (each upload runs a sandboxed parser: slow).
  const kinds: [string, (cells: string[]) => Buffer, string][] = [
    ['csv', (cells) => sheetFile([header, cells], 'csv'), 'Fu\u0000zz'],
    ['xlsx', (cells) => sheetFile([header, cells], 'xlsx'), 'Fu\u0000zz'],
    ['escaped.xlsx', (cells) => zipFile(minimalXlsxEntries(sheetXml([header, cells]))), 'Fu_x0000_zz'],
  ];
  for (const [kindIndex, [extension, build, badCell]] of kinds.entries()) {
    const index = kindIndex % header.length;
    const column = header[index]!;
    files.push({ name: `nul-${column}.${extension}`, file: build(row.map((value, at) => (at === index ? badCell : value))), column });
  }
  return files;
}
