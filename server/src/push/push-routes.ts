import * as contract from '../../../src/contract/reminder-delivery';
import { Deleted, errors, OkItem, answer, memberRoutes, type RoutePlugin } from '../http/route-schemas';
import type { PushService } from './push-service';

/** My devices' Web Push subscriptions (issue 16: reminders reach every device that subscribed). */
export const pushRoutes: RoutePlugin<{ push: PushService }> = async (app, { push }) => {
  const preHandler = app.authenticate;
  const tags = ['push'];
  const route = memberRoutes(preHandler, tags);

  app.get(
    '/push-subscriptions/vapid-public-key',
    route("The server's VAPID public key: the applicationServerKey of pushManager.subscribe (base64url)", {
      response: answer.item(contract.VapidPublicKey, 401),
    }),
    async () => ({ success: true as const, data: { publicKey: push.publicKey() } }),
  );

  app.post(
    '/push-subscriptions',
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Subscribe this device: the browser's PushSubscription JSON. 201 when new; 200 when the endpoint " +
          'is known (its keys updated, or taken over from another account when the posted keys are the ' +
          'stored ones: the same browser, signed in to another account); 409 when another account holds ' +
          'the endpoint with other keys. The endpoint must be a public https URL.',
        body: contract.PushSubscriptionInput,
        response: {
          201: OkItem(contract.PushSubscriptionInfo),
          200: OkItem(contract.PushSubscriptionInfo),
          ...errors(400, 401, 409),
        },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await push.subscribe(request.member.id, request.body);
      return reply.status(created ? 201 : 200).send({ success: true as const, data: subscription });
    },
  );

  app.delete(
    '/push-subscriptions',
    route("Unsubscribe this device by its endpoint (another account's endpoint answers 404)", {
      body: contract.PushSubscriptionDelete,
      response: answer.item(Deleted, 400, 401, 404),
    }),
    async (request) => ({
      success: true as const,
      data: await push.unsubscribe(request.member.id, request.body.endpoint),
    }),
  );
};
