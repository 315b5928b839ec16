export interface LoginPageParts {
  /** react-dom/server output for #root. */
  markup: string;
  /** The prerendered route, written as #root's data-prerendered. */
  path: string;
  /** CSS files (relative to the client dir) the markup needs, beyond index.html's own. */
  css: string[];
  /** The boot script's URL. */
  bootUrl: string;
  /** The page's language: its <html lang> and the catalog among its hints (default fr-FR). */
  locale?: 'en-US' | 'fr-FR';
}
export function toLoginPage(index: string, parts: LoginPageParts): string;
/** login.html for the default locale, login.<locale>.html for the others. */
export function loginPageFile(locale: 'en-US' | 'fr-FR'): string;
/** Writes every language's page; answers each page's size in bytes by locale. */
export function prerenderLogin(clientDir: string, css?: string[]): Promise<Record<string, number>>;
