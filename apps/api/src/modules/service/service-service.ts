import {
  DEFAULT_SERVICE_PAGE_SIZE,
  type Service,
  type ServiceList,
} from '@comptoir/contract/service';
import { HttpError } from '../../http/http-error';
import { pagingOf } from '../../lib/list-query';
import type { ServiceRepository } from './service-repository';

export function createServiceService(repository: ServiceRepository) {
  return {
    /** A page of the published services, those with any of the tags when tags are given. */
    async listServices(
      siteId: number,
      query: { page?: number; nbItem?: number; tag?: string[] },
    ): Promise<ServiceList> {
      const { rows, total } = await repository.listPublished(
        siteId,
        query.tag ?? [],
        pagingOf(query, DEFAULT_SERVICE_PAGE_SIZE),
      );
      return { services: rows, total };
    },

    /** One published service of this site: another site's id or a draft is not found. */
    async getService(siteId: number, id: number): Promise<Service> {
      const service = await repository.findPublished(siteId, id);
      if (!service) throw new HttpError(404, `Service ${id} not found.`);
      return service;
    },
  };
}

export type ServiceService = ReturnType<typeof createServiceService>;
