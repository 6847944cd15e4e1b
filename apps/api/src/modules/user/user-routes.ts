import type { FastifyInstance } from 'fastify';
import {
  changePassword,
  deleteUser,
  getLogged,
  getUser,
  updateUser,
} from '@comptoir/contract/user';
import { registerEndpoint } from '../../http/register-endpoint';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import { readSessionToken } from '../../plugins/auth';
import type { AccountSettings } from './account-settings';
import { clearLoginCookies } from './auth-cookies';
import { checkBirthdateRules } from './birthdate-rules';
import { hashPassword, verifyPassword } from './password-hashing';
import { type UserRepository } from './user-repository';
import { createAccountService, createUserService } from './user-service';

export function registerUserRoutes(
  app: FastifyInstance,
  repository: UserRepository,
  readParameters: SiteParameterReader,
  settings: AccountSettings,
): void {
  const service = createUserService(repository);
  const accounts = createAccountService(repository, {
    loginFailures: settings.loginFailures,
    checkBirthdateRules,
    hashPassword,
    verifyPassword,
  });
  registerEndpoint(app, getLogged, async ({ request }) => (await request.getUser()) !== null);
  registerEndpoint(app, getUser, async ({ request }) =>
    service.requireUser(await request.getUser()),
  );
  registerEndpoint(app, updateUser, async ({ request, body }) =>
    accounts.updateProfile(await request.getUser(), await readParameters(request.site.id), body),
  );
  registerEndpoint(app, changePassword, async ({ request, body }) => {
    await accounts.changePassword(
      await request.getUser(),
      readSessionToken(request),
      body.currentPassword,
      body.newPassword,
      request.ip,
    );
    return null;
  });
  registerEndpoint(app, deleteUser, async ({ request, reply }) => {
    await accounts.deleteAccount(await request.getUser());
    clearLoginCookies(request, reply, settings.cookies);
    return null;
  });
}
