import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import {
  API,
  eventually,
  firstResetToken,
  getMe,
  mailFiles as listMails,
  login,
  refresh,
  signup,
  STRONG_PASSWORD,
} from './auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Rebuilt-Gearbox-2024!';
const mailDir = () => path.join(t.dataDir, 'mail');
const mailFiles = () => listMails(t.dataDir);

const forgot = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { email }, headers });
const validate = (token: string) =>
  t.app.inject({ method: 'GET', url: `${API}/auth/validate-reset-token/${encodeURIComponent(token)}` });
const reset = (token: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: `${API}/auth/reset-password`, payload: { token, newPassword } });

/** Asks for a reset and reads the mail that arrives for `email`; answers the token and the mail. */
async function requestReset(email: string, headers: Record<string, string> = {}) {
  const before = new Set(mailFiles());
  const res = await forgot(email, headers);
  expect(res.statusCode).toBe(200);
  // Mails are sent after the reply, so an earlier test's mail may still arrive now: match the recipient.
  const file = await eventually(() =>
    mailFiles().find(
      (f) =>
        !before.has(f) &&
        new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').test(
          readFileSync(path.join(mailDir(), f), 'utf8'),
        ),
    ),
  );
  expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.eml$/);
  const mail = readFileSync(path.join(mailDir(), file), 'utf8');
  const link = mail
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${t.config.publicUrl}/reset-password?token=`));
  expect(link, mail).toBeDefined();
  return { token: new URL(link!).searchParams.get('token')!, mail };
}

describe('POST /auth/forgot-password', () => {
  it('answers known and unknown e-mails with the same status and body', async () => {
    const { body } = await signup(t.app);
    const known = await forgot(body.email);
    const unknown = await forgot('nobody-at-all@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({
      success: true,
      data: { message: expect.stringMatching(/If an account exists/) },
    });
  });

  it('writes a French mail by default, with the link alone on its line, and no mail for unknown e-mails', async () => {
    const { body } = await signup(t.app);
    const { mail, token } = await requestReset(body.email);
    const [head] = mail.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^To: ${body.email}$`, 'm'));
    expect(head).toMatch(/^From: .+$/m);
    expect(head).toMatch(/^Date: .+$/m);
    const subject = /^Subject: =\?UTF-8\?B\?(.+)\?=$/m.exec(head!)![1]!;
    expect(Buffer.from(subject, 'base64').toString('utf8')).toBe('Réinitialisez votre mot de passe Paddock');
    expect(mail).toContain('dans les 60 minutes');
    expect(token.length).toBeGreaterThanOrEqual(43);
    await forgot('ghost@example.com');
    // A later request's mail is written: by then, a mail to the ghost would have been too.
    const later = await signup(t.app);
    await requestReset(later.body.email);
    const recipients = mailFiles().map(
      (f) => /^To: (.+)$/m.exec(readFileSync(path.join(mailDir(), f), 'utf8'))?.[1],
    );
    expect(recipients).toContain(body.email);
    expect(recipients).not.toContain('ghost@example.com');
  });

  it('writes the mail in English for an English Accept-Language', async () => {
    const { body } = await signup(t.app);
    const { mail } = await requestReset(body.email, { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' });
    expect(mail).toMatch(/^Subject: Reset your Paddock password$/m);
    expect(mail).toContain('within 60 minutes');
  });

  it('refuses a missing e-mail with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('reset token', () => {
  it('is valid for one hour and stored only as a hash', async () => {
    expect(t.config.resetTokenTtlSeconds).toBe(3600);
    const { body, session } = await signup(t.app);
    const { token } = await requestReset(body.email);
    const row = await t.app.db.kysely
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(Math.round((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 1000)).toBe(3600);
    expect((await validate(token)).json()).toEqual({ success: true, data: { valid: true } });
  });

  it('is refused when unknown, expired or used', async () => {
    const { body, session } = await signup(t.app);
    const { token } = await requestReset(body.email);
    const invalid = { success: false, error: { code: 'INVALID_RESET_TOKEN', message: expect.any(String) } };
    expect((await validate('no-such-token')).json()).toEqual(invalid);
    expect((await validate('no-such-token')).statusCode).toBe(400);
    expect((await reset('no-such-token')).json()).toEqual(invalid);

    await t.app.db.kysely
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', session.user.id)
      .execute();
    expect((await validate(token)).statusCode).toBe(400);
    const expired = await reset(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('expires after RESET_TOKEN_TTL_SECONDS', async () => {
    const short = await createTestApp({ RESET_TOKEN_TTL_SECONDS: '2' });
    try {
      const { body, session } = await signup(short.app);
      await short.app.inject({
        method: 'POST',
        url: `${API}/auth/forgot-password`,
        payload: { email: body.email },
      });
      const token = await firstResetToken(short.dataDir);
      const row = await short.app.db.kysely
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('user_id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      expect(Math.round((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 1000)).toBe(2);
      const wait = Date.parse(row.expires_at) - Date.now() + 50;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const url = `${API}/auth/validate-reset-token/${token}`;
      expect((await short.app.inject({ method: 'GET', url })).statusCode).toBe(400);
    } finally {
      await short.close();
    }
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, works once, and ends every session', async () => {
    const { body, session } = await signup(t.app);
    const second = (await login(t.app, body.email, STRONG_PASSWORD)).json().data;
    const { token } = await requestReset(body.email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { message: expect.any(String) } });

    expect((await login(t.app, body.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, body.email, NEW_PASSWORD)).statusCode).toBe(200);
    for (const s of [session, second]) {
      expect((await getMe(t.app, s.token)).statusCode).toBe(401);
      expect((await refresh(t.app, s.refreshToken)).statusCode).toBe(401);
    }
    const again = await reset(token, 'Another-Fresh-Pass-77');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('spends the other links sent to the member too', async () => {
    const { body } = await signup(t.app);
    const first = await requestReset(body.email);
    const secondLink = await requestReset(body.email);
    expect((await reset(secondLink.token)).statusCode).toBe(200);
    expect((await validate(first.token)).statusCode).toBe(400);
  });

  it('applies the password rules without spending the token', async () => {
    const { body } = await signup(t.app);
    const { token } = await requestReset(body.email);
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields).toEqual([{ field: 'newPassword', message: expect.any(String) }]);
    const tooShort = await reset(token, 'Ab1!xyz');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.code).toBe('VALIDATION_ERROR');
    expect((await validate(token)).statusCode).toBe(200);
  });
});
