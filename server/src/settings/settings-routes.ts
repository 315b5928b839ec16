import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ok } from '../../../src/contract/envelope';
import { SettingsEntry, SettingsQuery } from '../../../src/contract/settings';
import { settingsRepository } from './settings-repository';
import { okList } from '../http/route-schemas';

export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = settingsRepository(app.db.kysely);

  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Labels of one settings domain (reference data, public)',
        querystring: SettingsQuery,
        response: { 200: Ok(Type.Array(SettingsEntry)) },
      },
    },
    async (request, reply) => {
      const { items, total } = await settings.list(request.query);
      // Reference data: shared caches may keep it briefly; clients mirror it anyway.
      reply.header('Cache-Control', 'public, max-age=300');
      return okList(items, { total, limit: request.query.limit, offset: request.query.offset });
    },
  );
};
