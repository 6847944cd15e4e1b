import type { FastifyInstance } from 'fastify';
import { createBlogArticle, createBlogFolder, deleteBlogArticle, deleteBlogFolder, getAdminBlog, getAdminBlogArticle, reorderBlogFolders, updateBlogArticle, updateBlogFolder } from '@comptoir/contract/admin-blog';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { type AdminBlogService } from './blog-admin-service';

export function registerAdminBlogRoutes(app: FastifyInstance, service: AdminBlogService): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getAdminBlog, ({ request }) => service.overview(request.site.id));
    registerEndpoint(scope, getAdminBlogArticle, ({ request, params }) =>
      service.getArticle(request.site.id, params.id),
    );
    registerEndpoint(scope, createBlogFolder, async ({ request, body }) =>
      service.createFolder(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, updateBlogFolder, async ({ request, params, body }) =>
      service.updateFolder(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, deleteBlogFolder, async ({ request, params }) =>
      service.deleteFolder(request.site.id, await adminActor(request), params.id),
    );
    registerEndpoint(scope, reorderBlogFolders, async ({ request, body }) =>
      service.reorderFolders(request.site.id, await adminActor(request), body.idParent, body.ids),
    );
    registerEndpoint(scope, createBlogArticle, async ({ request, body }) =>
      service.createArticle(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, updateBlogArticle, async ({ request, params, body }) =>
      service.updateArticle(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, deleteBlogArticle, async ({ request, params }) =>
      service.deleteArticle(request.site.id, await adminActor(request), params.id),
    );
  });
}
