import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { AccountSettings, UserRepository } from '../user';
import { registerAuthRoutes } from './auth-routes';
import { createAuthService } from './auth-service';
import { createPasswordResetRepository } from './password-reset-repository';

export type { PasswordResetRepository } from './password-reset-repository';

/**
 * Registration, login, logout and password reset. The users are the user module's repository;
 * the password resets are this module's, also given to the platform (an invited administrator
 * chooses a password through a reset link).
 */
export function createAuthModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'mailer' | 'backgroundTasks' | 'production'>,
  deps: { users: UserRepository; account: AccountSettings },
) {
  const resets = createPasswordResetRepository(shared.db);
  const service = createAuthService({
    users: deps.users,
    resets,
    readParameters: shared.readParameters,
    mailer: shared.mailer,
    backgroundTasks: shared.backgroundTasks,
    loginFailures: deps.account.loginFailures,
    mailLimiter: deps.account.mailLimiter,
    production: shared.production,
  });
  return {
    service,
    resets,
    registerRoutes(app: FastifyInstance): void {
      registerAuthRoutes(app, service, deps.account);
    },
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
