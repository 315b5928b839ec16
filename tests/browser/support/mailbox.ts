// Reads the mails the server writes to DATA_DIR/mail/*.eml when SMTP_URL is unset.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STEP_TIMEOUT_MS } from '../harness';

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * The mail's text, each MIME part decoded by its own Content-Transfer-Encoding (quoted-printable,
 * base64, or as is): decoding a 7bit part as quoted-printable would corrupt a token like "=E8…".
 */
export function decodeMail(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const split = /\r?\n\r?\n/.exec(part);
      if (!split) return part;
      const headers = part.slice(0, split.index);
      const body = part.slice(split.index + split[0].length);
      const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
      if (encoding === 'quoted-printable') return `${headers}\n\n${decodeQuotedPrintable(body)}`;
      if (encoding === 'base64')
        return `${headers}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      return part;
    })
    .join('\n');
}

/** Waits for a mail to `to` in `dataDir/mail` and returns its decoded text. */
export async function waitForMail(dataDir: string, to: string, timeoutMs = STEP_TIMEOUT_MS): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(dir)) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
        const text = decodeMail(readFileSync(path.join(dir, name), 'utf8'));
        if (text.toLowerCase().includes(to.toLowerCase())) return text;
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in ${dir} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in `mail` to `${baseUrl}/reset-password…`. */
export function resetLink(mail: string, baseUrl: string): string {
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password[^\\s"'<>)\\]]*`).exec(mail);
  if (!match) throw new Error(`No ${baseUrl}/reset-password link in the mail:\n${mail}`);
  return match[0].replace(/&amp;/g, '&');
}
