// A car's papers (docs/SPEC-NOTES.md "A car's home"): the registration certificate, the insurance
// card, the inspection report, as photos or PDFs through the media pipeline (its size, type and
// quota checks; images re-encoded, which strips their EXIF). Read by the car's owner and members,
// checked at every read (a removed member reads nothing more); added and removed by the owner only;
// never public. The file itself is served by GET /media/{id} under the same rule (media-feature.ts).
import { randomUUID } from 'node:crypto';
import { CAR_PAPERS_MAX, type CarPaper, type CarPaperInput } from '../../../src/contract/car-papers';
import { badRequest, conflict, notFound } from '../http/errors';
import type { DiscardFiles } from '../media/media-storage';
import type { MediaService } from '../media/media-service';
import type { UploadedFile } from '../media/multipart-body';
import type { CarAccessService } from './car-access';
import type { CarPapersRepository } from './car-papers-repository';
import type { GarageNotify } from './garage-events';

interface Deps {
  papers: CarPapersRepository;
  access: Pick<CarAccessService, 'readable' | 'writable' | 'audience'>;
  media: Pick<MediaService, 'prepare' | 'save' | 'discardSaved'>;
  notify: GarageNotify;
  discardFiles: DiscardFiles;
  now?: () => Date;
}

const ownerOnly = (role: string) => role === 'owner';

export function carPapersService({
  papers,
  access,
  media,
  notify,
  discardFiles,
  now = () => new Date(),
}: Deps) {
  /** Tells the car's owner and members that its papers changed: their devices refresh the car. */
  async function tell(car: { id: string; ownerId: string }) {
    for (const to of await access.audience(car))
      notify(to, { type: 'car', carId: car.id, action: 'updated' });
  }

  return {
    async list(memberId: string, carId: string): Promise<CarPaper[]> {
      await access.readable(memberId, carId);
      return papers.list(carId);
    },

    /** Adds one paper; a repeated client id answers the stored paper (`created` false). */
    async create(
      memberId: string,
      carId: string,
      input: CarPaperInput,
      files: UploadedFile[],
    ): Promise<{ paper: CarPaper; created: boolean }> {
      const { car } = await access.writable(memberId, carId, ownerOnly);
      if (input.id) {
        const stored = await papers.find(input.id);
        if (stored && stored.carId === carId) return { paper: stored, created: false };
        if (stored) throw conflict('This id is already used.');
      }
      if (files.length !== 1)
        throw badRequest('Send the paper as one file "file" (a photo or a PDF).', [
          { field: 'body.file', message: 'is required' },
        ]);
      if ((await papers.count(carId)) >= CAR_PAPERS_MAX)
        throw conflict(`A car holds at most ${CAR_PAPERS_MAX} papers: delete one first.`);
      const [row] = await media.save(memberId, await media.prepare(memberId, files, true));
      const id = input.id ?? randomUUID();
      let created: boolean;
      try {
        created = await papers.insert({
          id,
          car_id: carId,
          media_id: row!.id,
          kind: input.kind,
          created_at: now().toISOString(),
        });
      } catch (error) {
        await media.discardSaved([row!]);
        throw error;
      }
      if (!created) {
        // The same id written meanwhile (a replay racing its first send): the stored one stands.
        await media.discardSaved([row!]);
        const stored = await papers.find(id);
        if (stored && stored.carId === carId) return { paper: stored, created: false };
        throw conflict('This id is already used.');
      }
      await tell(car);
      return { paper: (await papers.find(id))!, created: true };
    },

    /** Removes a paper and its file (the owner only). */
    async delete(memberId: string, carId: string, paperId: string): Promise<void> {
      const { car } = await access.writable(memberId, carId, ownerOnly);
      const paper = await papers.find(paperId);
      if (!paper || paper.carId !== carId) throw notFound('Paper');
      // The file goes with its link, whoever uploaded it: it belonged with the car's papers.
      await discardFiles(await papers.delete(paper.id, paper.fileId));
      await tell(car);
    },
  };
}

export type CarPapersService = ReturnType<typeof carPapersService>;
