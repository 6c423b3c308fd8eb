/** Fastify type augmentation: what every route may read from the app and the request. */
import type { RoleName } from '../contract/roles';
import type { School } from '../contract/school';
import type { ServerConfig } from './config';
import type { Coordination, Db } from './db/client';
import type { AttachmentStore } from './files/attachment-store';
import type { DerivedKeys } from './keys';
import type { TokenService } from './tokens';

/**
 * Who may call a route:
 * - 'global': no tenant, no sign-in (school list, health, the public contact form);
 * - 'tenant': a known X-TenantID, no sign-in (sign-in, registration, password reset);
 * - 'signedIn': a known tenant and a valid token of that tenant, any role;
 * - a list of roles: as 'signedIn', and the user's role must be in the list;
 * - 'operator': no tenant; a valid operator token (people who run the service, docs/operators.md).
 */
export type Access = 'global' | 'tenant' | 'signedIn' | 'operator' | readonly RoleName[];

/** An operator of the Kaksha service, authenticated by an operator token. */
export interface OperatorUser {
  id: string;
  username: string;
}

export interface AuthUser {
  id: string;
  username: string;
  role: RoleName;
  tenantId: string;
  studentId: string | null;
  teacherId: string | null;
  tokenExpiresAt: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    db: Db;
    tokens: TokenService;
    config: ServerConfig;
    keys: DerivedKeys;
    /** Task locks and the change feed (absent in some tests: tasks then run without a lock). */
    coordination: Coordination | undefined;
    /** Where attached files' bytes live (server/files/attachment-store.ts). */
    attachmentStore: AttachmentStore;
  }
  interface FastifyRequest {
    tenant: School | null;
    user: AuthUser | null;
    operator: OperatorUser | null;
  }
}
