// What every offline feature's local rows share. Dependency-free: the entry may read it.

/** undefined = on the server; 'pending' = unsent writes; 'failed' = a write needs attention. */
export type SyncState = 'pending' | 'failed' | undefined;

/** A file not uploaded yet is shown from its local blob: its url is `local:<blobId>`. */
export const LOCAL_MEDIA_PREFIX = 'local:';
export const isLocalMediaUrl = (url: string) => url.startsWith(LOCAL_MEDIA_PREFIX);
export const localMediaUrl = (blobId: string) => `${LOCAL_MEDIA_PREFIX}${blobId}`;
