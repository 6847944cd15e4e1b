import type { FastifyInstance } from 'fastify';
import {
  getAdminPaymentSettings,
  removeStripeKeys,
  saveBankDetails,
  saveStripeKeys,
} from '@comptoir/contract/admin-payment';
import { registerEndpoint } from '../../http/register-endpoint';
import { adminActor } from '../audit';
import { registerAdminScope } from '../user';
import type { PaymentSettingsService } from './payment-settings-service';

/** The back office's payment screen (decision 0107): ADMIN of the site, SUPER_ADMIN. */
export function registerPaymentSettingsRoutes(
  app: FastifyInstance,
  service: PaymentSettingsService,
): void {
  registerAdminScope(app, (admin) => {
    registerEndpoint(admin, getAdminPaymentSettings, ({ request }) =>
      service.settings(request.site.id),
    );
    registerEndpoint(admin, saveStripeKeys, async ({ request, body }) =>
      service.saveStripeKeys(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(admin, removeStripeKeys, async ({ request }) =>
      service.removeStripeKeys(request.site.id, await adminActor(request)),
    );
    registerEndpoint(admin, saveBankDetails, async ({ request, body }) =>
      service.saveBankDetails(request.site.id, await adminActor(request), body),
    );
  });
}
