import type { LegalDocument, LegalType } from '../../../src/contract/auth';
import { TERMS_VERSION } from '../../../src/contract/trust';
import type { ServerLocale } from '../platform/locales';
import { PRIVACY } from './privacy-text';
import { TERMS } from './terms-text';

/**
 * Bump when a text changes: the client shows it as "last updated". The terms' version a sign-up
 * accepts (TERMS_VERSION, src/contract/trust.ts) is this date.
 */
export const LEGAL_UPDATED_AT = TERMS_VERSION;

export interface LegalText {
  title: string;
  paragraphs: string[];
}

const TEXTS: Record<LegalType, Record<ServerLocale, LegalText>> = { terms: TERMS, privacy: PRIVACY };

export function legalDocument(type: LegalType, locale: ServerLocale): LegalDocument {
  const { title, paragraphs } = TEXTS[type][locale];
  return { type, locale, title, updatedAt: LEGAL_UPDATED_AT, paragraphs };
}
