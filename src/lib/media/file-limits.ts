// Upload limits the server enforces (server/src/media/media-processing.ts, from the same
// src/contract/constants.ts), checked before a file is even stored on the device: a file the server
// will refuse must not wait in the outbox for days.
import { formatNumber } from '@/lib/i18n';

/** Per file, 10 MiB; files per car log, 10. */
export { MAX_FILE_BYTES, MAX_FILES_PER_LOG } from '@/contract/constants';

/** Images (any kind the camera gives; the server re-encodes them) and PDF receipts. */
export const ATTACHMENT_ACCEPT = 'image/*,application/pdf';
export const IMAGE_ACCEPT = 'image/*';

export const isImageFile = (file: Blob): boolean => file.type.startsWith('image/');
export const isPdfFile = (file: Blob): boolean => file.type === 'application/pdf';
export const isAttachmentFile = (file: Blob): boolean => isImageFile(file) || isPdfFile(file);

const KB = 1024;
/** Intl's units, each 1024 times the one before (the app counts in binary, like the server's limits). */
const SIZE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size for people, in the current locale's words and a unit that fits, one decimal at most:
 * "0.8 kB", "12.5 kB", "10 MB", "1.5 GB" ("1,5 Go" in French). A value that would read 1,024 of a
 * unit moves up to the next one.
 */
export function formatBytes(bytes: number): string {
  let value = bytes / KB;
  let unit = 0;
  while (unit < SIZE_UNITS.length - 1 && Math.round(value * 10) / 10 >= KB) {
    value /= KB;
    unit += 1;
  }
  return formatNumber(value, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}
