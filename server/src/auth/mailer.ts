import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** One header line (CR/LF cannot start another header); RFC 2047 for non-ASCII (French subjects). */
function encodeHeader(value: string): string {
  const line = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes `${dataDir}/mail/<timestamp>-<uuid>.eml`,
 * so a small install works without a mail server. Only the file's path is logged: the body may
 * hold a secret link.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    // nodemailer is loaded only with SMTP_URL (the file mailer needs none of it).
    const { createTransport } = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
    const transport = createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        log.info('mail sent through SMTP');
      },
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      const eml = [
        `To: ${encodeHeader(mail.to)}`,
        `From: ${encodeHeader(config.mailFrom)}`,
        `Subject: ${encodeHeader(mail.subject)}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        mail.text,
      ].join('\r\n');
      // Written aside then renamed: a reader never sees a half-written mail.
      await writeFile(`${file}.partial`, eml, { mode: 0o600 });
      await rename(`${file}.partial`, file);
      log.info({ path: file }, 'mail written to a file (no SMTP_URL configured)');
    },
  };
}
