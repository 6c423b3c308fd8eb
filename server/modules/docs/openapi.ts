/**
 * The OpenAPI 3.1 description of the API, made from what the routes declare (the route catalogue):
 * path, method, the module's tag, the access rule (`x-access`), and the contract's zod schemas as
 * JSON Schema (zod's own z.toJSONSchema). Nothing here is written by hand per route, so the
 * document cannot drift from the routes.
 */
import { z } from 'zod';
import { failureEnvelopeSchema, headers } from '../../../contract/envelope';
import type { ServerModule } from '../../module-kit/module';
import type { CataloguedRoute } from '../../plugins/route-catalogue';
import type { Access } from '../../types';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  tags: string[];
  summary: string;
  'x-access': Access;
  /** A path the router splits by a constraint (GET /schools/all with and without a token): every variant's rule. */
  'x-access-variants'?: Access[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
}

function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!isZodSchema(schema)) return undefined;
  // Transforms and refinements have no JSON Schema; they are described by what they accept.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** '/api/subjects/:id' -> '/api/subjects/{id}' */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function describeAccess(access: Access | undefined): string {
  if (access === undefined) return 'not declared';
  if (typeof access !== 'string') return `signed in as ${access.join(', ')}`;
  return {
    global: 'anyone, no school needed',
    tenant: `anyone, with ${headers.tenant}`,
    signedIn: `signed in, any role, with ${headers.tenant}`,
    operator: 'an operator of the service (operator token)',
  }[access];
}

function parametersOf(schema: unknown, where: 'path' | 'query'): NonNullable<OpenApiOperation['parameters']> {
  const described = jsonSchema(schema, 'input');
  const properties = (described?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((described?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function securityOf(access: Access | undefined): Pick<OpenApiOperation, 'security'> {
  if (access === 'global' || access === undefined) return {};
  if (access === 'tenant') return { security: [{ tenant: [] }] };
  if (access === 'operator') return { security: [{ bearer: [] }] };
  return { security: [{ tenant: [], bearer: [] }] };
}

function operationOf(route: CataloguedRoute): OpenApiOperation {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
  const parameters = [...parametersOf(schema.params, 'path'), ...parametersOf(schema.querystring, 'query')];
  const body = jsonSchema(schema.body, 'input');
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    const described = jsonSchema(answer, 'output');
    if (!described) continue;
    const binary = described.format === 'binary';
    responses[status] = {
      description: binary ? String(described.description ?? 'A file') : 'The envelope: success, message, data',
      content: { [binary ? 'application/octet-stream' : 'application/json']: { schema: described } },
    };
  }
  responses.default = {
    description: 'A refusal: the status says which kind (docs/api.md), message what is wrong, data any details',
    content: { 'application/json': { schema: jsonSchema(failureEnvelopeSchema, 'output') ?? {} } },
  };
  return {
    tags: [route.module ?? 'other'],
    summary: `${route.method} ${route.url}: ${describeAccess(route.access)}`,
    'x-access': route.access ?? 'global',
    ...securityOf(route.access),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

/** One operation for two routes on one path and method that the router tells apart by a constraint. */
function variants(first: OpenApiOperation, second: OpenApiOperation): OpenApiOperation {
  return {
    ...first,
    summary: `${first.summary} | ${second.summary}`,
    'x-access-variants': [...(first['x-access-variants'] ?? [first['x-access']]), second['x-access']],
    security: [...(first.security ?? [{}]), ...(second.security ?? [{}])],
    responses: { ...second.responses, ...first.responses },
  };
}

export function buildOpenApi(routes: readonly CataloguedRoute[], modules: readonly Pick<ServerModule, 'name' | 'summary'>[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const methods = (paths[openApiPath(route.url)] ??= {});
    const method = route.method.toLowerCase();
    const operation = operationOf(route);
    const earlier = methods[method];
    methods[method] = earlier ? variants(earlier, operation) : operation;
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Kaksha API',
      version: '1',
      description:
        'Every answer is the envelope { success, message, data }; the HTTP status says what kind (docs/api.md). ' +
        `Tenant-scoped calls send ${headers.tenant}; signed-in calls a bearer token of that school. ` +
        'x-access is the rule each route declares: global, tenant, signedIn, operator or a list of roles.',
    },
    tags: modules.map((module) => ({ name: module.name, description: module.summary })),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        tenant: { type: 'apiKey', in: 'header', name: headers.tenant },
      },
    },
    paths,
  };
}
