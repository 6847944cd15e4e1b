import {
  externalAppPublicConfigSchema,
  type ExternalApp,
  type ExternalAppPublicConfig,
} from '@comptoir/contract/external-app';
import { HttpError } from '../../http/http-error';
import type { ExternalAppRepository } from './external-app-repository';

export function createExternalAppService(repository: ExternalAppRepository) {
  return {
    /**
     * The public identifiers of a service this site connected. Parsing with the service's public
     * schema keeps only its public keys, and a malformed identifier is never handed out: the
     * consent manager would write it into a script address.
     */
    async getPublicConfig(siteId: number, app: ExternalApp): Promise<ExternalAppPublicConfig> {
      const stored = await repository.findConfig(siteId, app);
      if (stored === undefined) throw new HttpError(404, `${app} is not configured on this site.`);
      const parsed = externalAppPublicConfigSchema.safeParse({ app, config: stored });
      if (!parsed.success) {
        throw new HttpError(404, `${app} is not configured correctly on this site.`);
      }
      return parsed.data;
    },
  };
}

export type ExternalAppService = ReturnType<typeof createExternalAppService>;
