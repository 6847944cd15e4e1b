import type { FastifyInstance } from 'fastify';
import { requireAdmin } from './require-admin';

/**
 * Registers admin routes in a scope that checks the caller's role first: on onRequest, before
 * the body is parsed and validated (Fastify validates before preHandler), so that a visitor gets
 * 401 and a customer 403 whatever they sent, and learns nothing about what a valid write looks
 * like. Every /admin route but the public GET /admin/address/type is registered through it.
 */
export function registerAdminScope(
  app: FastifyInstance,
  registerRoutes: (scope: FastifyInstance) => void | Promise<void>,
): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      requireAdmin(await request.getUser());
    });
    await registerRoutes(scope);
  });
}
