import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core tables, and each module's own (docs/adding-a-module.md).
  schema: ['./server/db/schema.ts', './server/modules/*/tables.ts'],
  out: './server/db/migrations',
});
