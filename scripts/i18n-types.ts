/** `npm run i18n:types`: writes src/i18n/message-types.ts from the English catalogs (scripts/i18n/message-types.ts). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './i18n/catalog-files';
import { messageTypesSource } from './i18n/message-types';

const target = path.join(root, 'src', 'i18n', 'message-types.ts');
writeFileSync(target, messageTypesSource());
console.log(`Wrote ${path.relative(root, target)}`);
