import { randomUUID } from 'node:crypto';
import { forbidden, notFound } from '../http/errors';
import {
  MEMBER_QUOTA_BYTES,
  processUpload,
  sanitiseName,
  tooLarge,
  type ProcessedFile,
} from './media-processing';
import type { MediaRepository, MediaRow } from './media-repository';
import { fsErrorCode, type MediaStorage, type StorageLog } from './media-storage';
import { mediaUrl } from './media-url';
import type { StoredObject } from './object-store';
import type { UploadedFile } from './multipart-body';

type Prepared = ProcessedFile & { name: string };

/** Files found missing from disk are told once each; past this many, the memory is reset. */
export const MISSING_FILES_REMEMBERED = 1000;

interface Deps {
  media: MediaRepository;
  storage: MediaStorage;
  log: StorageLog;
  quotaBytes?: number;
  /** Who else may read a file: the owner's friends see the photo of a car (not logs' files). */
  mayRead?: (memberId: string, row: MediaRow) => Promise<boolean>;
  /**
   * Whether the file's uploader may still delete it: a file belongs with the log or car that shows
   * it, so on another member's car only while their role there lets them change that log.
   */
  mayRemove?: (memberId: string, row: MediaRow) => Promise<boolean>;
  now?: () => Date;
}

export function mediaService({
  media,
  storage,
  log,
  quotaBytes = MEMBER_QUOTA_BYTES,
  mayRead = async () => false,
  mayRemove = async () => true,
  now = () => new Date(),
}: Deps) {
  // A vanished file is asked for again and again (every device, every reload): one line says it.
  const toldMissing = new Set<string>();
  function tellMissing(row: MediaRow) {
    if (toldMissing.has(row.id)) return;
    if (toldMissing.size >= MISSING_FILES_REMEMBERED) toldMissing.clear();
    toldMissing.add(row.id);
    log.warn({ mediaId: row.id, storageKey: row.storage_key }, 'media file missing from disk');
  }

  /** Takes back files just saved for a change that was then refused: rows and files. */
  async function discardSaved(rows: MediaRow[]): Promise<void> {
    for (const row of rows) await media.delete(row.id);
    await storage.discard(
      rows.map((r) => r.storage_key),
      log,
    );
  }

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

    /** Writes prepared files and their rows: all of them, or (on a failure) none. */
    async save(memberId: string, processed: Prepared[]): Promise<MediaRow[]> {
      const rows: MediaRow[] = [];
      let written: string | null = null;
      try {
        for (const p of processed) {
          written = await storage.save(p.bytes, p.kind);
          const row: MediaRow = {
            id: randomUUID(),
            owner_id: memberId,
            kind: p.kind,
            mime: p.mime,
            size_bytes: p.bytes.length,
            width: p.width,
            height: p.height,
            storage_key: written,
            original_name: p.name,
            created_at: now().toISOString(),
          };
          await media.insert(row);
          rows.push(row);
          written = null;
        }
      } catch (error) {
        // A full disk or a lost database half-way: nothing of this upload may stay as an orphan.
        if (written) await storage.discard([written], log);
        await discardSaved(rows).catch((err: unknown) =>
          log.warn({ code: fsErrorCode(err) }, 'an upload could not be taken back'),
        );
        throw error;
      }
      return rows;
    },

    async read(memberId: string, id: string): Promise<{ row: MediaRow; object: StoredObject }> {
      const found = await media.findById(id);
      // Another member's file answers like a missing one, unless they may see it.
      if (!found || (found.owner_id !== memberId && !(await mayRead(memberId, found))))
        throw notFound('File');
      const row = found;
      try {
        return { row, object: await storage.open(row.storage_key) };
      } catch (error) {
        // The row outlived its file (a restored database, a hand-cleaned disk): for the member the
        // file is simply gone. Other failures (permissions, I/O) stay server errors.
        if (fsErrorCode(error) !== 'ENOENT') throw error;
        tellMissing(row);
        throw notFound('File');
      }
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
      if (!(await mayRemove(memberId, row)))
        throw forbidden(
          "This file belongs with a log of another member's car that you may no longer change.",
        );
      await media.delete(id);
      await storage.discard([row.storage_key], log);
    },

    discardSaved,

    /** Links files just saved to a log; on a failure (the log deleted meanwhile) takes them back. */
    async linkToLog(carLogId: string, rows: MediaRow[]): Promise<void> {
      try {
        await media.linkToLog(
          carLogId,
          rows.map((r) => r.id),
        );
      } catch (error) {
        await discardSaved(rows);
        throw error;
      }
    },

    ownFile,
  };
}

export type MediaService = ReturnType<typeof mediaService>;

/**
 * Checks and saves the one image sent (if any), then runs `write` with its row (null when none was
 * sent). A write that throws (fields refused, e.g. an unknown setting) takes the file back: it
 * never stays as an orphan.
 */
export async function withSavedImage<T>(
  media: MediaService,
  memberId: string,
  files: UploadedFile[],
  write: (image: MediaRow | null) => Promise<T>,
): Promise<T> {
  const [image] = await media.save(memberId, await media.prepare(memberId, files, false));
  try {
    return await write(image ?? null);
  } catch (error) {
    if (image) await media.discardSaved([image]);
    throw error;
  }
}
