import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LEGAL_TYPES, LegalDocument, type LegalType } from '../../../src/contract/auth';
import { ErrorBody, Ok } from '../../../src/contract/envelope';
import { notFound } from '../http/errors';
import { legalDocument } from './legal-documents';
import { localeFromAcceptLanguage } from '../platform/locale';
import { SERVER_LOCALES } from '../platform/locales';
import { ok } from '../http/route-schemas';

const isLegalType = (value: string): value is LegalType => (LEGAL_TYPES as readonly string[]).includes(value);

export const legalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/legal/:type',
    {
      schema: {
        tags: ['legal'],
        summary: 'Terms of use or privacy notice, in the asked locale (else Accept-Language, else fr-FR)',
        params: Type.Object({ type: Type.String({ maxLength: 40 }) }),
        querystring: Type.Object({
          locale: Type.Optional(Type.Union(SERVER_LOCALES.map((l) => Type.Literal(l)))),
        }),
        response: { 200: Ok(LegalDocument), 404: ErrorBody },
      },
    },
    async (request) => {
      const { type } = request.params;
      if (!isLegalType(type)) throw notFound('Legal document');
      const locale = request.query.locale ?? localeFromAcceptLanguage(request.headers['accept-language']);
      return ok(legalDocument(type, locale));
    },
  );
};
