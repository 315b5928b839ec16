import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  HistoryLink,
  HistoryLinkCreated,
  HistoryLinkInput,
  HistoryMediaParams,
  HistoryPdfQuery,
  HistoryTokenParams,
} from '../../../src/contract/dossier';
import { IdParams } from '../../../src/contract/garage';
import { matchAcceptLanguage } from '../platform/locale';
import { Deleted, errors, ok, answer, memberRoutePlugin } from '../http/route-schemas';
import { sendFileBytes } from '../http/file-reply';
import type { DossierService } from './dossier-service';

const tags = ['cars'];

/** Requests a minute from one address to the public routes (no account: counted by IP). */
export const PUBLIC_PAGE_PER_MINUTE = 60;
export const PUBLIC_PDF_PER_MINUTE = 10;
export const PUBLIC_MEDIA_PER_MINUTE = 300;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

const pdfHeaders = (reply: FastifyReply, disposition: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', disposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');

type Services = { dossier: DossierService };

/** The resale dossier under the API base: the owner's PDF and links, and the links' public PDF and files. */
export const dossierRoutes = memberRoutePlugin<Services>(tags, (app, route, { dossier }) => {
  app.get(
    '/cars/:id/history.pdf',
    route(
      "The car's history as a PDF for a buyer (owner only): the car (its VIN, first registration and, with showPlate, its plate), the odometer timeline, every log, totals by type, the receipts captioned with their log's date, title and reading",
      {
        produces: ['application/pdf'],
        params: IdParams,
        querystring: HistoryPdfQuery,
        response: answer.attachment('application/pdf', 400, 401, 404, 429, 503),
      },
      // Rendering is the costliest read of the API: fewer a minute than the default.
      perMinute(PUBLIC_PDF_PER_MINUTE * 3),
    ),
    async (request, reply) => {
      const { bytes, disposition } = await dossier.pdf(
        request.member.id,
        request.params.id,
        request.query.hide,
        matchAcceptLanguage(request.headers['accept-language']),
        request.query.showPlate ?? false,
      );
      return pdfHeaders(reply, disposition).send(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      );
    },
  );

  app.post(
    '/cars/:id/history-links',
    route("A read-only public link to the car's history (owner only); the URL holds the secret token", {
      params: IdParams,
      body: HistoryLinkInput,
      response: answer.created(HistoryLinkCreated, 400, 401, 404),
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await dossier.createLink(
              request.member.id,
              request.params.id,
              request.body.hide,
              request.body.showPlate ?? false,
            ),
          ),
        ),
  );

  app.get(
    '/cars/:id/history-links',
    route("The car's public history links, newest first (owner only)", {
      params: IdParams,
      response: answer.item(Type.Array(HistoryLink), 400, 401, 404),
    }),
    async (request) => ok(await dossier.listLinks(request.member.id, request.params.id)),
  );

  app.delete(
    '/history-links/:id',
    route('Revoke a public history link: its page, PDF and files answer 404 at once (owner only)', {
      params: IdParams,
      response: answer.item(Deleted, 400, 401, 404),
    }),
    async (request) => {
      await dossier.deleteLink(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );

  app.get(
    '/history/:token.pdf',
    {
      config: perMinute(PUBLIC_PDF_PER_MINUTE),
      schema: {
        tags,
        summary: "A public link's history as a PDF. No session: the token is the secret; revoked answers 404",
        produces: ['application/pdf'],
        params: HistoryTokenParams,
        response: answer.attachment('application/pdf', 400, 404, 429, 503),
      },
    },
    async (request, reply) => {
      const { bytes, disposition } = await dossier.publicPdf(
        request.params.token,
        matchAcceptLanguage(request.headers['accept-language']),
      );
      return pdfHeaders(reply, disposition)
        .header('x-robots-tag', 'noindex, nofollow')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.get(
    '/history/:token/media/:mediaId',
    {
      config: perMinute(PUBLIC_MEDIA_PER_MINUTE),
      schema: {
        tags,
        summary:
          "A photo or receipt a public history link shows (the car's photo, its logs' files); else 404",
        params: HistoryMediaParams,
        response: { 200: Type.String({ description: 'the file' }), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { row, bytes } = await dossier.publicMedia(request.params.token, request.params.mediaId);
      reply.header('x-robots-tag', 'noindex, nofollow');
      return sendFileBytes(reply, {
        mime: row.mime,
        fileName: `${row.id}.${row.kind === 'pdf' ? 'pdf' : 'webp'}`,
        bytes,
        // Revocation must take effect: the browser asks again each time.
        immutable: false,
      });
    },
  );
});
