import { randomUUID } from 'node:crypto';
import { notFound } from '../http/errors';
import {
  MEMBER_QUOTA_BYTES,
  processUpload,
  sanitiseName,
  tooLarge,
  type ProcessedFile,
} from './media-processing';
import type { MediaRepository, MediaRow } from './media-repository';
import type { MediaStorage } from './media-storage';
import { mediaUrl } from './media-url';
import type { UploadedFile } from './multipart-body';

type Prepared = ProcessedFile & { name: string };

interface Deps {
  media: MediaRepository;
  storage: MediaStorage;
  quotaBytes?: number;
  now?: () => Date;
}

export function mediaService({
  media,
  storage,
  quotaBytes = MEMBER_QUOTA_BYTES,
  now = () => new Date(),
}: Deps) {
  async function ownFile(memberId: string, id: string): Promise<MediaRow> {
    const row = await media.findById(id);
    // Another member's file answers like a missing one: ids cannot be probed.
    if (!row || row.owner_id !== memberId) throw notFound('File');
    return row;
  }

  return {
    /** Checks every file (content, size, quota) before anything is written. */
    async prepare(memberId: string, files: UploadedFile[], allowPdf: boolean): Promise<Prepared[]> {
      const processed: Prepared[] = [];
      for (const f of files)
        processed.push({ ...(await processUpload(f.bytes, allowPdf)), name: sanitiseName(f.filename) });
      const adding = processed.reduce((sum, p) => sum + p.bytes.length, 0);
      const used = await media.totalBytes(memberId);
      if (used + adding > quotaBytes)
        throw tooLarge(
          `This upload would pass your storage quota of ${quotaBytes / 1024 / 1024} MiB: delete some files first.`,
        );
      return processed;
    },

    /** Writes prepared files and their rows. */
    async save(memberId: string, processed: Prepared[]): Promise<MediaRow[]> {
      const rows: MediaRow[] = [];
      for (const p of processed) {
        const row: MediaRow = {
          id: randomUUID(),
          owner_id: memberId,
          kind: p.kind,
          mime: p.mime,
          size_bytes: p.bytes.length,
          width: p.width,
          height: p.height,
          storage_key: await storage.save(p.bytes, p.kind),
          original_name: p.name,
          created_at: now().toISOString(),
        };
        await media.insert(row);
        rows.push(row);
      }
      return rows;
    },

    async read(memberId: string, id: string): Promise<{ row: MediaRow; bytes: Buffer }> {
      const row = await ownFile(memberId, id);
      return { row, bytes: await storage.read(row.storage_key) };
    },

    async list(memberId: string) {
      const rows = await media.listByOwner(memberId);
      const uses = await media.uses(rows.map((r) => r.id));
      return {
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          mime: r.mime,
          size: Number(r.size_bytes),
          name: r.original_name,
          url: mediaUrl(r.id),
          createdAt: r.created_at,
          usedBy: uses.get(r.id) ?? [],
        })),
        totalBytes: rows.reduce((sum, r) => sum + Number(r.size_bytes), 0),
        quotaBytes,
      };
    },

    async remove(memberId: string, id: string): Promise<void> {
      const row = await ownFile(memberId, id);
      await media.delete(id);
      await storage.remove(row.storage_key);
    },

    ownFile,
  };
}

export type MediaService = ReturnType<typeof mediaService>;
