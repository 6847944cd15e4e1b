import type { FastifyInstance } from 'fastify';
import { registerImageRoutes } from './image-routes';
import type { SvgSourceSettings } from './svg-sources';

export { svgSourceSettings, type SvgSourceSettings } from './svg-sources';

/** The SVG icons the storefront loads by name or address (from its public folder or allowed origins). */
export function createImageModule(settings: { svgSources: SvgSourceSettings }) {
  return {
    registerRoutes(app: FastifyInstance): void {
      registerImageRoutes(app, settings);
    },
  };
}

export type ImageModule = ReturnType<typeof createImageModule>;
