import type { FastifyInstance } from 'fastify';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import { storedFileRoute } from '@comptoir/contract/form';
import { type FileService } from './file-service';

/**
 * GET /file/:key answers the file's bytes, not an envelope, so it is registered from the
 * contract's route description directly rather than through registerEndpoint; its failures are
 * still error envelopes.
 */
export function registerFileRoutes(app: FastifyInstance, service: FileService): void {
  app.route({
    method: storedFileRoute.method,
    url: storedFileRoute.path,
    schema: {
      summary: storedFileRoute.summary,
      tags: [...storedFileRoute.tags],
      params: storedFileRoute.params,
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const { key } = request.params as { key: string };
      const file = await service.open(await request.getUser(), request.site.id, key);
      return reply.headers(file.headers).send(file.content);
    },
  });
}
