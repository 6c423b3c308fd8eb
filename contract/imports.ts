/**
 * Bulk import of classes, students and teachers (POST /api/{entity}/upload, multipart field
 * `file`): what is accepted and the shapes of the answer. Every row is checked before anything is
 * written; the import is all or nothing; importing the same file again changes nothing.
 */
import { z } from 'zod';

export const importEntities = ['classes', 'students', 'teachers'] as const;
export type ImportEntity = (typeof importEntities)[number];

export const uploadExtensions = ['.xlsx', '.xls', '.csv'] as const;
/** For <input type="file" accept>. */
export const uploadAccept =
  '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';
/** Largest file accepted (the server answers 413 above it). */
export const maxUploadBytes = 5 * 1024 * 1024;
/** Most data rows in one file. */
export const maxImportRows = 5000;
/** Longest cell. */
export const maxCellLength = 1000;

/** One problem: the spreadsheet row (the header is row 1), the column and what is wrong. */
export interface ImportIssue {
  row: number;
  column: string;
  message: string;
}

/** 200: everything was written. */
export interface ImportResult {
  totalRows: number;
  created: number;
  updated: number;
  unchanged: number;
}

/** 400: nothing was written. At most `maxReportedIssues` issues are listed. */
export interface ImportRejection {
  totalRows: number;
  errors: ImportIssue[];
  errorCount: number;
  truncated: boolean;
}
export const maxReportedIssues = 500;

export const templateFormats = ['xlsx', 'csv'] as const;
export type TemplateFormat = (typeof templateFormats)[number];
export const templateQuerySchema = z.object({ format: z.enum(templateFormats).default('xlsx') });
