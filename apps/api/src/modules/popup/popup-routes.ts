import type { FastifyInstance } from 'fastify';
import { getPopup } from '@comptoir/contract/popup';
import { registerEndpoint } from '../../http/register-endpoint';
import { type PopupService } from './popup-service';

export function registerPopupRoutes(app: FastifyInstance, service: PopupService): void {
  registerEndpoint(app, getPopup, ({ request, params }) =>
    service.getPopup(request.site.id, params.id),
  );
}
