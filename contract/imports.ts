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
export const importIssueSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssueSchema>;

/** 200: everything was written. */
export const importResultSchema = z.object({
  totalRows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** 400: nothing was written. At most `maxReportedIssues` issues are listed. */
export const importRejectionSchema = z.object({
  totalRows: z.number(),
  errors: z.array(importIssueSchema),
  errorCount: z.number(),
  truncated: z.boolean(),
});
export type ImportRejection = z.infer<typeof importRejectionSchema>;
export const maxReportedIssues = 500;

export const templateFormats = ['xlsx', 'csv'] as const;
export type TemplateFormat = (typeof templateFormats)[number];
export const templateQuerySchema = z.object({ format: z.enum(templateFormats).default('xlsx') });
