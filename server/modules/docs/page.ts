/**
 * /api/docs: the OpenAPI document as one plain page for people, grouped by module: every route
 * with its access rule, its parameters, body and answers as JSON Schema. No scripts and nothing
 * from elsewhere (the servers of a school may have no internet).
 */
import { describeAccess, type OpenApiDocument, type OpenApiOperation } from './openapi';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

function schemaBlock(title: string, schema: unknown): string {
  return `<details><summary>${escape(title)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function operationHtml(method: string, path: string, operation: OpenApiOperation): string {
  const parts = [
    `<h3><code>${escape(method.toUpperCase())} ${escape(path)}</code></h3>`,
    `<p>Access: <strong>${(operation['x-access-variants'] ?? [operation['x-access']]).map((access) => escape(describeAccess(access))).join('</strong> or <strong>')}</strong></p>`,
  ];
  for (const parameter of operation.parameters ?? []) {
    parts.push(schemaBlock(`${parameter.in} parameter ${parameter.name}${parameter.required ? ' (required)' : ''}`, parameter.schema));
  }
  const body = operation.requestBody?.content['application/json'];
  if (body) parts.push(schemaBlock('Request body (JSON)', body.schema));
  for (const [status, answer] of Object.entries(operation.responses)) {
    const content = Object.values(answer.content ?? {})[0];
    parts.push(schemaBlock(`${status === 'default' ? 'Refusals' : status}: ${answer.description}`, content?.schema ?? null));
  }
  return `<section class="route">${parts.join('\n')}</section>`;
}

export function renderDocsPage(document: OpenApiDocument, jsonPath: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags[0] ?? 'other';
      const list = byTag.get(tag) ?? [];
      list.push(operationHtml(method, path, operation));
      byTag.set(tag, list);
    }
  }
  const tags = document.tags.filter((tag) => byTag.has(tag.name));
  const contents = tags.map((tag) => `<li><a href="#${escape(tag.name)}">${escape(tag.name)}</a>: ${escape(tag.description)}</li>`).join('\n');
  const sections = tags
    .map((tag) => `<section id="${escape(tag.name)}"><h2>${escape(tag.name)}</h2><p>${escape(tag.description)}</p>${(byTag.get(tag.name) ?? []).join('\n')}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
code, pre { font-family: ui-monospace, monospace; }
pre { background: #f4f4f4; padding: 0.5rem; overflow-x: auto; font-size: 0.85rem; }
.route { border-top: 1px solid #ddd; padding: 0.5rem 0; }
h3 { font-size: 1rem; margin: 0.5rem 0 0; overflow-wrap: anywhere; }
summary { cursor: pointer; }
</style>
</head>
<body>
<main>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description)}</p>
<p>Machine-readable: <a href="${escape(jsonPath)}">OpenAPI ${escape(document.openapi)} (JSON)</a>.</p>
<nav aria-label="Modules"><ul>${contents}</ul></nav>
${sections}
</main>
</body>
</html>
`;
}
