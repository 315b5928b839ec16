import { apiDownload, type DownloadedFile } from '@/lib/http/api-client';

/** GET /users/me/export: the ZIP of everything I own, with the bytes received as it streams. */
export function exportMyData(
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return apiDownload('/users/me/export', { onProgress, ...(signal ? { signal } : {}) });
}

/** Hands a downloaded file to the browser, which saves it under `fileName`. */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the bytes over; the URL may go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
