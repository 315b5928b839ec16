import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ok } from '../../../src/contract/envelope';
import { ok } from '../http/route-schemas';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: answers while the process serves requests',
        response: { 200: Ok(Type.Object({ status: Type.Literal('ok') })) },
      },
      config: { rateLimit: false },
    },
    async () => ok({ status: 'ok' as const }),
  );
};
