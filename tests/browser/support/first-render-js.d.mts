import type { Browser, Page } from 'playwright-core';

export const FIRST_RENDER_BUDGET_BYTES: number;
export interface SeededSession {
  token: string;
  refreshToken: string;
  user: unknown;
  locale?: string;
}
export function seedSessionScript(session: SeededSession): string;
export interface ScriptFile {
  path: string;
  status: number;
  raw: number;
  gzip: number;
  quill: boolean;
}
export interface FirstRenderJs {
  totalGzip: number;
  totalRaw: number;
  files: ScriptFile[];
  quillFiles: string[];
  finalPath: string;
}
export function measureFirstRenderJs(
  browser: Browser,
  server: { baseUrl: string; clientDir: string },
  session: SeededSession,
  /** May resolve to the page's clock (performance.now()) at the frame that painted the screen. */
  waitForScreen: (page: Page) => Promise<void | number>,
  onPage?: (page: Page) => void | Promise<unknown>,
): Promise<FirstRenderJs>;
export function formatKiB(bytes: number): string;
