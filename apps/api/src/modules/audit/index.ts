import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAuditRepository } from './audit-repository';
import { registerAuditRoutes } from './audit-routes';

export { type AuditRecord } from './audit-repository';

export { adminActor, auditActorOf, type AuditActor } from './audit-actor';
export { recordAudit } from './audit-repository';

/** The journal of the back office's writes, as the administrator reads it. */
export function createAuditModule(shared: Pick<SharedPieces, 'db'>) {
  const repository = createAuditRepository(shared.db);
  return {
    registerRoutes(app: FastifyInstance): void {
      registerAuditRoutes(app, repository);
    },
  };
}

export type AuditModule = ReturnType<typeof createAuditModule>;
