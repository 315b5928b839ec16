// The resale dossier: the car's history as a PDF, and its public read-only links.
// Online only: nothing here waits in the outbox.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DossierHideField, HistoryLink, HistoryLinkCreated } from '@/contract/dossier';
import { api, apiDownload } from '@/lib/http/api-client';

const linksKey = (carId: string) => ['garage', 'history-links', carId] as const;

/** What the owner chose for a dossier: the fields left out, and whether the plate is shown. */
export interface DossierChoices {
  hide: DossierHideField[];
  showPlate: boolean;
}

/** Downloads the PDF and hands it to the browser as a file. */
export async function downloadDossier(carId: string, { hide, showPlate }: DossierChoices): Promise<void> {
  const { blob, fileName } = await apiDownload(`/cars/${encodeURIComponent(carId)}/history.pdf`, {
    // The plate is left out unless asked (the server's default): the query says only a "yes".
    query: { ...(hide.length ? { hide: hide.join(',') } : {}), ...(showPlate ? { showPlate: true } : {}) },
  });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName ?? 'paddock-history.pdf';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useHistoryLinks(carId: string, enabled: boolean) {
  return useQuery({
    queryKey: linksKey(carId),
    queryFn: ({ signal }) =>
      api.get<HistoryLink[]>(`/cars/${encodeURIComponent(carId)}/history-links`, { signal }),
    enabled,
  });
}

export function useCreateHistoryLink(carId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hide, showPlate }: DossierChoices) =>
      api.post<HistoryLinkCreated>(`/cars/${encodeURIComponent(carId)}/history-links`, { hide, showPlate }),
    onSettled: () => client.invalidateQueries({ queryKey: linksKey(carId) }),
  });
}

export function useRevokeHistoryLink(carId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/history-links/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: linksKey(carId) }),
  });
}
