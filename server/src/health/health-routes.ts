import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ok } from '../../../src/contract/envelope';

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
    async () => ({ success: true as const, data: { status: 'ok' as const } }),
  );
};
