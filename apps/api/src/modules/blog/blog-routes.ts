import type { FastifyInstance } from 'fastify';
import {
  getBlogArticle,
  getBlogArticleAriane,
  getBlogArticleBySlug,
  getBlogFolder,
  getBlogFolderAriane,
  getBlogFolderBySlug,
  getBlogFolderList,
  getBlogRootFolders,
  getBlogRootList,
} from '@comptoir/contract/blog';
import { registerEndpoint } from '../../http/register-endpoint';
import { type BlogService } from './blog-service';

export function registerBlogRoutes(app: FastifyInstance, service: BlogService): void {
  registerEndpoint(app, getBlogRootList, ({ request, query }) =>
    service.listRoot(request.site.id, query),
  );
  registerEndpoint(app, getBlogFolderList, ({ request, params, query }) =>
    service.listFolder(request.site.id, params.id, query),
  );
  registerEndpoint(app, getBlogRootFolders, ({ request }) => service.rootFolders(request.site.id));
  registerEndpoint(app, getBlogFolder, ({ request, params }) =>
    service.getFolder(request.site.id, params.id),
  );
  registerEndpoint(app, getBlogFolderBySlug, ({ request, params }) =>
    service.getFolderBySlug(request.site.id, params.slug),
  );
  registerEndpoint(app, getBlogFolderAriane, ({ request, params }) =>
    service.folderAriane(request.site.id, params.id),
  );
  registerEndpoint(app, getBlogArticleAriane, ({ request, params }) =>
    service.articleAriane(request.site.id, params.id),
  );
  registerEndpoint(app, getBlogArticleBySlug, ({ request, params }) =>
    service.getArticleBySlug(request.site.id, params.slug),
  );
  registerEndpoint(app, getBlogArticle, ({ request, params }) =>
    service.getArticle(request.site.id, params.id),
  );
}
