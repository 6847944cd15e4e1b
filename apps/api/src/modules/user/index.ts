import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { AccountSettings } from './account-settings';
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

/**
 * The users of a site: the one user repository of the app (the auth plugin, the auth and
 * back-office modules are given it by compose.ts) and the account routes (profile, password).
 */
export function createUserModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters'>,
  account: AccountSettings,
) {
  const repository = createUserRepository(shared.db);
  const service = createUserService(repository);
  return {
    repository,
    service,
    registerRoutes(app: FastifyInstance): void {
      registerUserRoutes(app, repository, shared.readParameters, account);
    },
  };
}

export type UserModule = ReturnType<typeof createUserModule>;
