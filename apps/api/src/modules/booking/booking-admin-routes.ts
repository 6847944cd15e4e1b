import type { FastifyInstance } from 'fastify';
import {
  adminCancelBooking,
  adminCreateBooking,
  adminMoveBooking,
  bookingsCsvRoute,
  createBookableService,
  createResource,
  deleteBookableService,
  deleteResource,
  getAgenda,
  listAdminBookableServices,
  listResources,
  markBookingNoShow,
  updateBookableService,
  updateResource,
} from '@comptoir/contract/admin-booking';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerFileRoute } from '../../http/register-file-route';
import { adminActor } from '../audit';
import { registerAdminScope } from '../user';
import type { BookingAdminService } from './booking-admin-service';

/** The back office's reservations: resources, bookable services, the agenda and its actions. */
export function registerBookingAdminRoutes(app: FastifyInstance, admin: BookingAdminService): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listResources, async ({ request }) => ({
      resources: await admin.resources(request.site.id),
    }));
    registerEndpoint(scope, createResource, async ({ request, body }) =>
      admin.createResource(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, updateResource, async ({ request, params, body }) =>
      admin.updateResource(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, deleteResource, async ({ request, params }) =>
      admin.deleteResource(request.site.id, await adminActor(request), params.id),
    );
    registerEndpoint(scope, listAdminBookableServices, async ({ request }) => ({
      services: await admin.services(request.site.id),
    }));
    registerEndpoint(scope, createBookableService, async ({ request, body }) =>
      admin.saveService(request.site.id, await adminActor(request), null, body),
    );
    registerEndpoint(scope, updateBookableService, async ({ request, params, body }) =>
      admin.saveService(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, deleteBookableService, async ({ request, params }) =>
      admin.deleteService(request.site.id, await adminActor(request), params.id),
    );
    registerEndpoint(scope, getAgenda, ({ request, query }) =>
      admin.agenda(request.site.id, query),
    );
    registerFileRoute(scope, bookingsCsvRoute, async ({ request, query }) => ({
      ...(await admin.csv(request.site.id, query)),
      contentType: 'text/csv; charset=utf-8',
    }));
    registerEndpoint(scope, adminCreateBooking, async ({ request, body }) =>
      admin.create(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, adminMoveBooking, async ({ request, params, body }) =>
      admin.move(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, adminCancelBooking, async ({ request, params, body }) =>
      admin.cancel(request.site.id, await adminActor(request), params.id, body.reason ?? null),
    );
    registerEndpoint(scope, markBookingNoShow, async ({ request, params, body }) =>
      admin.markNoShow(request.site.id, await adminActor(request), params.id, body.noShow),
    );
  });
}
