// The shape of one outbox entry: a write the member made that the server has not confirmed yet.

/** 'sending' is only a hint for the UI; under the replay lock a leftover 'sending' is pending. */
export type OutboxStatus = 'pending' | 'sending' | 'failed';

/**
 * One multipart part. Blobs are stored in IndexedDB as they are (structured clone keeps them),
 * either inline (`value`) or, for files the screens also show before upload, by reference to a
 * `mediaBlobs` row (`blobId`), so each file is stored once.
 */
export type OutboxPart =
  | { name: string; value: string | Blob; filename?: string }
  | { name: string; blobId: string; filename?: string };

/** A JSON body, or a multipart body for files (a marker the transport turns into FormData). */
export type OutboxBody = { type: 'json'; json: unknown } | { type: 'form'; parts: OutboxPart[] };

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboxEntry {
  /** A client UUID, also sent as the Idempotency-Key: stable across every retry. */
  id: string;
  /** What the entry is (e.g. 'carLog.create'): selects the onSent handler. */
  kind: string;
  /** The id of the local row the entry writes (a car, a log…): rows show pending/failed by it. */
  entityId?: string;
  method: OutboxMethod;
  /** Path after API_BASE, e.g. '/cars/123/logs'. */
  path: string;
  body?: OutboxBody;
  /**
   * Set only when a 'failed' entry is retried or edited: the server remembers its 4xx answer under
   * the old key (and answers 422 for the old key with another body), so that key is spent. Creates
   * stay exactly-once through the client id in the body.
   */
  idempotencyKey?: string;
  /** Entries that must be sent first; if one needs attention this one stays blocked. */
  dependsOn?: string[];
  /** FIFO order key, strictly increasing (assigned inside the enqueue transaction). */
  seq: number;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: OutboxStatus;
  /** The server's message for a 'failed' entry, or the last transient error (never shown first). */
  lastError?: string;
  lastStatus?: number;
  /** The server's error code of the last answer: what the member reads is keyed by it. */
  lastCode?: string;
  /** The fields the server refused (400), by name: the panel names them in the member's words. */
  lastFields?: string[];
}

/** What a caller gives to enqueue; the engine fills in the bookkeeping. */
export type NewOutboxEntry = Pick<
  OutboxEntry,
  'kind' | 'method' | 'path' | 'body' | 'dependsOn' | 'entityId'
> & {
  id?: string;
};
