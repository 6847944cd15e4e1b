import type { FastifyInstance } from 'fastify';
import {
  changePassword,
  deleteUser,
  getLogged,
  getUser,
  updateUser,
  userDataExportRoute,
} from '@comptoir/contract/user';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerFileRoute } from '../../http/register-file-route';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import { readSessionToken } from '../../plugins/auth';
import type { AccountSettings } from './account-settings';
import { clearLoginCookies } from './auth-cookies';
import { checkBirthdateRules } from './birthdate-rules';
import { hashPassword, verifyPassword } from './password-hashing';
import type { UserAdminService } from './user-admin-service';
import { type UserRepository } from './user-repository';
import { createAccountService, createUserService } from './user-service';

export function registerUserRoutes(
  app: FastifyInstance,
  repository: UserRepository,
  readParameters: SiteParameterReader,
  settings: AccountSettings,
  customers: Pick<UserAdminService, 'export'>,
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
  // The customer's own data (RGPD art. 15 and 20, decision 0110): the same document the owner
  // downloads from the back office, of the session's account only.
  registerFileRoute(app, userDataExportRoute, async ({ request }) => {
    const user = service.requireUser(await request.getUser());
    return {
      ...(await customers.export(request.site.id, user.id, { ownAccount: true })),
      contentType: 'application/json; charset=utf-8',
    };
  });
  registerEndpoint(app, deleteUser, async ({ request, reply }) => {
    await accounts.deleteAccount(await request.getUser());
    clearLoginCookies(request, reply, settings.cookies);
    return null;
  });
}
