import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HistoryTokenParams } from '../../../src/contract/dossier';
import { AppError } from '../http/errors';
import { localeFromAcceptLanguage, matchAcceptLanguage } from '../platform/locale';
import { goneHtml } from './dossier-html';
import type { DossierService } from './dossier-service';
import { PUBLIC_PAGE_PER_MINUTE } from './dossier-routes';

/**
 * GET /history/:token — a public history link's page, outside the API: server-rendered HTML that
 * needs no account and is never indexed. A revoked or unknown token answers a small 404 page.
 */
export const dossierPageRoutes: FastifyPluginAsyncTypebox<{ dossier: DossierService }> = async (
  app,
  { dossier },
) => {
  app.get(
    '/history/:token',
    {
      config: { rateLimit: { max: PUBLIC_PAGE_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['cars'],
        summary: "A public history link's page (HTML, noindex). No session: the token is the secret",
        produces: ['text/html'],
        params: HistoryTokenParams,
        response: { 200: Type.String(), 404: Type.String() },
      },
    },
    async (request, reply) => {
      reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      try {
        return reply.send(
          await dossier.publicHtml(
            request.params.token,
            matchAcceptLanguage(request.headers['accept-language']),
          ),
        );
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404)
          return reply
            .status(404)
            .send(goneHtml(localeFromAcceptLanguage(request.headers['accept-language'])));
        // Any other answer (a page cut off at its limit: 503) is the API's JSON envelope.
        reply.type('application/json; charset=utf-8');
        throw error;
      }
    },
  );
};
