import type { FastifyInstance } from 'fastify';
import { AUDIT_PAGE_SIZE, listAuditEntries } from '@comptoir/contract/admin-audit';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../user';
import { type AuditRepository } from './audit-repository';

export function registerAuditRoutes(app: FastifyInstance, repository: AuditRepository): void {
  registerAdminScope(app, (admin) => {
    registerEndpoint(admin, listAuditEntries, ({ request, query }) => {
      const limit = query.nbItem ?? AUDIT_PAGE_SIZE;
      const page = query.page ?? 1;
      return repository.list(request.site.id, {
        entityType: query.entityType,
        limit,
        offset: (page - 1) * limit,
      });
    });
  });
}
