// Checks shared by the car and car log services: settings keys and rich text.
import { badRequest } from '../http/errors';
import type { SettingsDomain } from '../../../src/contract/settings';
import { sanitizeRichText } from '../http/rich-text';

interface SettingsLookup {
  has(domainId: string, key: string): Promise<boolean>;
}

/** [field, domain, value]; null and undefined values are not checked (the field is empty). */
export type SettingCheck = [field: string, domain: SettingsDomain, value: string | null | undefined];

/** 400 naming every field whose value is not a key of its settings domain. */
export async function checkSettings(settings: SettingsLookup, checks: SettingCheck[]): Promise<void> {
  const results = await Promise.all(
    checks.map(async ([field, domain, value]) =>
      value === null || value === undefined || (await settings.has(domain, value)) ? null : { field, domain },
    ),
  );
  const failed = results.filter((r) => r !== null);
  if (failed.length > 0) {
    throw badRequest(
      'Some fields are missing or invalid.',
      failed.map(({ field, domain }) => ({
        field: `body.${field}`,
        message: `must be a key of the ${domain} settings`,
      })),
    );
  }
}

/** Sanitised HTML, or 400 when its text is longer than `maxText` characters. */
export function cleanRichText(field: string, html: string | null, maxText: number): string | null {
  if (html === null) return null;
  const clean = sanitizeRichText(html);
  if (clean.textLength > maxText) {
    throw badRequest('Some fields are missing or invalid.', [
      { field: `body.${field}`, message: `must not have more than ${maxText} characters of text` },
    ]);
  }
  return clean.html;
}
