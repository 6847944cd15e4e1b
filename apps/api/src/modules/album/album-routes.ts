import type { FastifyInstance } from 'fastify';
import { getAlbum, getAlbumList } from '@comptoir/contract/album';
import { registerEndpoint } from '../../http/register-endpoint';
import { type AlbumService } from './album-service';

export function registerAlbumRoutes(app: FastifyInstance, service: AlbumService): void {
  registerEndpoint(app, getAlbumList, ({ request, query }) =>
    service.listAlbums(request.site.id, query),
  );
  registerEndpoint(app, getAlbum, ({ request, params }) =>
    service.getAlbum(request.site.id, params.id),
  );
}
