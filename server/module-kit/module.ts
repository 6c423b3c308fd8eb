/**
 * One server module, described once: its name (the API documentation's tag), its routes, and the
 * pull sources of the entities it syncs. server/modules/index.ts lists the descriptors; app.ts
 * registers their routes and the sync pull reads their sources from that one list
 * (docs/adding-a-module.md).
 */
import type { SyncedEntity } from '../../contract/sync';
import type { DigestInUse } from '../files/attachment-store';
import type { ZodPlugin } from '../plugins/zod-validation';
import type { BatchWrite } from './batch-writes';
import type { Importer } from './importer';
import type { SyncSource } from './sync-source';

export interface ServerModule {
  /** Short and unique: the tag of the module's routes in /api/docs. */
  name: string;
  /** One line for people reading /api/docs. */
  summary: string;
  routes: ZodPlugin;
  /** One per entity the module sends to devices through GET /api/sync/pull. */
  syncSources?: readonly SyncSource[];
  /**
   * The module's own paths when its contract file names them (`homeworkPaths`) rather than
   * contract/paths.ts: the test that every route is declared in the contract reads them here.
   */
  paths?: object;
  /** Routes whose work the batch push may apply several at once (module-kit/batch-writes.ts). */
  batchWrites?: readonly BatchWrite[];
  /** Its spreadsheet uploads (module-kit/importer.ts), served by the imports module. */
  importers?: readonly Importer[];
  /**
   * When its rows name attached files' bytes (server/files/): whether any of them still names
   * these. The attachment store asks every module before it drops a school's bytes (app.ts).
   */
  attachmentDigests?: DigestInUse;
}

export function defineModule<const M extends ServerModule>(module: M): M {
  return module;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The registered modules (server/modules/index.ts), for those that describe the others (/api/docs). */
    serverModules: readonly ServerModule[];
    /** The entities the pull may send (contract/sync-entities.ts), for the pull's answer schema. */
    syncedEntities: readonly SyncedEntity[];
    /** Every registered module's pull sources, in registry order (app.ts). */
    syncSources: readonly SyncSource[];
    /** Every registered module's importers, in registry order (app.ts). */
    importers: readonly Importer[];
    /** Set inside a module's own scope only: which module a route belongs to (route catalogue). */
    moduleName?: string;
  }
}
