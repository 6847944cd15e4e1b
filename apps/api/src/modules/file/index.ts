import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createFileRepository } from './file-repository';
import { registerFileRoutes } from './file-routes';
import { createFileService } from './file-service';

export { FILE_NOT_FOUND_MESSAGE, fileResponseHeaders } from './file-service';

/** Stored files (form answers' uploads) as they leave the API. */
export function createFileModule(shared: Pick<SharedPieces, 'db' | 'storage'>) {
  const service = createFileService(createFileRepository(shared.db), shared.storage);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerFileRoutes(app, service);
    },
  };
}

export type FileModule = ReturnType<typeof createFileModule>;
