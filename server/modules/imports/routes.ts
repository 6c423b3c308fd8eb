/**
 * Bulk upload of what the modules offer to import (their descriptors' `importers`: classes,
 * students and teachers; POST /api/{entity}/upload, multipart field `file`) and the templates
 * (GET /api/{entity}/upload/template?format=xlsx|csv). Multipart parsing is registered in this
 * plugin only, with tight limits: one file, a few small fields. The file goes through the sandbox
 * (sandbox.ts), then one transaction checks every row and writes all or nothing (the importer's
 * `run`, module-kit/importer.ts). Admins upload; staff may download templates.
 *
 * Idempotency: exempt. An import is idempotent by nature (the same file again changes nothing) and
 * its body is a file the idempotency hash does not cover.
 */
import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type ImportRejection,
  importRejectionSchema,
  type ImportResult,
  importResultSchema,
  maxReportedIssues,
  templateQuerySchema,
} from '../../../contract/imports';
import { paths, routeOf } from '../../../contract/paths';
import { envelopeSchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { AppError } from '../../errors';
import { tenantOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import type { Importer } from '../../module-kit/importer';
import { ok } from '../../module-kit/responses';
import { defaultImportLimits, type ImportLimits } from './limits';
import { buildWorkbook, parseUpload } from './sandbox';
import { readTable } from './table';

declare module 'fastify' {
  interface FastifyInstance {
    /** Limits of the upload sandbox; tests may decorate smaller ones before the routes register. */
    importLimits?: ImportLimits;
  }
}

/** A 400 before the file is read (the input guards' NUL in a JSON body, say) names fields instead. */
const fieldErrorsSchema = z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) });

/** The template is a file (.xlsx or .csv), not an envelope. */
const templateFileAnswer = { 200: z.string().meta({ description: 'The template file: .xlsx or .csv, as asked.', format: 'binary' }) };

function tooLarge(limits: ImportLimits) {
  return new AppError(413, messages.imports.tooLarge(Math.round(limits.maxFileBytes / 1024 / 1024)));
}

/** The uploaded file's name and bytes, or the 4xx that says what is wrong with the request. */
async function receiveFile(request: FastifyRequest, limits: ImportLimits): Promise<{ filename: string; data: Buffer }> {
  if (!request.isMultipart()) throw new AppError(415, messages.imports.notMultipart);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      // The parser stops at the limit and marks the file truncated; toBuffer misses a cut in the
      // last chunk, so a file just over the limit would arrive cut short (a CSV missing its last rows).
      if (part.file.truncated || data.length > limits.maxFileBytes) throw tooLarge(limits);
      if (data.length === 0) throw new AppError(400, messages.imports.selectFile);
      return { filename: part.filename ?? '', data };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limits);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, messages.imports.notMultipart);
    }
    throw new AppError(400, messages.imports.notMultipart);
  }
  throw new AppError(400, messages.imports.selectFile);
}

async function upload(importer: Importer, request: FastifyRequest, reply: FastifyReply, limits: ImportLimits) {
  const { filename, data } = await receiveFile(request, limits);
  const table = readTable(await parseUpload(filename, data, limits), {
    columns: importer.columns,
    required: importer.required,
    maxCellLength: limits.maxCellLength,
  });
  const totalRows = table.rows.length;
  const rejection = (issues: ImportRejection['errors']) => {
    const sorted = [...issues].sort((a, b) => a.row - b.row);
    const data: ImportRejection = {
      totalRows,
      errors: sorted.slice(0, maxReportedIssues),
      errorCount: sorted.length,
      truncated: sorted.length > maxReportedIssues,
    };
    return { status: 400, message: messages.imports.rejected(sorted.length), data };
  };
  if (table.issues.length > 0) {
    const answer = rejection(table.issues);
    return sendEnvelope(reply, answer.status, answer.message, answer.data);
  }
  return runWrite(request, reply, async (tx) => {
    const outcome = await importer.run(tx, tenantOf(request), table);
    if ('issues' in outcome) return rejection(outcome.issues);
    const result: ImportResult = { totalRows, ...outcome.counts };
    return { message: importer.uploaded, data: result };
  });
}

function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
}

export const importRoutes: ZodPlugin = async (app) => {
  const limits = app.importLimits ?? defaultImportLimits;
  await app.register(multipart, {
    limits: {
      fileSize: limits.maxFileBytes,
      files: 1,
      fields: 4,
      parts: 6,
      fieldNameSize: 100,
      fieldSize: 1024,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });

  const templates = new Map<string, Buffer>();

  for (const importer of app.importers) {
    app.post(routeOf(paths[importer.entity].upload), { config: { access: ['admin'], idempotency: 'exempt' }, schema: { response: { ...ok(importResultSchema), 400: envelopeSchema(z.union([importRejectionSchema, fieldErrorsSchema]).nullable()) } } }, (request, reply) =>
      upload(importer, request, reply, limits),
    );

    app.get(
      routeOf(paths[importer.entity].template),
      { config: { access: staffRoles }, schema: { response: templateFileAnswer, querystring: templateQuerySchema } },
      async (request, reply) => {
        const name = `${importer.entity}-template.${request.query.format}`;
        if (request.query.format === 'csv') {
          reply.header('content-type', 'text/csv; charset=utf-8');
          reply.header('content-disposition', `attachment; filename="${name}"`);
          return reply.send(`\uFEFF${csvLine(importer.templateColumns)}\r\n`);
        }
        let file = templates.get(importer.entity);
        if (!file) {
          file = await buildWorkbook(
            [
              { name: importer.entity, rows: [[...importer.templateColumns]] },
              {
                name: 'Instructions',
                rows: [['column', 'what to write'], ...importer.columns.map((column) => [column, importer.instructions[column] ?? ''])],
              },
            ],
            limits,
          );
          templates.set(importer.entity, file);
        }
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        reply.header('content-disposition', `attachment; filename="${name}"`);
        return reply.send(file);
      },
    );
  }
};
