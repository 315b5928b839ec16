import * as contract from '../../../src/contract/reminder-delivery';
import { Deleted, ok, answer, memberRoutePlugin, sendStored } from '../http/route-schemas';
import type { PushService } from './push-service';

/** My devices' Web Push subscriptions (reminders reach every device that subscribed). */
export const pushRoutes = memberRoutePlugin<{ push: PushService }>(['push'], (app, route, { push }) => {
  app.get(
    '/push-subscriptions/vapid-public-key',
    route("The server's VAPID public key: the applicationServerKey of pushManager.subscribe (base64url)", {
      response: answer.item(contract.VapidPublicKey, 401),
    }),
    async () => ok({ publicKey: push.publicKey() }),
  );

  app.post(
    '/push-subscriptions',
    route(
      "Subscribe this device: the browser's PushSubscription JSON. 201 when new; 200 when the endpoint " +
        'is known (its keys updated, or taken over from another account when the posted keys are the ' +
        'stored ones: the same browser, signed in to another account); 409 when another account holds ' +
        'the endpoint with other keys. The endpoint must be a public https URL.',
      {
        body: contract.PushSubscriptionInput,
        response: answer.stored(contract.PushSubscriptionInfo, 400, 401, 409),
      },
    ),
    async (request, reply) =>
      sendStored(reply, 'subscription', await push.subscribe(request.member.id, request.body)),
  );

  app.delete(
    '/push-subscriptions',
    route("Unsubscribe this device by its endpoint (another account's endpoint answers 404)", {
      body: contract.PushSubscriptionDelete,
      response: answer.item(Deleted, 400, 401, 404),
    }),
    async (request) => ok(await push.unsubscribe(request.member.id, request.body.endpoint)),
  );
});
