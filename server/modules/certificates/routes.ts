/**
 * Certificates (/admin/records/printbonafide|printtc|printstudentdetails/{id}): issuing one adds a
 * line to the school's issue register with the next serial of its kind (gapless, numbering.ts) and
 * freezes the print data, so every reprint shows the same page (issue.ts). A transfer certificate
 * also marks the student's admission withdrawn. Staff issue; a teacher only for students of their classes.
 */
import { z } from 'zod';
import {
  bonafideInputSchema,
  certificateListQuerySchema,
  certificateSchema,
  printDataSchema,
  studentDetailsInputSchema,
  transferInputSchema,
} from '../../../contract/certificate';
import { pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { paths, routeOf } from '../../../contract/paths';
import { notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { created, ok, okList, okPage } from '../../module-kit/responses';
import { type IssueDetails, issue } from './issue';
import { certificateRepository as repo, toCertificate } from './repository';

const staff = { access: staffRoles } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.certificates.notFound) });
const studentParams = z.object({ studentId: z.uuid(messages.certificates.studentNotFound) });

export const certificateRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.certificates.all), { config: staff, schema: { response: okList(certificateSchema), querystring: certificateListQuerySchema } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, tenantOf(request).tenantId, request.query));
  });

  app.get(
    routeOf(paths.certificates.page),
    { config: staff, schema: { response: okPage(certificateSchema), querystring: pageQuerySchema.extend(certificateListQuerySchema.shape) } },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, tenantOf(request).tenantId, { page, size }, filter));
    },
  );

  async function find(tenantId: string, id: string) {
    const found = await repo.one(app.db, tenantId, id);
    if (!found) throw notFound(messages.certificates.notFound);
    return found;
  }

  app.get(routeOf(paths.certificates.print), { config: staff, schema: { response: ok(printDataSchema), params: idParams } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, (await find(tenantOf(request).tenantId, request.params.id)).print);
  });

  app.get(routeOf(paths.certificates.one), { config: staff, schema: { response: ok(certificateSchema), params: idParams } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await find(tenantOf(request).tenantId, request.params.id));
  });

  const kinds = [
    ['bonafide', bonafideInputSchema],
    ['transfer', transferInputSchema],
    ['studentDetails', studentDetailsInputSchema],
  ] as const;
  for (const [kind, body] of kinds) {
    // The body may be left out entirely: every field has a default.
    const optionalBody = z.preprocess((value) => value ?? {}, body);
    app.post(routeOf(paths.certificates.issue, { kind }), { config: staffWrite, schema: { response: { ...ok(certificateSchema), ...created(certificateSchema) }, params: studentParams, body: optionalBody } }, (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const details: IssueDetails = request.body;
        const { created, row } = await issue(tx, userOf(request), kind, request.params.studentId, details);
        const certificate = toCertificate(row);
        return { status: created ? 201 : 200, message: messages.certificates.issued(certificate.serial), data: certificate };
      }),
    );
  }
};
