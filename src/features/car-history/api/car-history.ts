// A car's history in and out: POST /cars/{id}/imports with upload progress, and
// GET /cars/{id}/export saved as a file. Online only: nothing here waits in the outbox.
import type { ImportDateFormat, ImportFormat, ImportResult } from '@/contract/imports';
import type { FuelUnit } from '@/contract/maintenance/units';
import { apiDownload, apiUpload } from '@/lib/http/api-client';

export interface ImportChoices {
  format?: ImportFormat;
  dateFormat?: ImportDateFormat;
  decimalSeparator?: '.' | ',';
  distanceUnit?: 'km' | 'mi';
  volumeUnit?: FuelUnit;
  /** Corrected odometer readings by line, as JSON (`{"7": 216190}`): typos the preview showed. */
  odometerFixes?: string;
}

export function importCarHistory(
  carId: string,
  file: File,
  choices: ImportChoices,
  {
    dryRun,
    skipErrors,
    onProgress,
  }: { dryRun: boolean; skipErrors: boolean; onProgress?: (fraction: number) => void },
): Promise<ImportResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(choices))
    if (typeof value === 'string' && value !== '') form.append(name, value);
  form.append('file', file, file.name);
  return apiUpload<ImportResult>(`/cars/${carId}/imports`, form, {
    query: { dryRun, onError: skipErrors ? 'skip' : 'abort' },
    onProgress,
  });
}

export type ExportChoice =
  { format: 'paddock'; kind: 'all' } | { format: 'lubelogger'; kind: 'fuel' | 'service' };

/** Downloads the CSV and hands it to the browser as a file. */
export async function downloadCarHistory(carId: string, { format, kind }: ExportChoice): Promise<void> {
  const { blob, fileName: filename } = await apiDownload(`/cars/${carId}/export`, {
    query: { format, kind },
  });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename ?? `paddock-${format}-${kind}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
