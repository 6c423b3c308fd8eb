import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The rev sequence, the core and service tables below the modules, the attachment store's, and
  // each module's own (docs/adding-a-module.md).
  schema: ['./server/db/columns.ts', './server/db/core-tables.ts', './server/db/service-tables.ts', './server/files/tables.ts', './server/modules/*/tables.ts'],
  out: './server/db/migrations',
});
