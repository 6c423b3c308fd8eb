/**
 * How an API path is written (docs/api.md): the `/api` base, templates with parameters, the spec's
 * resource pattern and spreadsheet uploads. `contract/paths.ts` names the core routes with these,
 * and a module its own in its contract file (`homeworkPaths` in contract/homework.ts).
 */
export const apiBase = '/api';

/** The names of a pattern's parameters, in order: '/a/:id/b/:kind' -> ['id', 'kind']. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

type AsStrings<T extends string[]> = { [K in keyof T]: string };

/** A path with parameters: called with their values (encoded) in order; `pattern` as routes declare it. */
export interface PathTemplate<P extends string = string> {
  (...values: AsStrings<ParamNames<P>>): string;
  readonly pattern: P;
}

export function template<const P extends string>(pattern: P): PathTemplate<P> {
  const fill = (...values: string[]) => {
    let index = 0;
    return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[index++] ?? ''));
  };
  return Object.assign(fill, { pattern }) as PathTemplate<P>;
}

export function resource<const E extends string>(entity: E) {
  const base = `${apiBase}/${entity}` as const;
  return {
    all: `${base}/all`,
    one: template(`${base}/:id`),
    page: `${base}/pageNation/all`,
    searchColumn: `${base}/search-using-column-pageNation`,
    create: `${base}/create`,
    update: template(`${base}/update/:id`),
    remove: template(`${base}/delete/:id`),
  } as const;
}

/** The spreadsheet upload of an entity and its template (docs/records-server.md "Bulk import"). */
export function uploads<const E extends string>(entity: E) {
  return { upload: `${apiBase}/${entity}/upload`, template: `${apiBase}/${entity}/upload/template` } as const;
}

/**
 * A route's pattern as its module declares it under the /api prefix. `fixed` fills some parameters
 * now (one route per certificate kind, say) and leaves the others to the request.
 */
export function routeOf(path: string | { readonly pattern: string }, fixed: Record<string, string> = {}): string {
  let pattern = typeof path === 'string' ? path : path.pattern;
  for (const [name, value] of Object.entries(fixed)) pattern = pattern.replace(`:${name}`, encodeURIComponent(value));
  if (!pattern.startsWith(`${apiBase}/`)) throw new Error(`Not an API path: ${pattern}`);
  return pattern.slice(apiBase.length);
}
