import type { ComponentConf } from '@comptoir/contract/component-conf';
import { HttpError } from '../../http/http-error';
import type { ComponentConfRepository } from './component-conf-repository';

export function createComponentConfService(repository: ComponentConfRepository) {
  return {
    /** The site's configuration under this slug; another site's configuration is not found. */
    async getConf(siteId: number, slug: string): Promise<ComponentConf> {
      const conf = await repository.findBySlug(siteId, slug);
      if (!conf) throw new HttpError(404, `Component configuration ${slug} not found.`);
      return conf;
    },
  };
}

export type ComponentConfService = ReturnType<typeof createComponentConfService>;
