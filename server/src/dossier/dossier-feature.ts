// The resale dossier: built once by app.ts, whose API scope registers dossierFeature and
// whose root registers the public page (`/history/:token`, outside the API base).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { createUsersRepository } from '../auth/users-repository';
import { carsRepository } from '../garage/cars-repository';
import { mediaStorage } from '../media/media-storage';
import { workerFailure } from '../workers/worker-errors';
import type { JobKind } from '../workers/worker-protocol';
import { dossierRepository } from './dossier-repository';
import { dossierRoutes } from './dossier-routes';
import { dossierService, type Answer as RunAnswer, type DossierService } from './dossier-service';

export { dossierPageRoutes } from './dossier-page-routes';

export function createDossierService(app: FastifyInstance): DossierService {
  const db = app.db.kysely;
  const users = createUsersRepository(db);
  return dossierService({
    dossier: dossierRepository(db),
    cars: carsRepository(db),
    readFile: mediaStorage(app.objectStore).read,
    languageOf: (memberId) => users.languageOf(memberId),
    secret: app.config.jwtSecret,
    publicUrl: app.config.publicUrl,
    // Off the event loop: a worker builds the model and the PDF or page, within the dossier's limits.
    runJob: ((kind: JobKind, job: unknown, answer?: (q: never) => Promise<RunAnswer>) =>
      app.workers
        .run(kind, job, {
          timeMs: app.config.workers.dossierTimeMs,
          // One build a car at a time: asking again while it runs answers 429, not a second build.
          owner: `dossier:${(job as { input: { car: { id: string } } }).input.car.id}`,
          ...(answer ? { answer: answer as (q: unknown) => Promise<RunAnswer> } : {}),
        })
        .catch((error: unknown) => {
          throw workerFailure(error, 'dossier');
        })) as Parameters<typeof dossierService>[0]['runJob'],
  });
}

export const dossierFeature: FastifyPluginAsync<{ dossier: DossierService }> = async (app, { dossier }) => {
  await app.register(dossierRoutes, { dossier });
};
