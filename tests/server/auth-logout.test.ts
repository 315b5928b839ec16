import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { API, bearer, getMe, refresh, signup } from './auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /auth/logout', () => {
  const logout = (headers: Record<string, string> = {}, payload?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });

  it('revokes the Bearer session: its access and refresh tokens stop working', async () => {
    const { session } = await signup(t.app);
    const res = await logout(bearer(session.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: {} });
    expect((await getMe(t.app, session.token)).statusCode).toBe(401);
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
  });

  it("leaves the member's other sessions alone", async () => {
    const { body, session } = await signup(t.app);
    const other = (
      await t.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email: body.email, password: body.password },
      })
    ).json().data;
    await logout(bearer(session.token));
    expect((await getMe(t.app, other.token)).statusCode).toBe(200);
  });

  it('revokes the family of a refresh token sent in the body', async () => {
    const { session } = await signup(t.app);
    const res = await logout(
      { 'content-type': 'application/json' },
      JSON.stringify({ refreshToken: session.refreshToken }),
    );
    expect(res.statusCode).toBe(200);
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    expect((await getMe(t.app, session.token)).statusCode).toBe(401);
  });

  it.each([
    ['no token, no body', {}, undefined],
    ['an invalid token', bearer('garbage'), undefined],
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['malformed JSON', { 'content-type': 'application/json' }, '{oops'],
  ])('answers 200 with %s', async (_name, headers, payload) => {
    const res = await logout(headers, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: {} });
  });
});
