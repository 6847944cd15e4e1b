import type { FastifyInstance } from 'fastify';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { MailTransaction } from '../../plugins/mail';
import type { SharedPieces } from '../../shared';
import { createParameterRepository } from './parameter-repository';
import { registerParameterRoutes } from './parameter-routes';
import { createParameterService } from './parameter-service';
import { createSiteParameterReader } from './site-parameter-reader';

/** The site's parameters, and the reader every other module is given. */
export function createParameterModule(shared: Pick<SharedPieces, 'db' | 'siteCache'>) {
  const service = createParameterService(createParameterRepository(shared.db), shared.siteCache);
  /** Every module reads a site's parameters through this one reader (compose.ts hands it on). */
  const readParameters = createSiteParameterReader(service);
  return {
    service,
    readParameters,
    /**
     * The same reader within a caller's transaction (the order's mails read through it: PGlite
     * has one connection, which the open transaction holds).
     */
    readParametersIn(tx: MailTransaction): SiteParameterReader {
      return createSiteParameterReader(
        createParameterService(createParameterRepository(tx), shared.siteCache),
      );
    },
    registerRoutes(app: FastifyInstance): void {
      registerParameterRoutes(app, service);
    },
  };
}

export type ParameterModule = ReturnType<typeof createParameterModule>;
