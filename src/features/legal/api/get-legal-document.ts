import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalDocument, LegalType } from '@/contract/auth';
import { api } from '@/lib/http/api-client';
import { useLocale } from '@/lib/i18n';

export function getLegalDocument(type: LegalType, locale: string): Promise<LegalDocument> {
  return api.get<LegalDocument>(`/legal/${type}`, { query: { locale } });
}

export const legalDocumentQueryOptions = (type: LegalType, locale: string) =>
  queryOptions({
    queryKey: ['legal', type, locale] as const,
    queryFn: () => getLegalDocument(type, locale),
    staleTime: 60 * 60_000,
  });

/** Follows the interface language: switching it loads the document in the new one. */
export function useLegalDocument(type: LegalType) {
  const locale = useLocale();
  return useQuery(legalDocumentQueryOptions(type, locale));
}
