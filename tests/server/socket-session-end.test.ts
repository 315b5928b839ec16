// Ending a session ends its live sockets at once: a signed-out device stops receiving
// notifications without waiting for its access token to expire.
import { readdirSync, readFileSync } from 'node:fs';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/contract/socket-events';
import { API, bearer, login, signup, STRONG_PASSWORD } from './auth-fixtures';
import { createTestApp, type TestApp } from './helpers';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('sockets follow their session', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  async function open(token: string): Promise<ClientSocket> {
    const socket: ClientSocket = connect(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }
  // The reason the server closed the socket, or null if it stayed open for `ms`.
  const closedByServer = (socket: ClientSocket, ms = 20_000) =>
    new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ms);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  it('logout closes that session’s socket and leaves the member’s other devices connected', async () => {
    const { body, session: phone } = await signup(t.app);
    const laptop = (await login(t.app, body.email, body.password)).json().data;
    const phoneSocket = await open(phone.token);
    const laptopSocket = await open(laptop.token);
    const phoneClosed = closedByServer(phoneSocket);
    let laptopClosed: string | null = null;
    laptopSocket.once('disconnect', (reason) => (laptopClosed = reason));

    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: bearer(phone.token),
    });
    expect(res.statusCode).toBe(200);

    expect(await phoneClosed).toBe('io server disconnect');
    // The laptop still hears the member's events after the logout (a state, not a pause).
    const heard = new Promise((resolve) => laptopSocket.once('notification', resolve));
    t.app.realtime.notify(phone.user.id, {
      id: 'after-logout',
      type: 'friend',
      jsonPayload: { relatedFriendId: phone.user.id },
      createdAt: new Date().toISOString(),
    });
    await heard;
    expect(laptopClosed).toBeNull();
    expect(laptopSocket.connected).toBe(true);
    laptopSocket.disconnect();
  });

  it('a password reset closes every socket of the member', async () => {
    const { body, session } = await signup(t.app);
    const other = (await login(t.app, body.email, STRONG_PASSWORD)).json().data;
    const sockets = [await open(session.token), await open(other.token)];
    const closed = sockets.map((s) => closedByServer(s));

    await t.app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password`,
      payload: { email: body.email },
    });
    const resetToken = await resetTokenFromMail(t, body.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/reset-password`,
      payload: { token: resetToken, newPassword: 'Another-Gearbox-2024!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
  });
});

/** The token of the reset link mailed to `email` (written to DATA_DIR/mail without SMTP). */
async function resetTokenFromMail(t: TestApp, email: string): Promise<string> {
  const dir = `${t.dataDir}/mail`;
  for (let i = 0; i < 100; i++) {
    try {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
        const text = readFileSync(`${dir}/${file}`, 'utf8');
        const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
        if (text.includes(email) && match?.[1]) return match[1];
      }
    } catch {
      // the mail folder appears with the first mail
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no reset mail for ${email}`);
}
