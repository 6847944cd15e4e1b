import type { FastifyInstance } from 'fastify';
import { getPopup } from '@comptoir/contract/popup';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerPopupAdminRoutes } from './popup-admin';
import { createPopupRepository } from './popup-repository';
import { createPopupService } from './popup-service';

export function registerPopupRoutes(app: FastifyInstance): void {
  const service = createPopupService(createPopupRepository(app.database.db));

  registerEndpoint(app, getPopup, ({ request, params }) =>
    service.getPopup(request.site.id, params.id),
  );
  registerPopupAdminRoutes(app);
}
