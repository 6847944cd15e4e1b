import {
  DEFAULT_PRODUCT_FILE_GENERATOR_CONFIG,
  externalAppPublicConfigSchema,
  PRODUCT_FILE_GENERATOR,
  productFileGeneratorConfigSchema,
  type ProductFileGeneratorConfig,
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

    /**
     * The product sheet generator's configuration: built in, so a site that stored nothing has
     * it on; a stored configuration that does not read as one keeps the default (decision 0099).
     */
    async getProductFileGeneratorConfig(siteId: number): Promise<ProductFileGeneratorConfig> {
      const stored = await repository.findConfig(siteId, PRODUCT_FILE_GENERATOR);
      const parsed = productFileGeneratorConfigSchema.safeParse(stored);
      return parsed.success ? parsed.data : DEFAULT_PRODUCT_FILE_GENERATOR_CONFIG;
    },
  };
}

export type ExternalAppService = ReturnType<typeof createExternalAppService>;
