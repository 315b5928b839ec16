import type { FastifyPluginAsync } from 'fastify';
import { carLogsRoutes } from './car-logs-routes';
import { carsRoutes } from './cars-routes';

/** The garage API: cars and car logs (registered under the API base). */
export const garageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(carsRoutes);
  await app.register(carLogsRoutes);
};
