import type { FastifyInstance } from 'fastify';
import { addAlbumVideo, createAlbum, deleteAlbum, deleteAlbumMedia, getAdminAlbum, listAdminAlbums, reorderAlbumMedia, reorderAlbums, updateAlbum, updateAlbumMedia, uploadAlbumPhoto } from '@comptoir/contract/admin-albums';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { readContentImageUpload, withMultipart } from '../content-image';
import { type AdminAlbumsService } from './album-admin-service';

export function registerAdminAlbumsRoutes(app: FastifyInstance, service: AdminAlbumsService): void {
  registerAdminScope(app, async (scope) => {
    registerEndpoint(scope, listAdminAlbums, ({ request }) => service.list(request.site.id));
    registerEndpoint(scope, getAdminAlbum, ({ request, params }) =>
      service.get(request.site.id, params.id),
    );
    registerEndpoint(scope, createAlbum, async ({ request, body }) =>
      service.create(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, updateAlbum, async ({ request, params, body }) =>
      service.update(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, deleteAlbum, async ({ request, params }) =>
      service.remove(request.site.id, await adminActor(request), params.id),
    );
    registerEndpoint(scope, reorderAlbums, async ({ request, body }) =>
      service.reorder(request.site.id, await adminActor(request), body.ids),
    );
    registerEndpoint(scope, addAlbumVideo, async ({ request, params, body }) =>
      service.addVideo(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, updateAlbumMedia, async ({ request, params, body }) =>
      service.updateMedia(
        request.site.id,
        await adminActor(request),
        params.id,
        params.mediaId,
        body,
      ),
    );
    registerEndpoint(scope, deleteAlbumMedia, async ({ request, params }) =>
      service.removeMedia(request.site.id, await adminActor(request), params.id, params.mediaId),
    );
    registerEndpoint(scope, reorderAlbumMedia, async ({ request, params, body }) =>
      service.reorderMedia(request.site.id, await adminActor(request), params.id, body.ids),
    );
    // One photo per request: the browser shows each file's own progress and a failed file
    // does not cancel the others.
    await withMultipart(scope, (uploads) => {
      registerEndpoint(uploads, uploadAlbumPhoto, async ({ request, params }) => {
        const actor = await adminActor(request);
        return service.addPhoto(
          request.site.id,
          actor,
          params.id,
          await readContentImageUpload(request),
        );
      });
    });
  });
}
