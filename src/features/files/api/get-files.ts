import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isNetworkError } from '@/lib/http/api-client';
import { shouldRetry } from '@/lib/query/query-client';

/** What uses a file (server/src/media/media-schemas.ts FileUse). */
export type FileUse = { type: 'car' | 'car log' | 'post'; id: string };
/** One of my files (server/src/media/media-schemas.ts FileItem). */
export interface FileItem {
  id: string;
  kind: 'image' | 'pdf';
  mime: string;
  size: number;
  name: string;
  url: string;
  createdAt: string;
  usedBy: FileUse[];
}
export interface MyFiles {
  items: FileItem[];
  totalBytes: number;
  quotaBytes: number;
}

/** GET /files: my files, what uses each, and my storage quota (in `meta`). */
export async function getFiles(): Promise<MyFiles> {
  const body = await apiFetch<FileItem[]>('/files');
  const meta = (body.meta ?? {}) as unknown as Partial<Pick<MyFiles, 'totalBytes' | 'quotaBytes'>>;
  return { items: body.data, totalBytes: meta.totalBytes ?? 0, quotaBytes: meta.quotaBytes ?? 0 };
}

export const filesQueryKey = ['files'] as const;

export const filesQueryOptions = () =>
  queryOptions({
    queryKey: filesQueryKey,
    queryFn: getFiles,
    // Offline, asking again only delays the "needs a connection" state.
    retry: (count, error) => !isNetworkError(error) && shouldRetry(count, error),
  });

export function useFiles() {
  return useQuery(filesQueryOptions());
}
