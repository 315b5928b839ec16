// Reads the mails the server writes to DATA_DIR/mail/*.eml when SMTP_URL is unset.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Undoes the transfer encodings nodemailer uses: quoted-printable and base64 parts. */
export function decodeMail(raw: string): string {
  const parts = [
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  ];
  for (const match of raw.matchAll(
    /Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  )) {
    parts.push(Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return parts.join('\n');
}

/** Waits for a mail to `to` in `dataDir/mail` and returns its decoded text. */
export async function waitForMail(dataDir: string, to: string, timeoutMs = 15_000): Promise<string> {
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
