// Shared by cars.test.ts and car-logs.test.ts: members, cars and logs made through the API.
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { App } from '../../server/src/app';
import type { Car, CarLog } from '../../src/contract/garage';
import type {
  ClientToServerEvents,
  NotificationEvent,
  ServerToClientEvents,
} from '../../src/contract/socket-events';

export const API = '/api/v1.0';

export interface Member {
  id: string;
  token: string;
  headers: { authorization: string };
}

export async function member(app: App): Promise<Member> {
  const tag = randomUUID().slice(0, 8);
  const res = await app.inject({
    method: 'POST',
    url: `${API}/auth/signup`,
    payload: {
      email: `garage-${tag}@example.com`,
      password: 'Vintage-Camshaft-1987!',
      username: `garage_${tag}`,
      firstName: 'Gus',
      lastName: 'Garage',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { token, user } = res.json<{ data: { token: string; user: { id: string } } }>().data;
  return { id: user.id, token, headers: { authorization: `Bearer ${token}` } };
}

export const carBody = (overrides: Record<string, unknown> = {}) => ({
  make: 'Alpine',
  model: 'A110',
  year: 1973,
  nickname: 'Berlinette',
  energyType: 'gasoline',
  gearboxType: 'manual',
  upholsteryMaterial: 'leather',
  mileage: 84_000,
  ...overrides,
});

export async function createCar(
  app: App,
  who: Member,
  overrides: Record<string, unknown> = {},
): Promise<Car> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/cars`,
    headers: who.headers,
    payload: carBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Car }>().data;
}

export const logBody = (carId: string, overrides: Record<string, unknown> = {}) => ({
  carId,
  type: 'maintenance',
  title: 'Oil change',
  content: '<p>5W-40 and a new filter</p>',
  location: 'Garage du Port',
  tags: ['oil', 'filter'],
  cost: 89.9,
  currencyCode: 'EUR',
  startDate: '2025-03-14',
  mileage: 84_500,
  ...overrides,
});

export async function createLog(
  app: App,
  who: Member,
  carId: string,
  overrides: Record<string, unknown> = {},
): Promise<CarLog> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/car-logs`,
    headers: who.headers,
    payload: logBody(carId, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: CarLog }>().data;
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client of `who`, connected to a listening app. */
export async function socketOf(url: string, who: Member): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    auth: { token: who.token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every notification the socket receives from now on. */
export function collect(socket: ClientSocket): NotificationEvent[] {
  const events: NotificationEvent[] = [];
  socket.on('notification', (e) => events.push(e));
  return events;
}

/** Waits until `events` holds `count` entries (or fails after `ms`: a limit for a loaded machine, not a measure). */
export async function received(
  events: NotificationEvent[],
  count: number,
  ms = 20_000,
): Promise<NotificationEvent[]> {
  const deadline = Date.now() + ms;
  while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(events).toHaveLength(count);
  return events;
}

export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Plain text of exactly `n` characters wrapped in a Quill paragraph with formatting. */
export const richTextOf = (n: number) => `<p><strong>${'a'.repeat(n - 1)}</strong><em>b</em></p>`;
