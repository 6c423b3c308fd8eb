/**
 * The TypeScript of the English catalogs (every area but `messages`, whose ids are the paths of
 * contract/messages.ts and are found by their English text, and `server`, which the app never loads): every message id with the values it
 * takes (MessageValues) and the same as a tree of paths (Texts), which src/i18n/translate.ts types
 * `tr()` and `t` with. `npm run i18n:types` writes it to src/i18n/message-types.ts; a unit test
 * fails when the file is not what the catalogs make.
 */
import { catalogAreas, placeholdersOf, readCatalog, selectCasesOf } from './catalog-files';

type Tree = Map<string, Tree | string>;

function valuesType(message: string): string {
  const placeholders = placeholdersOf(message);
  const cases = selectCasesOf(message);
  if (placeholders.size === 0) return 'NoValues';
  const fields = [...placeholders].map(([name, kind]) => {
    if (kind === 'number') return `${name}: number`;
    if (kind === 'select') return `${name}: ${[...(cases.get(name) ?? []).map((one) => `'${one}'`), 'string'].join(' | ')}`;
    return `${name}: string | number`;
  });
  return `{ ${fields.join('; ')} }`;
}

export function messageTypesSource(): string {
  const entries = catalogAreas.filter((area) => area !== 'messages' && area !== 'server').flatMap((area) => readCatalog('en', area));
  const tree: Tree = new Map();
  for (const { id, text } of entries) {
    const parts = id.split('.');
    let node = tree;
    parts.slice(0, -1).forEach((part) => {
      const next = node.get(part);
      if (typeof next === 'string') throw new Error(`${id}: ${parts.slice(0, parts.indexOf(part) + 1).join('.')} is a message and a group`);
      if (!next) node.set(part, new Map());
      node = node.get(part) as Tree;
    });
    const leaf = parts[parts.length - 1]!;
    if (node.has(leaf)) throw new Error(`${id}: a group or a message twice`);
    const values = valuesType(text);
    node.set(leaf, values === 'NoValues' ? 'string' : `(values: ${values}) => string`);
  }
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
  const printTree = (node: Tree, indent: string): string =>
    [...node]
      .map(([name, value]) => (typeof value === 'string' ? `${indent}${key(name)}: ${value};` : `${indent}${key(name)}: {\n${printTree(value, `${indent}  `)}\n${indent}};`))
      .join('\n');
  return [
    '// Written by `npm run i18n:types` from the English catalogs, src/i18n/locales/en/*.po: do not edit.',
    'type NoValues = Record<never, never>;',
    '',
    'export interface MessageValues {',
    ...entries.map(({ id, text }) => `  '${id}': ${valuesType(text)};`),
    '}',
    '',
    'export type MessageId = keyof MessageValues;',
    '',
    'export interface Texts {',
    printTree(tree, '  '),
    '}',
    '',
  ].join('\n');
}
