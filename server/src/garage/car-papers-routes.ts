import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CarPaper, CarPaperInput, CarPaperParams } from '../../../src/contract/car-papers';
import { IdParams } from '../../../src/contract/garage';
import { Deleted, errors, ok, OkItem } from '../http/route-schemas';
import { multipartBody } from '../media/media-schemas';
import { readMultipart } from '../media/multipart-body';
import type { CarPapersService } from './car-papers-service';

const tags = ['cars'];

/**
 * A car's papers (registration certificate, insurance card, inspection report): photos or PDFs,
 * read by the car's owner and members, added and removed by the owner. Never public.
 */
export const carPapersRoutes: FastifyPluginAsyncTypebox<{ papers: CarPapersService }> = async (
  app,
  { papers },
) => {
  const preHandler = app.authenticate;

  app.get(
    '/cars/:id/papers',
    {
      preHandler,
      schema: {
        tags,
        summary:
          "A car's papers, oldest first, each with its file's url (the car's owner and members only; 404 for anyone else)",
        params: IdParams,
        response: {
          200: Type.Object({ success: Type.Literal(true), data: Type.Array(CarPaper) }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => ok(await papers.list(request.member.id, request.params.id)),
  );

  app.post(
    '/cars/:id/papers',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Attach a paper to my car (multipart: form field `kind` ∈ registration, insurance, inspection, other, optional client `id`, and one file `file`: a photo or a PDF, checked and re-encoded like every upload, EXIF stripped). The owner only; a repeated client id answers the stored paper with 200',
        ...multipartBody('file', false),
        params: IdParams,
        response: {
          201: OkItem(CarPaper),
          200: OkItem(CarPaper),
          ...errors(400, 401, 403, 404, 409, 413, 415, 503),
        },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, CarPaperInput, 'file', 1);
      const { paper, created } = await papers.create(
        request.member.id,
        request.params.id,
        fields as CarPaperInput,
        files,
      );
      return reply.status(created ? 201 : 200).send(ok(paper));
    },
  );

  app.delete(
    '/cars/:id/papers/:paperId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a paper of my car and its file (the owner only)',
        params: CarPaperParams,
        response: { 200: OkItem(Deleted), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await papers.delete(request.member.id, request.params.id, request.params.paperId);
      return ok({ id: request.params.paperId });
    },
  );
};
