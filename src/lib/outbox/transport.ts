// Sends one outbox entry. Not apiFetch: the replayer must classify errors itself (apiFetch's
// catalogue signs out on 401 and toasts 429, both wrong for a background queue).
import { API_BASE } from '../http/api-base';
import { readErrorAnswer } from '../http/api-error-catalogue';
import { ApiError, NetworkError } from '../http/api-errors';
import { reportAnswerStatus, reportUnreachable } from '../network/reachability';
import { isTokenExpired, tokenStore } from '../auth/token';
import { db as defaultDb, type PaddockDb } from '../db';
import { currentLocale } from '../i18n/core';
import type { OutboxBody, OutboxEntry } from './types';
import { setUploadProgress } from './upload-progress';

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

/**
 * A multipart request through XMLHttpRequest, the one browser API that reports upload progress
 * (fetch cannot for a FormData body). The answer is turned into a Response for the shared reader.
 */
function sendForm(
  url: string,
  method: string,
  headers: Record<string, string>,
  form: BodyInit,
  onProgress: (loaded: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const answerHeaders = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) answerHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(
        new Response(empty ? null : (xhr.responseText as string), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: answerHeaders,
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new TypeError('Network request aborted'));
    xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
    xhr.send(form as XMLHttpRequestBodyInit);
  });
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
    'Accept-Language': currentLocale(),
    Authorization: `Bearer ${token}`,
    [IDEMPOTENCY_HEADER]: entry.idempotencyKey ?? entry.id,
  };
  if (contentType) headers['Content-Type'] = contentType;
  const url = `${API_BASE}${entry.path}`;
  const progressKey = entry.entityId ?? entry.id;
  let response: Response;
  try {
    response =
      body instanceof FormData && typeof XMLHttpRequest === 'function'
        ? await sendForm(url, entry.method, headers, body, (loaded, total) =>
            setUploadProgress(progressKey, { loaded, total }),
          )
        : await fetch(url, { method: entry.method, headers, body });
  } catch (cause) {
    reportUnreachable();
    throw new NetworkError(`${entry.method} ${entry.path} could not reach the server`, { cause });
  } finally {
    setUploadProgress(progressKey, null);
  }
  reportAnswerStatus(response.status);
  if (!response.ok) throw (await readErrorAnswer(response)).error;
  if (response.status === 204) return undefined;
  const parsed: unknown = await response.json().catch(() => null);
  return (parsed as { data?: unknown } | null)?.data;
}
