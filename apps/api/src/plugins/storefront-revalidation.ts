import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  REVALIDATE_SECRET_HEADER,
  siteCacheTag,
  STOREFRONT_REVALIDATE_PATH,
  type RevalidationRequest,
} from '@comptoir/contract/admin-content';
import type { BackgroundTasks } from './background-tasks';

declare module 'fastify' {
  interface FastifyInstance {
    storefrontRevalidation: StorefrontRevalidation;
  }
}

/** The groups of a site's public data the storefront caches under one tag each. */
export type SiteContentGroup =
  | 'pages'
  | 'parameters'
  | 'info'
  | 'elements'
  | 'reviews'
  | 'catalogue'
  | 'blog'
  | 'news'
  | 'albums'
  | 'services'
  | 'popups'
  | 'component-confs'
  | 'forms'
  | 'company-addresses'
  | 'external-apps';

export interface StorefrontRevalidationOptions {
  /** STOREFRONT_URL (checked by config.ts): where the API reaches the storefront; unset, nothing is sent. */
  url?: string;
  /** REVALIDATE_SECRET: shared with the storefront, which refuses a request without it. */
  secret?: string;
  /** How long one request may take before it is given up (default 5 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface StorefrontRevalidation {
  /** Whether a storefront URL and secret are configured. */
  readonly enabled: boolean;
  /**
   * Asks the storefront, in the background, to drop its cached copies of these data groups of
   * the site. Never throws and never delays the caller: the write it follows has succeeded
   * whatever happens here, and the storefront's own cache lifetime still bounds staleness.
   */
  revalidate(siteId: number, groups: readonly SiteContentGroup[]): void;
}

export function createStorefrontRevalidation(
  options: StorefrontRevalidationOptions,
  tasks: BackgroundTasks,
  log: FastifyBaseLogger,
): StorefrontRevalidation {
  const { url, secret } = options;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  if (!url || !secret) {
    return { enabled: false, revalidate: () => undefined };
  }
  const endpoint = `${url.replace(/\/+$/, '')}${STOREFRONT_REVALIDATE_PATH}`;

  async function send(tags: string[]): Promise<void> {
    const body: RevalidationRequest = { tags };
    try {
      const response = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [REVALIDATE_SECRET_HEADER]: secret! },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Drain the body so that the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        log.warn(
          { tags, status: response.status },
          `The storefront refused to revalidate (${response.status}): check that it has the same REVALIDATE_SECRET`,
        );
      }
    } catch (error) {
      log.warn(
        { tags, err: error },
        `The storefront at ${url} could not be asked to revalidate; its pages refresh when their cache expires`,
      );
    }
  }

  return {
    enabled: true,
    revalidate(siteId, groups) {
      const tags = [...new Set(groups)].map((group) => siteCacheTag(siteId, group));
      if (tags.length === 0) return;
      tasks.run(`storefront revalidation of ${tags.join(', ')}`, () => send(tags));
    },
  };
}

/**
 * Decorates the app with the storefront notifier (docs/architecture.md#performance: "the API tells the storefront
 * which tags to revalidate when content changes"). A URL without a secret, or the reverse, is a
 * configuration mistake worth a warning at start rather than silently stale pages.
 */
export function registerStorefrontRevalidation(
  app: FastifyInstance,
  options: StorefrontRevalidationOptions = {},
): void {
  if (Boolean(options.url) !== Boolean(options.secret)) {
    app.log.warn(
      'STOREFRONT_URL and REVALIDATE_SECRET go together: with only one set, the storefront is not told about content changes',
    );
  }
  app.decorate(
    'storefrontRevalidation',
    createStorefrontRevalidation(options, app.backgroundTasks, app.log),
  );
}
