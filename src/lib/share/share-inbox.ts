// What another app shared into Paddock (the manifest's share_target, docs/OFFLINE-FIRST.md): the
// service worker answers the share's POST without the network, keeps its photos and text here and
// sends the member to /share?id=…, where they choose a new post or a log of one of their cars.
//
// A small IndexedDB store of its own, not the member's Dexie database: the service worker does not
// know who is signed in (the share comes before any sign-in), and it must stay small (no Dexie, no
// app code). Files are kept as bytes with their name and type, which every IndexedDB clones. A
// share is discarded once a post or a log is saved from it, or 24 hours after it came.

const DB_NAME = 'paddock-share';
const STORE = 'shares';

/** How long an unused share is kept (24 hours). */
export const SHARE_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this many files of one share are kept (a post takes up to ten photos). */
export const SHARE_MAX_FILES = 10;
/** And each at most this big (the app's upload limit, src/lib/media/file-limits.ts). */
export const SHARE_MAX_FILE_BYTES = 10 * 1024 * 1024;

interface StoredFile {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

interface StoredShare {
  id: string;
  createdAt: number;
  title: string;
  text: string;
  url: string;
  files: StoredFile[];
}

/** A share as the app reads it. */
export interface SharedItem {
  id: string;
  createdAt: number;
  title: string;
  text: string;
  url: string;
  /** The shared images, in the order they were shared. */
  files: File[];
}

/** What a share brings: the manifest's params (title, text, url) and its image files. */
export interface IncomingShare {
  title?: string | null;
  text?: string | null;
  url?: string | null;
  files?: readonly Blob[];
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const req = factory.open(DB_NAME, 1);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  return request(req);
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => Promise<T>,
  factory: IDBFactory = indexedDB,
): Promise<T> {
  const db = await open(factory);
  try {
    const tx = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    const result = await run(tx.objectStore(STORE));
    await done;
    return result;
  } finally {
    db.close();
  }
}

const text = (value: string | null | undefined, max: number) =>
  typeof value === 'string' ? value.trim().slice(0, max) : '';

/** The images of a share that are kept: image/* only, at most ten, each within the upload limit. */
export function keptFiles(files: readonly Blob[]): Blob[] {
  return files
    .filter((f) => f.type.startsWith('image/') && f.size > 0 && f.size <= SHARE_MAX_FILE_BYTES)
    .slice(0, SHARE_MAX_FILES);
}

/** Reads a Blob's bytes (Blob.arrayBuffer, or FileReader where a DOM lacks it). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Keeps a share; resolves with its id. Older shares past their 24 hours go at the same time. */
export async function saveShare(
  incoming: IncomingShare,
  now = Date.now(),
  factory: IDBFactory = indexedDB,
): Promise<string> {
  const files = await Promise.all(
    keptFiles(incoming.files ?? []).map(async (blob, i) => ({
      name: text((blob as File).name, 200) || `photo-${i + 1}.${blob.type.split('/')[1] ?? 'jpg'}`,
      type: blob.type,
      bytes: await bytesOf(blob),
    })),
  );
  const share: StoredShare = {
    id: crypto.randomUUID(),
    createdAt: now,
    title: text(incoming.title, 500),
    text: text(incoming.text, 5000),
    url: text(incoming.url, 2000),
    files,
  };
  await withStore(
    'readwrite',
    async (store) => {
      await pruneIn(store, now);
      await request(store.put(share));
    },
    factory,
  );
  return share.id;
}

/** The share's fields from the POSTed form of the manifest's share_target. */
export function shareOfForm(form: FormData, filesParam = 'photos'): IncomingShare {
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : null;
  };
  return {
    title: field('title'),
    text: field('text'),
    url: field('url'),
    files: form.getAll(filesParam).filter((v): v is File => typeof v !== 'string'),
  };
}

async function pruneIn(store: IDBObjectStore, now: number): Promise<void> {
  const all = (await request(store.getAll())) as StoredShare[];
  await Promise.all(
    all.filter((s) => !(now - s.createdAt < SHARE_TTL_MS)).map((s) => request(store.delete(s.id))),
  );
}

/** The share kept under `id`, or null (unknown, already used, or past its 24 hours). */
export async function readShare(
  id: string,
  now = Date.now(),
  factory: IDBFactory = indexedDB,
): Promise<SharedItem | null> {
  const stored = await withStore(
    'readwrite',
    async (store) => {
      await pruneIn(store, now);
      return (await request(store.get(id))) as StoredShare | undefined;
    },
    factory,
  );
  if (!stored) return null;
  return {
    id: stored.id,
    createdAt: stored.createdAt,
    title: stored.title,
    text: stored.text,
    url: stored.url,
    files: stored.files.map((f) => new File([f.bytes], f.name, { type: f.type })),
  };
}

/** Forgets a share (a post or a log was saved from it). */
export async function discardShare(id: string, factory: IDBFactory = indexedDB): Promise<void> {
  await withStore('readwrite', (store) => request(store.delete(id)).then(() => undefined), factory);
}

/** Forgets every share kept on this device (a logout leaves nothing behind: docs/OFFLINE-FIRST.md). */
export async function forgetAllShares(factory: IDBFactory = indexedDB): Promise<void> {
  await withStore('readwrite', (store) => request(store.clear()).then(() => undefined), factory);
}
