// Sends one outbox entry. Not apiFetch: the replayer must classify errors itself (apiFetch's
// catalogue signs out on 401 and toasts 429, both wrong for a background queue).
import { API_BASE } from '../api-base';
import { readErrorAnswer } from '../api-error-catalogue';
import { ApiError, NetworkError } from '../api-errors';
import { isTokenExpired, tokenStore } from '../auth/token';
import { db as defaultDb, type PaddockDb } from '../db';
import type { OutboxBody, OutboxEntry } from './types';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The code of an entry whose file is gone from the device: it needs the member's decision. */
export const FILE_MISSING = 'OUTBOX_FILE_MISSING';

async function encodeBody(
  body: OutboxBody | undefined,
  database: PaddockDb,
): Promise<{ body?: BodyInit; contentType?: string }> {
  if (!body) return {};
  if (body.type === 'json') return { body: JSON.stringify(body.json), contentType: 'application/json' };
  const form = new FormData();
  for (const part of body.parts) {
    if ('blobId' in part) {
      const row = await database.mediaBlobs.get(part.blobId);
      if (!row)
        throw new ApiError(
          400,
          FILE_MISSING,
          `The file ${part.filename ?? part.blobId} is no longer on this device`,
        );
      form.append(part.name, row.blob, part.filename ?? row.name);
    } else if (typeof part.value === 'string') form.append(part.name, part.value);
    else form.append(part.name, part.value, part.filename);
  }
  return { body: form }; // the browser sets the multipart boundary
}

/** Resolves with the envelope's `data`; rejects with ApiError or NetworkError. */
export async function sendEntry(entry: OutboxEntry, database: PaddockDb = defaultDb): Promise<unknown> {
  const token = tokenStore.getAccessToken();
  // An expired token would only earn a 401: ask for the refresh straight away.
  if (!token || isTokenExpired(token, { missingExpIsExpired: true })) {
    throw new ApiError(401, 'TOKEN_EXPIRED', 'Access token missing or expired');
  }
  const { body, contentType } = await encodeBody(entry.body, database);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    [IDEMPOTENCY_HEADER]: entry.idempotencyKey ?? entry.id,
  };
  if (contentType) headers['Content-Type'] = contentType;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${entry.path}`, { method: entry.method, headers, body });
  } catch (cause) {
    throw new NetworkError(`${entry.method} ${entry.path} could not reach the server`, { cause });
  }
  if (!response.ok) throw (await readErrorAnswer(response)).error;
  if (response.status === 204) return undefined;
  const parsed: unknown = await response.json().catch(() => null);
  return (parsed as { data?: unknown } | null)?.data;
}
