// A car's papers (docs/SPEC-NOTES.md "A car's home"): the registration certificate, the insurance
// card, an inspection report, as photos or PDFs attached to the car. GET /cars/{id}/papers (kept
// on the device, so the list shows offline), POST one (multipart: `kind`, then the `file`) and
// DELETE /cars/{id}/papers/{paperId}. Uploads and deletions are sent now, online only: the outbox
// carries a car's and a log's files, not these.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload, isNetworkError } from '@/lib/http/api-client';
import { shouldRetry } from '@/lib/query/query-client';

export const CAR_PAPER_KINDS = ['registration', 'insurance', 'inspection', 'other'] as const;
export type CarPaperKind = (typeof CAR_PAPER_KINDS)[number];

/** One paper as the server answers it. */
export interface CarPaper {
  id: string;
  kind: CarPaperKind;
  url: string;
  contentType: string;
  width: number | null;
  height: number | null;
  createdAt: string;
}

export const carPapersKey = (carId: string) => ['garage', 'car-papers', carId] as const;

const path = (carId: string) => `/cars/${encodeURIComponent(carId)}/papers`;

export function getCarPapers(carId: string, signal?: AbortSignal): Promise<CarPaper[]> {
  return api.get<CarPaper[]>(path(carId), { signal });
}

export function uploadCarPaper(
  carId: string,
  kind: CarPaperKind,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<CarPaper> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return apiUpload<CarPaper>(path(carId), form, { onProgress });
}

export function deleteCarPaper(carId: string, paperId: string): Promise<unknown> {
  return api.delete<unknown>(`${path(carId)}/${encodeURIComponent(paperId)}`);
}

/** The car's papers, kept on the device between visits (a small list: persisted). */
export function useCarPapers(carId: string) {
  return useQuery({
    queryKey: carPapersKey(carId),
    queryFn: ({ signal }) => getCarPapers(carId, signal),
    meta: { persist: true },
    // Offline, asking again only delays the kept list's "needs a connection" line.
    retry: (count, error) => !isNetworkError(error) && shouldRetry(count, error),
  });
}

export function useAddCarPaper(carId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: CarPaperKind; file: File }) => uploadCarPaper(carId, kind, file),
    onSuccess: (paper) => {
      client.setQueryData<CarPaper[]>(carPapersKey(carId), (list) => [
        ...(list ?? []).filter((p) => p.id !== paper.id),
        paper,
      ]);
      void client.invalidateQueries({ queryKey: carPapersKey(carId) });
    },
  });
}

export function useDeleteCarPaper(carId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paperId: string) => deleteCarPaper(carId, paperId),
    onSuccess: (_answer, paperId) => {
      client.setQueryData<CarPaper[]>(carPapersKey(carId), (list) =>
        (list ?? []).filter((p) => p.id !== paperId),
      );
      void client.invalidateQueries({ queryKey: carPapersKey(carId) });
    },
  });
}
