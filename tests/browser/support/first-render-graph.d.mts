export const FIRST_RENDER_BUDGET_BYTES: number;
export const FIRST_POST_BUDGET_BYTES: number;
export interface RootSpec {
  label: string;
  key: RegExp;
}
export const FIRST_RENDER_ROOTS: RootSpec[];
export const FIRST_POST_ROOTS: RootSpec[];
export const FIRST_CONTENT_ROOTS: RootSpec[];
export function containsQuill(file: string, source: string): boolean;
export function containsDexie(file: string): boolean;
export interface GraphFile {
  path: string;
  raw: number;
  gzip: number;
  quill: boolean;
  dexie: boolean;
}
export interface GraphJs {
  roots: { label: string; key: string; file: string }[];
  files: GraphFile[];
  totalGzip: number;
  totalRaw: number;
  quillFiles: string[];
  dexieFiles: string[];
}
export function jsFromManifest(rootSpecs?: RootSpec[], distDir?: string): GraphJs;
