// Serving one attached photo (a post's, a message's, a chat line's) once its feature has checked
// who asks: the bytes from the media store, or 404 when the row outlived its file.
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { notFound } from '../http/errors';
import { sendFileStream } from '../http/file-reply';
import type { MediaRow } from './media-repository';
import { fsErrorCode, mediaStorage } from './media-storage';
import type { ObjectStore, StoredObject } from './object-store';

export async function sendAttachedImage(
  reply: FastifyReply,
  {
    store,
    log,
    row,
    fileName,
  }: { store: ObjectStore; log: FastifyBaseLogger; row: MediaRow; fileName: string },
) {
  let object: StoredObject;
  try {
    object = await mediaStorage(store).open(row.storage_key);
  } catch (error) {
    // The row outlived its file (a restored database, a hand-cleaned disk): the image is gone.
    if (fsErrorCode(error) !== 'ENOENT') throw error;
    log.warn({ mediaId: row.id, storageKey: row.storage_key }, 'attached image missing from the store');
    throw notFound('Image');
  }
  return sendFileStream(reply, { mime: row.mime, fileName, ...object });
}
