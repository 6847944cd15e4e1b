import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { AccountSettings } from './account-settings';
import { registerInactiveAccounts } from './inactive-accounts';
import { createUserAdminRepository } from './user-admin-repository';
import { registerUserAdminRoutes } from './user-admin-routes';
import {
  createUserAdminService,
  type CustomerJournal,
  type CustomerOrders,
} from './user-admin-service';
import { createUserRepository } from './user-repository';
import { registerUserRoutes } from './user-routes';
import { createUserService } from './user-service';

export { createAccountSettings, type AccountSettings } from './account-settings';
export { clearLoginCookies, setLoginCookies, type CookieSettings } from './auth-cookies';
export { checkBirthdateRules } from './birthdate-rules';
export { hashPassword, verifyPassword } from './password-hashing';
export { registerAdminScope } from './admin-scope';
export { requireAdmin } from './require-admin';
export { hashSessionToken } from './session-token';
export type { UserRecord, UserRepository } from './user-repository';
export { NOT_LOGGED_IN_MESSAGE, toUser, type UserService } from './user-service';
export type { CustomerJournal, CustomerOrders } from './user-admin-service';

/**
 * The users of a site: the one user repository of the app (the auth plugin and the auth module
 * are given it by compose.ts), the account routes (profile, password), and the back office's
 * customers (decision 0065: list, detail with orders, the RGPD export, the erasure), which are
 * handed the customers' orders and the journal (decision 0093).
 */
export function createUserModule(
  shared: Pick<
    SharedPieces,
    'db' | 'readParameters' | 'now' | 'jobs' | 'log' | 'mailer' | 'production'
  >,
  account: AccountSettings,
  deps: { orders: CustomerOrders; journal: CustomerJournal },
) {
  const repository = createUserRepository(shared.db);
  const service = createUserService(repository);
  const admin = createUserAdminService({
    repository: createUserAdminRepository(shared.db),
    orders: deps.orders,
    journal: deps.journal,
    users: repository,
    now: shared.now,
  });
  return {
    repository,
    service,
    registerRoutes(app: FastifyInstance): void {
      registerUserRoutes(app, repository, shared.readParameters, account, admin);
      registerUserAdminRoutes(app, admin, deps.journal);
      // The privacy policy's deletion of inactive accounts (decision 0110).
      registerInactiveAccounts({
        db: shared.db,
        now: shared.now,
        ...(shared.jobs ? { jobs: shared.jobs } : {}),
        log: shared.log,
        mailer: shared.mailer,
        readParameters: shared.readParameters,
        users: repository,
        production: shared.production,
        onClose: (stop) => app.addHook('onClose', stop),
      });
    },
  };
}

export type UserModule = ReturnType<typeof createUserModule>;
