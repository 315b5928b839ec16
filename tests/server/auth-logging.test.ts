import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import {
  API,
  bearer,
  firstResetToken,
  mailFiles,
  logCollector,
  login,
  refresh,
  signup,
  STRONG_PASSWORD,
} from './auth-fixtures';

let t: TestApp;
const log = logCollector();
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logger: { stream: log.stream } });
});
afterAll(async () => t.close());

describe('auth logging', () => {
  it('never writes a password, token or hash to the log', async () => {
    const { body, session } = await signup(t.app);
    const signedIn = (await login(t.app, body.email, STRONG_PASSWORD)).json().data;
    await login(t.app, body.email, 'Wrong-Password-123');
    const rotated = (await refresh(t.app, signedIn.refreshToken)).json().data;
    await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(rotated.accessToken) });

    await t.app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password`,
      payload: { email: body.email },
    });
    const resetToken = await firstResetToken(t.dataDir);
    const mailFile = path.join(t.dataDir, 'mail', mailFiles(t.dataDir)[0]!);
    await t.app.inject({ method: 'GET', url: `${API}/auth/validate-reset-token/${resetToken}` });
    const newPassword = 'Fresh-Clutch-Plate-55';
    await t.app.inject({
      method: 'POST',
      url: `${API}/auth/reset-password`,
      payload: { token: resetToken, newPassword },
    });
    await t.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(session.token) });

    const hashes = await t.app.db.kysely.selectFrom('users').select('password_hash').execute();
    const tokenHashes = await t.app.db.kysely.selectFrom('refresh_tokens').select('token_hash').execute();
    const secrets = [
      STRONG_PASSWORD,
      newPassword,
      'Wrong-Password-123',
      session.token,
      session.refreshToken,
      signedIn.token,
      signedIn.refreshToken,
      rotated.accessToken,
      rotated.refreshToken,
      resetToken,
      ...hashes.map((h) => h.password_hash!),
      ...tokenHashes.map((h) => h.token_hash),
    ];
    // The log did run at debug level and saw these requests and the mail file.
    expect(log.lines.some((l) => l.includes('/auth/reset-password'))).toBe(true);
    expect(log.lines.some((l) => l.includes(mailFile))).toBe(true);
    for (const secret of secrets) {
      const leaks = log.lines.filter((line) => line.includes(secret));
      expect(leaks, `secret found in log`).toEqual([]);
    }
  });
});
