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
const MB = 1024 * KB;

/** A size for people, in the current locale's words: "0.8 kB", "12.5 kB", "10 MB" ("10 Mo" in French). */
export function formatBytes(bytes: number): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, 'megabyte'] : [bytes / KB, 'kilobyte'];
  return formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}
