export const FIRST_RENDER_BUDGET_BYTES: number;
export const FIRST_POST_BUDGET_BYTES: number;
export const FEED_IDLE_BUDGET_BYTES: number;
export const FEED_IDLE_TARGET_BYTES: number;
export const FEED_STARTED_BUDGET_BYTES: number;
/** A manifest key, or (for a module folded into a shared chunk) the module the chunk holds. */
export type RootSpec =
  { label: string; key: RegExp; module?: undefined } | { label: string; module: RegExp; key?: undefined };
export const FIRST_RENDER_ROOTS: RootSpec[];
export const FIRST_POST_ROOTS: RootSpec[];
export const FIRST_CONTENT_ROOTS: RootSpec[];
export const FEED_IDLE_ROOTS: RootSpec[];
export const FEED_CARDS_ROOTS: RootSpec[];
export const DEVICE_DATA_ROOTS: RootSpec[];
export function chunkSources(file: string): string[];
export function containsQuill(file: string, source: string): boolean;
export function containsDexie(file: string): boolean;
export function containsTypebox(file: string): boolean;
export interface GraphFile {
  path: string;
  raw: number;
  gzip: number;
  quill: boolean;
  dexie: boolean;
  typebox: boolean;
  /** The sources its source map names. */
  modules: string[];
}
export interface GraphJs {
  roots: { label: string; key: string; file: string }[];
  files: GraphFile[];
  totalGzip: number;
  totalRaw: number;
  quillFiles: string[];
  dexieFiles: string[];
  typeboxFiles: string[];
}
export function jsFromManifest(rootSpecs?: RootSpec[], distDir?: string): GraphJs;
