import type { FastifyInstance } from 'fastify';
import { askPasswordReset, login, logout, register, resetPassword } from '@comptoir/contract/auth';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit } from '../../lib/rate-limits';
import { readSessionToken } from '../../plugins/auth';
import type { AccountSettings } from '../user';
import { clearLoginCookies, setLoginCookies } from '../user';
import { type AuthService } from './auth-service';

export function registerAuthRoutes(
  app: FastifyInstance,
  service: AuthService,
  settings: AccountSettings,
): void {
  registerWithIpRateLimit(app, settings.limits.registerPerIp, (scope) => {
    registerEndpoint(scope, register, async ({ request, reply, body }) => {
      const session = await service.register(request.site, body);
      setLoginCookies(request, reply, session.token, settings.cookies);
      return session;
    });
  });

  registerWithIpRateLimit(app, settings.limits.loginPerIp, (scope) => {
    registerEndpoint(scope, login, async ({ request, reply, body }) => {
      const session = await service.login(request.site, body, request.ip);
      setLoginCookies(request, reply, session.token, settings.cookies);
      return session;
    });
  });

  registerEndpoint(app, logout, async ({ request, reply }) => {
    await service.logout(request.site.id, readSessionToken(request));
    clearLoginCookies(request, reply, settings.cookies);
    return null;
  });

  registerWithIpRateLimit(app, settings.limits.passwordResetAskPerIp, (scope) => {
    registerEndpoint(scope, askPasswordReset, async ({ request, body }) => {
      await service.askPasswordReset(request.site, body.email);
      return null;
    });
  });

  registerEndpoint(app, resetPassword, async ({ request, body }) => {
    await service.resetPassword(request.site.id, body.token, body.password);
    return null;
  });
}
