export interface LoginPageParts {
  /** react-dom/server output for #root. */
  markup: string;
  /** The prerendered route, written as #root's data-prerendered. */
  path: string;
  /** CSS files (relative to the client dir) the markup needs, beyond index.html's own. */
  css: string[];
  /** The boot script's URL. */
  bootUrl: string;
}
export function toLoginPage(index: string, parts: LoginPageParts): string;
export function prerenderLogin(clientDir: string, css?: string[]): Promise<number>;
