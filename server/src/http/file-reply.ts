// Answers stored bytes (a file, a post image, an avatar) with the headers every such answer needs.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends the bytes inline under a server-made file name; `immutable`: the URL never names other
 * bytes, so the browser may keep them for good (otherwise it asks again each time).
 */
export function sendFileBytes(
  reply: FastifyReply,
  file: { mime: string; fileName: string; bytes: Buffer; immutable?: boolean },
) {
  return fileHeaders(reply, file).send(file.bytes);
}

/**
 * Streams a stored object (from DATA_DIR or the bucket, never buffered whole) with the
 * same headers as `sendFileBytes` and its length.
 */
export function sendFileStream(
  reply: FastifyReply,
  file: { mime: string; fileName: string; body: Readable; size: number; immutable?: boolean },
) {
  if (file.size > 0) reply.header('Content-Length', String(file.size));
  return fileHeaders(reply, file).send(file.body);
}

function fileHeaders(reply: FastifyReply, file: { mime: string; fileName: string; immutable?: boolean }) {
  return reply
    .type(file.mime)
    .header('Content-Disposition', `inline; filename="${file.fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Cache-Control',
      file.immutable === false ? 'private, no-cache' : 'private, max-age=31536000, immutable',
    );
}
