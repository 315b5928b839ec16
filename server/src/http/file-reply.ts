// Answers stored bytes (a file, a post image, an avatar) with the headers every such answer needs.
import type { FastifyReply } from 'fastify';

/**
 * Sends the bytes inline under a server-made file name; `immutable`: the URL never names other
 * bytes, so the browser may keep them for good (otherwise it asks again each time).
 */
export function sendFileBytes(
  reply: FastifyReply,
  file: { mime: string; fileName: string; bytes: Buffer; immutable?: boolean },
) {
  return reply
    .type(file.mime)
    .header('Content-Disposition', `inline; filename="${file.fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Cache-Control',
      file.immutable === false ? 'private, no-cache' : 'private, max-age=31536000, immutable',
    )
    .send(file.bytes);
}
