/**
 * Limits of the upload sandbox (docs/records-server.md). Each one bounds what a hostile file can
 * cost: bytes received, bytes unpacked, rows and cells handed back, memory and time of the parser.
 */
import { maxCellLength, maxImportRows, maxUploadBytes } from '../../../contract/imports';

export interface ImportLimits {
  /** Largest upload (413 above). */
  maxFileBytes: number;
  /** Sum of the unpacked sizes of an .xlsx's entries (413 above). */
  maxUnpackedBytes: number;
  /** Largest unpacked-to-packed ratio of one entry (a zip bomb has thousands). */
  maxEntryRatio: number;
  /** Most entries in an .xlsx (a real workbook has a few dozen). */
  maxZipEntries: number;
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
  /** Wall clock for one parse, worker start included; the worker is terminated after it. */
  timeLimitMs: number;
  /** V8 heap limits of the parser's worker (worker_threads resourceLimits). */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  codeRangeSizeMb: number;
  stackSizeMb: number;
  /** Parsers running at once, and uploads allowed to wait for one (429 beyond). */
  maxConcurrent: number;
  maxQueued: number;
}

export const defaultImportLimits: ImportLimits = {
  maxFileBytes: maxUploadBytes,
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxEntryRatio: 250,
  maxZipEntries: 500,
  maxRows: maxImportRows,
  maxColumns: 64,
  maxCellLength,
  timeLimitMs: 20_000,
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  codeRangeSizeMb: 32,
  stackSizeMb: 4,
  maxConcurrent: 2,
  maxQueued: 8,
};
