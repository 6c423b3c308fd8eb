/** What the set-up's writes refuse with a 4xx: unknown heads and classes, a head name or a class's year taken twice. */
import { academicYearLabel } from '../../../contract/admission';
import { feeMessages } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../errors';
import { feeSetupRepository as repo } from './setup-repository';

export async function assertHeadsExist(tx: Db, tenantId: string, headIds: string[], field: string): Promise<void> {
  const unique = [...new Set(headIds)];
  if ((await repo.liveHeadCount(tx, tenantId, unique)) !== unique.length) {
    throw badRequest(feeMessages.headNotFound, { fieldErrors: { [field]: [feeMessages.headNotFound] } });
  }
}

export async function assertClassExists(tx: Db, tenantId: string, classId: string): Promise<void> {
  if (!(await repo.classIsLive(tx, tenantId, classId))) {
    throw badRequest(messages.classes.notFound, { fieldErrors: { classId: [messages.classes.notFound] } });
  }
}

export function headNameTaken(name: string) {
  const message = feeMessages.headNameTaken(name);
  return conflict(message, { fieldErrors: { name: [message] } });
}

export function structureTaken(academicYear: number) {
  const message = feeMessages.structureExists(academicYearLabel(academicYear));
  return conflict(message, { fieldErrors: { classId: [message] } });
}
